/**
 * The demo gateway's stream scenarios: what a turn says (content) and how its event stream is
 * delivered (pacing, cuts, stalls, in-stream failures, keep-alives, byte splitting).
 *
 * Bounded: every answer's text is small (`huge` at most MAX_LONG_ANSWER_KB, `bench` at most
 * MAX_BENCH_ANSWER_KB; model ids and attachment names are limited in request.ts and
 * attachments.ts), its wire events and their frames are made one at a time as the body is read
 * (streamPlan), and no stream is ever longer than MAX_STREAM_BYTES.
 */
import { BenchPacing, benchBytesPerMs } from './bench-pacing.ts';
import {
	benchAnswer,
	continuation,
	demoAnswer,
	demoReasoning,
	hugeAnswer,
	mathAnswer,
	multibyteAnswer,
	tokenize
} from './answer.ts';
import { longBenchAnswer } from './long-answer.ts';
import { messagesErrorEvent, messagesTurn } from './messages-events.ts';
import { drawDemoImage } from './png.ts';
import type { DemoRequest } from './request.ts';
import { attachmentsLine } from './attachments.ts';
import { codeAnswer, toolActivity } from './tool-activity.ts';
import {
	responsesErrorEvent,
	responsesFailedEvent,
	responsesTurn,
	type TurnContent,
	type WireEvent
} from './responses-events.ts';
import { frame, type Step } from './sse-player.ts';

/** Scenario names that shape a 200 answer, with what each does (the README lists these). */
export const STREAM_SCENARIOS = {
	slow: 'streams slowly: 250 ms between tokens (`slow:<ms>` to choose)',
	instant: 'streams with no pauses at all',
	stall:
		'stops sending anything after N events (`stall:<N>`; default: mid-answer), connection left open',
	cut: 'closes the stream mid-answer without its terminal event (`cut:<N>` events)',
	'failed-mid-stream':
		'text, then `response.failed` with upstream_error (Messages: `event: error`)',
	'error-mid-stream':
		'text, then an `error` event (insufficient_quota) and `response.failed` (Messages: `event: error` overloaded_error), then the stream ends',
	ping: '`: PING` keep-alive comments between events and during a quiet second and a half',
	multibyte: 'emoji, CJK and accents, every frame written in 5-byte pieces that split characters',
	huge: 'a huge markdown answer (`huge:<KB>`, default and at most 160 KB, so that its whole stream stays under the 8 MB cap on one answer) streamed as fast as possible',
	bench:
		'the render benchmark: a fixed 80 KB markdown answer (code, lists, tables) paced at 3,000 tokens/s of 3.15 bytes (`bench:<KB>` up to 320 KB, or `bench:<KB>_<tokens/s>`); `bench:<KB>_<tokens/s>_llm` is shaped like a long model answer (long code blocks in eight languages, nested lists, tables, prose). Over about 200 KB only the Messages route stays under the 8 MB cap',
	math: 'an answer with TeX math (inline `$…$` and `\\(…\\)`, display `$$` and `\\[…\\]` blocks), prices that stay text, and a mermaid diagram',
	image: 'an image_generation result even if the prompt does not ask for one (Responses routes)',
	reasoning: 'a reasoning summary / thinking block even if the request did not ask for one',
	incomplete:
		'stops half-way with `response.incomplete` (max_output_tokens; Messages: stop_reason max_tokens)',
	refusal: 'a refusal instead of an answer',
	'function-call':
		'answers with only a function call, get_weather with JSON arguments (Messages: a tool_use block, stop_reason tool_use); after its output, in text',
	'web-search':
		'searches the web first (web_search_call; Messages: server_tool_use + web_search_tool_result), then answers citing example.com and example.org (url_citation; Messages: citations). Also the default answer when the request declares the web search tool',
	code: 'runs code first (code_interpreter_call with logs; Messages: server_tool_use code_execution + code_execution_tool_result), then answers',
	'html-200': 'status 200 with an HTML page instead of an event stream',
	'empty-200': 'status 200 with an empty event-stream body',
	'connection-timeout':
		'never answers: the request hangs until the client gives up (its connect timeout)'
} as const;

const DEFAULT_DELTA_MS = 12;
const SLOW_DELTA_MS = 250;
const IMAGE_STEP_MS = 250;
const PING_QUIET_MS = 1500;
const PING_EVERY_MS = 250;
/**
 * Most bytes of event stream in one answer. Beyond it an answer ends with its route's failure
 * event (capEvent), so one request can never make more than this.
 */
export const MAX_STREAM_BYTES = 8 * 1024 * 1024;
/**
 * Largest `huge` answer, in KB of markdown: its whole stream fits in MAX_STREAM_BYTES on every
 * route (a Responses stream is about 43 bytes per byte of text: one frame per word, the text
 * again in the done events; Messages about 22).
 */
const MAX_LONG_ANSWER_KB = 160;
/**
 * Largest `bench` answer, in KB of markdown: the render benchmark's 300 KB answer. Its stream
 * fits in MAX_STREAM_BYTES on the Messages route (about 6.3 MB at 320 KB), the route the
 * benchmark uses; on the Responses routes an answer this long ends with the cap's failure event.
 */
const MAX_BENCH_ANSWER_KB = 320;
/** Unpaced frames leave in chunks of about this many bytes. */
const BATCH_BYTES = 8 * 1024;

const IMAGE_WORDS = /\b(draw|image|picture|paint|sketch|illustrat\w*|photo)\b/i;

function intArg(arg: string | null, fallback: number, max: number): number {
	const value = arg === null ? NaN : Number.parseInt(arg, 10);
	return Number.isFinite(value) && value >= 0 ? Math.min(value, max) : fallback;
}

export function turnContent(request: DemoRequest): TurnContent {
	const name = request.scenario?.name;
	const answer =
		name === 'multibyte'
			? multibyteAnswer()
			: name === 'math'
				? mathAnswer()
				: name === 'huge'
					? hugeAnswer(
							intArg(request.scenario?.arg ?? null, MAX_LONG_ANSWER_KB, MAX_LONG_ANSWER_KB) * 1024
						)
					: name === 'bench'
						? benchScenarioAnswer(request.scenario?.arg ?? null)
						: demoAnswer(request.prompt, request.model);
	const tool = toolActivity({
		scenario: name,
		prompt: request.prompt,
		model: request.model,
		webSearchTool: request.webSearchTool,
		afterToolOutput: request.afterToolOutput
	});
	const said =
		tool?.kind === 'web-search'
			? tool.segments.map((segment) => segment.text).join('')
			: tool?.kind === 'code'
				? codeAnswer(request.prompt, request.model)
				: tool?.kind === 'function-call'
					? ''
					: answer;
	const received = attachmentsLine(request.attachments);
	const text = continuation(received === '' ? said : `${received}\n\n${said}`, request.prefill);
	const wantsImage =
		request.route !== 'messages' &&
		(name === 'image' || (request.imageTool !== null && IMAGE_WORDS.test(request.prompt)));
	const partials = request.imageTool?.partialImages ?? 2;
	const image = wantsImage
		? {
				partials: Array.from({ length: partials }, (_, index) =>
					drawDemoImage(request.prompt, (index + 1) / (partials + 1)).toString('base64')
				),
				final: drawDemoImage(request.prompt).toString('base64'),
				outputFormat: 'png' as const
			}
		: null;
	return {
		text,
		reasoning: request.reasoning || name === 'reasoning' ? demoReasoning(request.prompt) : null,
		refusal: name === 'refusal' ? "I'm sorry, but I can't help with that request." : null,
		image,
		incompleteAfterTokens: name === 'incomplete' ? Math.floor(tokenize(text).length / 2) : null,
		tool,
		encryptedReasoning: request.encryptedInclude
	};
}

/**
 * The turn's wire events, made as they are taken; the generator returns the answer's body (what
 * a non-streaming request gets).
 */
export function turnEvents(request: DemoRequest): Generator<WireEvent, unknown> {
	const content = turnContent(request);
	return request.route === 'messages'
		? messagesTurn(request.model, request.inputChars, content)
		: responsesTurn(request.model, request.inputChars, content);
}

/** A non-streaming answer: the turn's body, its events made and dropped one by one. */
export function turnBody(request: DemoRequest): unknown {
	const events = turnEvents(request);
	for (;;) {
		const next = events.next();
		if (next.done === true) return next.value;
	}
}

const isDelta = (event: WireEvent): boolean =>
	event.type.endsWith('.delta') || event.type === 'content_block_delta';

const isTextDelta = (event: WireEvent): boolean =>
	event.type === 'response.output_text.delta' ||
	(event.type === 'content_block_delta' &&
		typeof event['delta'] === 'object' &&
		event['delta'] !== null &&
		'text' in event['delta']);

/** Index just after the middle text delta: where "mid-answer" cuts happen. */
function midAnswer(events: readonly WireEvent[]): number {
	const textDeltas = events.flatMap((event, index) => (isTextDelta(event) ? [index] : []));
	return (textDeltas[Math.floor(textDeltas.length / 2)] ?? Math.floor(events.length / 2)) + 1;
}

/** The text a delta event carries (Responses: `delta`; Messages: `delta.text` or `.thinking`). */
function deltaText(event: WireEvent): string {
	const delta = event['delta'];
	if (typeof delta === 'string') return delta;
	if (typeof delta !== 'object' || delta === null) return '';
	const text = 'text' in delta ? delta.text : 'thinking' in delta ? delta.thinking : '';
	return typeof text === 'string' ? text : '';
}

/** `bench:<KB>[_<tokens/s>[_llm]]`: the answer, of KB (default 80), in the shape asked. */
function benchScenarioAnswer(arg: string | null): string {
	const [kb = null, , shape] = arg?.split('_') ?? [];
	const bytes = intArg(kb, 80, MAX_BENCH_ANSWER_KB) * 1024;
	return shape === 'llm' ? longBenchAnswer(bytes) : benchAnswer(bytes);
}

/** `bench` pacing: tokens per second (`bench:<KB>_<tokens/s>`, default 3,000). */
function benchRate(request: DemoRequest): number {
	return benchBytesPerMs(intArg(request.scenario?.arg?.split('_')[1] ?? null, 3000, 1_000_000));
}

/** How a stream is paced: a pause after each delta, or by bytes per millisecond (`bench`). */
interface Pacing {
	deltaMs: number;
	bytesPerMs?: number;
}

/** `8 MB`, `64 KB`: a limit as people read it. */
export function sizeLabel(bytes: number): string {
	return bytes >= 1024 * 1024
		? `${Math.round(bytes / (1024 * 1024))} MB`
		: `${Math.round(bytes / 1024)} KB`;
}

/**
 * What ends a stream that reached the byte cap: the route's own in-stream failure. `responseId`
 * only to measure one (ids are all the same length); the one sent gets its own.
 */
function capEvent(request: DemoRequest, maxBytes: number, responseId?: string): WireEvent {
	const message = `The demo gateway stops an answer at ${sizeLabel(maxBytes)} of event stream; this one reached it, so it ends here.`;
	return request.route === 'messages'
		? messagesErrorEvent('api_error', message)
		: responsesFailedEvent(request.model, 'server_error', message, responseId);
}

/** A sequence number no stream reaches, to measure the longest cap event. */
const SEQUENCE_BOUND = 1_000_000_000;

/**
 * The steps that play `events`, made one at a time as the player asks for them, never more than
 * `maxBytes` of frames in all: when the next frame would not leave room for the route's failure
 * event (capEvent), that event is sent instead and the stream ends there. The last event needs no
 * such room. Returns whether the cap ended the stream.
 */
function* framed(
	request: DemoRequest,
	events: Iterable<WireEvent>,
	pacing: Pacing,
	maxBytes: number
): Generator<Step, boolean> {
	const { deltaMs, bytesPerMs } = pacing;
	const ping = request.scenario?.name === 'ping';
	const numbered = request.route !== 'messages';
	// Responses events carry a gapless sequence_number right after `type`, as the API sends them.
	const eventStep = (event: WireEvent, index: number): Step => {
		const { type, ...fields } = event;
		const payload = numbered ? { type, sequence_number: index, ...fields } : event;
		return { kind: 'event', event: event.type, data: JSON.stringify(payload) };
	};
	const ending = (index: number): Step => eventStep(capEvent(request, maxBytes), index);
	const longestEnding = eventStep(
		capEvent(request, maxBytes, 'resp_'.padEnd(37, '0')),
		SEQUENCE_BOUND
	);
	const room = maxBytes - Buffer.byteLength(frame(longestEnding));
	let sent = 0;
	/** Counts `step` against the cap if it fits in `limit`. */
	const fits = (step: Step, limit: number): boolean => {
		const size = Buffer.byteLength(frame(step));
		if (sent + size > limit) return false;
		sent += size;
		return true;
	};
	const pingComment: Step = { kind: 'comment', text: 'PING' };
	const paced = bytesPerMs === undefined ? null : new BenchPacing(bytesPerMs);
	let firstDeltaAt: number | null = null;
	let sinceBreath = 0;
	// One event ahead, to know the last one (which needs no room for an ending after it).
	const upcoming = events[Symbol.iterator]();
	let next = upcoming.next();
	try {
		for (let index = 0; next.done !== true; index++) {
			const event = next.value;
			next = upcoming.next();
			if (
				event.type === 'response.image_generation_call.partial_image' ||
				event.type === 'response.image_generation_call.completed'
			) {
				yield { kind: 'pause', ms: IMAGE_STEP_MS };
			}
			const step = eventStep(event, index);
			if (!fits(step, next.done === true ? maxBytes : room)) {
				yield ending(index);
				return true;
			}
			yield step;
			if (ping) {
				const quiet = index === 1 ? PING_QUIET_MS / PING_EVERY_MS : 0;
				for (let comment = 0; comment <= quiet; comment++) {
					if (comment > 0) yield { kind: 'pause', ms: PING_EVERY_MS };
					if (!fits(pingComment, room)) {
						yield ending(index + 1);
						return true;
					}
					yield pingComment;
				}
			}
			if (isDelta(event) && paced !== null) {
				// Paced by bytes against the clock: after a full batch, wait until the next one is due.
				firstDeltaAt ??= performance.now();
				const dueMs = paced.sent(Buffer.byteLength(deltaText(event)));
				if (dueMs !== null)
					yield {
						kind: 'pause',
						ms: Math.max(0, Math.round(firstDeltaAt + dueMs - performance.now()))
					};
			} else if (isDelta(event) && deltaMs > 0) yield { kind: 'pause', ms: deltaMs };
			// Even an unpaced stream yields now and then, so one huge answer cannot starve the server.
			if (deltaMs === 0 && bytesPerMs === undefined && ++sinceBreath % 64 === 0)
				yield { kind: 'pause', ms: 0 };
		}
	} finally {
		upcoming.return?.();
	}
	return false;
}

/** How a turn's event stream is played; `steps` are made as they are taken (a generator). */
export interface StreamPlan<Steps extends Iterable<Step> = Generator<Step>> {
	steps: Steps;
	splitBytes?: number;
	batchBytes?: number;
}

/**
 * The event stream of a turn, made lazily: each wire event is made, and framed, when the player
 * takes the next step, so only the answer's text exists up front. At most `maxBytes` of frames.
 * Scenarios that cut an answer mid-way look at its events whole first (those answers are short).
 */
export function streamPlan(request: DemoRequest, maxBytes = MAX_STREAM_BYTES): StreamPlan {
	const events = turnEvents(request);
	const scenario = request.scenario;
	const name = scenario?.name;
	const deltaMs =
		name === 'slow'
			? intArg(scenario?.arg ?? null, SLOW_DELTA_MS, 10_000)
			: name === 'instant' || name === 'huge'
				? 0
				: DEFAULT_DELTA_MS;
	const messages = request.route === 'messages';
	const play = (list: Iterable<WireEvent>, pacing: Pacing = { deltaMs }) =>
		framed(request, list, pacing, maxBytes);
	// Frames with no pause between them leave in chunks of a few KB, not one write each.
	const unpaced = deltaMs === 0 ? { batchBytes: BATCH_BYTES } : {};
	/** The first events, up to `cut:<N>` / `stall:<N>` or mid-answer. */
	const opening = (): WireEvent[] => {
		const all = [...events];
		return all.slice(0, intArg(scenario?.arg ?? null, midAnswer(all), all.length - 1));
	};
	const beforeMid = (): WireEvent[] => {
		const all = [...events];
		return all.slice(0, midAnswer(all));
	};

	switch (name) {
		case 'cut':
			return { steps: play(opening()), ...unpaced };
		case 'stall': {
			const sent = play(opening());
			return {
				steps: (function* (): Generator<Step> {
					if (!(yield* sent)) yield { kind: 'hang' };
				})(),
				...unpaced
			};
		}
		case 'failed-mid-stream': {
			const head = beforeMid();
			const tail = messages
				? messagesErrorEvent('api_error', 'Upstream request failed')
				: responsesFailedEvent(request.model);
			return { steps: play([...head, tail]), ...unpaced };
		}
		case 'error-mid-stream': {
			const head = beforeMid();
			const tail = messages
				? messagesErrorEvent('overloaded_error', 'Overloaded')
				: responsesErrorEvent();
			// The API follows its `error` event with `response.failed`; Messages ends at the error.
			const after = messages ? [] : [responsesFailedEvent(request.model, 'insufficient_quota')];
			return { steps: play([...head, tail, ...after]), ...unpaced };
		}
		case 'multibyte':
			return { steps: play(events), splitBytes: 5 };
		case 'bench':
			return { steps: play(events, { deltaMs: 0, bytesPerMs: benchRate(request) }) };
		case undefined:
		default:
			return { steps: play(events), ...unpaced };
	}
}

/**
 * The same plan with every step made at once, for looking at a plan whole (tests). Bounded like
 * the stream (`maxBytes`); the gateway plays `streamPlan`'s steps as they are read.
 */
export function planStream(request: DemoRequest, maxBytes = MAX_STREAM_BYTES): StreamPlan<Step[]> {
	const plan = streamPlan(request, maxBytes);
	return { ...plan, steps: [...plan.steps] };
}
