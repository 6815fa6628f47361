/**
 * The plain-text report behind "Copy report": what was checked and what each step found, for a
 * message to whoever runs the gateway. It never holds a credential: the key or token values the
 * check sent are removed from every line, wherever a gateway may have echoed them.
 */
import { ENGLISH_CHECK_WORDS, type CheckWords, type ExplainCopy } from './check-copy.ts';
import { explainStep } from './explain.ts';
import type { ExplainContext } from './explain-context.ts';
import type { StepState } from './steps.ts';

const REDACTED = '[redacted]';

function pathLine(context: ExplainContext, say: ExplainCopy['report']): string {
	switch (context.path) {
		case 'direct':
			return say.pathDirect;
		case 'relay':
			return say.pathRelay(context.upstreamHost ?? '');
		case 'demo':
			return say.pathDemo;
	}
}

function credentialLine(context: ExplainContext, say: ExplainCopy['report']): string {
	if (!context.hasCredential) return say.credentialsNone;
	return context.credentialSource === 'oauth' ? say.credentialsOauth : say.credentialsApiKey;
}

export interface ReportInput {
	steps: readonly StepState[];
	context: ExplainContext;
	/** Values to remove wherever they appear (the credentials' header values). */
	secrets: readonly string[];
	/** Epoch milliseconds. */
	now: number;
	/** Optional, e.g. the browser's user agent. */
	client?: string;
	/** The language of the report; English by default. */
	words?: CheckWords;
}

export function checkReport(input: ReportInput): string {
	const { context } = input;
	const words = input.words ?? ENGLISH_CHECK_WORDS;
	const say = words.check.explain.report;
	const lines = [
		say.title(new Date(input.now).toISOString()),
		say.origin(context.origin),
		say.gateway(context.baseUrl, context.route, pathLine(context, say)),
		say.credentials(credentialLine(context, say)),
		...(input.client === undefined ? [] : [say.browser(input.client)]),
		''
	];
	input.steps.forEach((state, index) => {
		const explanation = explainStep(state, context, words);
		lines.push(say.step(index + 1, explanation.label, explanation.result));
		if (explanation.note !== undefined) lines.push(`   ${explanation.note}`);
		if (explanation.problem !== undefined) lines.push(`   ${say.problem(explanation.problem)}`);
		if (explanation.fix !== undefined) lines.push(`   ${say.fix(explanation.fix)}`);
		if ('requestId' in state && state.requestId !== undefined) {
			lines.push(`   ${say.requestId(state.requestId)}`);
		}
	});
	return redact(lines.join('\n'), input.secrets);
}

function redact(text: string, secrets: readonly string[]): string {
	// Longest first, so that "Bearer <token>" goes whole before "<token>" alone.
	return [...secrets]
		.filter((secret) => secret.length >= 4)
		.sort((a, b) => b.length - a.length)
		.reduce((current, secret) => current.split(secret).join(REDACTED), text);
}
