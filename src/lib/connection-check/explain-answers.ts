/**
 * Sentences for steps 3–5: the gateway's answers to the credentials, the model list and a
 * streamed turn. Gateway messages come from the failure classifier (plain text, never markup).
 */
import type { Failure } from '../failure/index.ts';
import type { Sentences } from './explain-access.ts';
import { addressSetting, seconds, turnUrl, type ExplainContext } from './explain-context.ts';
import { fixFor, sentence } from './fix-sentences.ts';
import type { AuthOutcome, ModelsOutcome, StreamOutcome } from './steps.ts';

const BUFFERING_FIX =
	"Turn proxy buffering off for the gateway's path (nginx: proxy_buffering off) and give streamed answers a long read timeout.";

function credentialName(context: ExplainContext): string {
	if (!context.hasCredential) return 'the request without credentials';
	return context.credentialSource === 'oauth' ? 'your sign-in' : 'the API key';
}

function refusedFix(failure: Failure, context: ExplainContext): string {
	if (failure.kind === 'auth_expired' || failure.status === 401) {
		if (!context.hasCredential) {
			return context.credentialSource === 'oauth'
				? 'Sign in from the chat (your draft is kept).'
				: "This gateway needs a key: add one with the chat header's key menu.";
		}
		return context.credentialSource === 'oauth'
			? 'Sign in again from the chat (your draft is kept).'
			: "Check the API key in the chat header's key menu: it may be mistyped, revoked, or for another gateway.";
	}
	if (failure.kind === 'forbidden') {
		return "Ask the gateway's operator to allow this key or account from here (quote the request id), or use another gateway.";
	}
	return fixFor(failure, context.topUpUrl);
}

export function explainAuth(outcome: AuthOutcome, context: ExplainContext): Sentences {
	switch (outcome.kind) {
		case 'accepted':
			return {
				note: context.hasCredential
					? `The gateway accepted ${credentialName(context)}.`
					: 'The gateway answered without credentials.'
			};
		case 'not_refused':
			return {
				note: `The gateway did not refuse ${credentialName(context)} (it answered HTTP ${outcome.status}; the next step says more).`
			};
		case 'refused':
			return {
				problem: `The gateway refused ${credentialName(context)}: ${sentence(outcome.failure.message)}`,
				fix: refusedFix(outcome.failure, context)
			};
		case 'request_failed':
			return {
				problem: `The request for the model list failed: ${sentence(outcome.failure.message)}`,
				fix: `Run the check again; if it fails again, check the gateway and any proxy in front of it.`
			};
		case 'timed_out':
			return {
				problem: `The gateway did not answer ${context.baseUrl}/v1/models within ${seconds(outcome.afterMs)}.`,
				fix: "Run the check again; if it keeps timing out, ask the gateway's operator."
			};
	}
}

/** The relay's own answers (src/lib/server/relay/relay-answers.ts): what the operator changes. */
function relayFix(code: string | undefined): string | undefined {
	switch (code) {
		case undefined:
			return undefined;
		case 'upstream_unreachable':
		case 'upstream_timeout':
		case 'upstream_invalid':
			return 'The relay on this server could not use the gateway: check GATEWAY_URL, and that the Switchboard server itself can reach the gateway (firewall, DNS, outgoing proxy).';
		case 'relay_off':
			return 'The relay is off: set GATEWAY_MODE=relay on the Switchboard server and restart it.';
		default:
			return 'The relay on this server refused the request; the message above says why. Tell whoever runs Switchboard.';
	}
}

export function explainModels(outcome: ModelsOutcome, context: ExplainContext): Sentences {
	const url = `${context.baseUrl}/v1/models`;
	const baseUrlFix = `Check ${addressSetting(context)}: it is the address under which /v1/models and the chat route live, without /v1.`;
	switch (outcome.kind) {
		case 'listed': {
			const shown = outcome.ids.slice(0, 3).join(', ');
			const more = outcome.ids.length > 3 ? ', …' : '';
			const count = outcome.ids.length === 1 ? '1 model' : `${outcome.ids.length} models`;
			return { note: `The gateway lists ${count}: ${shown}${more}.` };
		}
		case 'http_error':
			return {
				problem: `${url} answered: ${sentence(outcome.failure.message)}`,
				fix:
					relayFix(outcome.relayError) ??
					(outcome.failure.kind === 'not_found'
						? baseUrlFix
						: fixFor(outcome.failure, context.topUpUrl))
			};
		case 'html':
			return {
				problem: `${url} answered with an HTML page${outcome.title === undefined ? '' : ` ("${outcome.title}")`}, not a model list.`,
				fix: `An HTML page usually means a wrong base URL, or a proxy or sign-in page in front of the gateway. ${baseUrlFix}`
			};
		case 'not_json':
			return { problem: `${url} did not answer with JSON.`, fix: baseUrlFix };
		case 'wrong_shape':
			return {
				problem: `${url} answered with JSON that is not a model list (expected {"data": [{"id": …}]}${
					outcome.keys.length === 0
						? ''
						: `; it has ${outcome.keys.map((key) => key.slice(0, 40)).join(', ')}`
				}).`,
				fix: `${baseUrlFix} The gateway must speak the OpenAI or Anthropic API.`
			};
		case 'empty':
			return {
				problem: 'The gateway lists no models for these credentials.',
				fix: "Ask the gateway's operator to enable models for your key or account."
			};
		case 'timed_out':
			return {
				problem: `The model list did not arrive within ${seconds(outcome.afterMs)}.`,
				fix: "Run the check again; if it keeps timing out, ask the gateway's operator."
			};
	}
}

export function explainStream(outcome: StreamOutcome, context: ExplainContext): Sentences {
	switch (outcome.kind) {
		case 'completed':
			return { note: `${outcome.model} streamed an answer to its end.` };
		case 'incomplete':
			return {
				note: `${outcome.model} streamed an answer that stopped at the check's small token limit; that is fine.`
			};
		case 'failed':
			return {
				problem: `A streamed request to ${outcome.model} failed: ${sentence(outcome.failure.message)}`,
				fix:
					outcome.failure.kind === 'network'
						? `Check that the gateway serves chat requests at ${turnUrl(context)} and sends CORS headers on those answers too${
								context.configuredByServer && context.path === 'direct'
									? ' (or set GATEWAY_MODE=relay on the Switchboard server)'
									: ''
							}.`
						: fixFor(outcome.failure, context.topUpUrl)
			};
		case 'interrupted':
			return {
				problem:
					outcome.failure.kind === 'stream_stalled'
						? `The streamed answer stopped arriving: ${sentence(outcome.failure.message)} Something between the browser and the gateway holds streamed answers back.`
						: 'The stream ended before its last event: the connection drops streamed answers.',
				fix: BUFFERING_FIX
			};
		case 'request_invalid':
			return {
				problem: `The request could not be built: ${sentence(outcome.message)}`,
				fix: 'Paste the API key again, without spaces or line breaks around it.'
			};
		case 'no_model':
			return {
				problem: 'There is no model to try.',
				fix: 'Choose a model in the chat, then run the check again.'
			};
		case 'timed_out':
			return {
				problem: `No complete answer arrived within ${seconds(outcome.afterMs)}.`,
				fix: `Try again, or choose a faster model in the chat. If streamed answers never arrive: ${BUFFERING_FIX}`
			};
	}
}
