/**
 * What the demo model does with tools before (or instead of) answering: call a client function
 * (`#scenario:function-call`), search the web (`#scenario:web-search`, or any request that declares
 * the provider's web search tool), or run code (`#scenario:code`). Protocol-neutral: the Responses
 * and Messages builders turn it into their own items and blocks. Search results are on reserved
 * example domains (RFC 2606); nothing is fetched.
 */
import { demoAnswer } from './answer.ts';

export interface WebResult {
	url: string;
	title: string;
	/** The sentence of the answer that cites it. */
	citedText: string;
	pageAge: string;
}

/** A stretch of answer text, with the search result it cites (if any). */
export interface AnswerSegment {
	text: string;
	source: WebResult | null;
}

export type ToolActivity =
	| { kind: 'function-call'; name: string; arguments: string }
	| { kind: 'web-search'; query: string; results: WebResult[]; segments: AnswerSegment[] }
	| { kind: 'code'; code: string; stdout: string };

const WEATHER_ARGUMENTS = JSON.stringify({ location: 'Paris, France', unit: 'celsius' });

const DEMO_CODE = 'import statistics\nprint(statistics.mean([3, 5, 8, 13]))\n';
const DEMO_STDOUT = '7.25\n';

/** The prompt as a search query: scenario tokens left out, at most 80 characters. */
function searchQuery(prompt: string): string {
	const cleaned = prompt
		.replace(/#scenario:\S+/g, '')
		.replace(/\s+/g, ' ')
		.trim();
	return (cleaned === '' ? 'switchboard demo gateway' : cleaned).slice(0, 80);
}

function webSearch(prompt: string, model: string): ToolActivity {
	const results: WebResult[] = [
		{
			url: 'https://example.com/switchboard/demo-gateway',
			title: 'Demo gateway · Example Docs',
			citedText: 'The demo gateway answers every route with a real event stream.',
			pageAge: '2 days ago'
		},
		{
			url: 'https://example.org/reference/citations',
			title: 'Citations on reserved domains · Example Reference',
			citedText: 'Its search results point at reserved example domains, so nothing is fetched.',
			pageAge: '1 week ago'
		}
	];
	const query = searchQuery(prompt);
	const [first, second] = results as [WebResult, WebResult];
	return {
		kind: 'web-search',
		query,
		results,
		segments: [
			{ text: `A web search for “${query}” found two sources. `, source: null },
			{ text: first.citedText, source: first },
			{ text: ' ', source: null },
			{ text: second.citedText, source: second },
			{ text: `\n\n${demoAnswer(prompt, model)}`, source: null }
		]
	};
}

export interface ToolRequest {
	scenario: string | undefined;
	prompt: string;
	model: string;
	webSearchTool: boolean;
	afterToolOutput: boolean;
}

/**
 * The tool the demo uses for this request, if any. After a client tool's output the model answers
 * in text, so a client running the call loop reaches an answer.
 */
export function toolActivity(request: ToolRequest): ToolActivity | null {
	switch (request.scenario) {
		case 'function-call':
			return request.afterToolOutput
				? null
				: { kind: 'function-call', name: 'get_weather', arguments: WEATHER_ARGUMENTS };
		case 'web-search':
			return webSearch(request.prompt, request.model);
		case 'code':
			return { kind: 'code', code: DEMO_CODE, stdout: DEMO_STDOUT };
		case undefined:
		default:
			return request.webSearchTool ? webSearch(request.prompt, request.model) : null;
	}
}

/** The text that follows a code run. */
export function codeAnswer(prompt: string, model: string): string {
	return `The code printed 7.25: the mean of 3, 5, 8 and 13.\n\n${demoAnswer(prompt, model)}`;
}
