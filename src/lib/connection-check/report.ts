/**
 * The plain-text report behind "Copy report": what was checked and what each step found, for a
 * message to whoever runs the gateway. It never holds a credential: the key or token values the
 * check sent are removed from every line, wherever a gateway may have echoed them.
 */
import { explainStep } from './explain.ts';
import type { ExplainContext } from './explain-context.ts';
import type { StepState } from './steps.ts';

const REDACTED = '[redacted]';

function pathLine(context: ExplainContext): string {
	switch (context.path) {
		case 'direct':
			return 'the browser calls it directly';
		case 'relay':
			return context.upstreamHost === undefined
				? 'through the relay on this server (GATEWAY_MODE=relay)'
				: `through the relay on this server to ${context.upstreamHost} (GATEWAY_MODE=relay)`;
		case 'demo':
			return 'the built-in demo gateway on this server';
	}
}

function credentialLine(context: ExplainContext): string {
	if (!context.hasCredential) return 'none sent';
	return context.credentialSource === 'oauth'
		? 'sign-in access token (sent, not shown)'
		: 'API key (sent, not shown)';
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
}

export function checkReport(input: ReportInput): string {
	const { context } = input;
	const lines = [
		`Switchboard connection check, ${new Date(input.now).toISOString()}`,
		`Page origin: ${context.origin}`,
		`Gateway: ${context.baseUrl} (${context.route} route; ${pathLine(context)})`,
		`Credentials: ${credentialLine(context)}`,
		...(input.client === undefined ? [] : [`Browser: ${input.client}`]),
		''
	];
	input.steps.forEach((state, index) => {
		const explanation = explainStep(state, context);
		lines.push(`${index + 1}. ${explanation.label}: ${explanation.result.toLowerCase()}`);
		if (explanation.note !== undefined) lines.push(`   ${explanation.note}`);
		if (explanation.problem !== undefined) lines.push(`   Problem: ${explanation.problem}`);
		if (explanation.fix !== undefined) lines.push(`   Fix: ${explanation.fix}`);
		if ('requestId' in state && state.requestId !== undefined) {
			lines.push(`   Request id: ${state.requestId}`);
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
