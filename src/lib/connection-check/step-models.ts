/**
 * Step 4: is `/v1/models` the list the chat reads? The OpenAI shape `{object:"list", data:[{id}]}`
 * or the Anthropic one `{data:[{id, display_name}], has_more}` — what src/lib/gateway/model-list.ts
 * accepts: an object whose `data` is an array, the entries with a string `id` being the models.
 * Pure: judges the answer step 3 received.
 */
import { classifyHttp } from '../failure/index.ts';
import type { RouteKind } from '../wire/index.ts';
import type { ModelListAnswer } from './step-auth.ts';
import type { ModelsOutcome } from './steps.ts';

const MAX_TITLE = 80;
/** Set by the relay on the answers it gives itself (src/lib/server/relay/relay-answers.ts). */
const RELAY_ERROR_HEADER = 'switchboard-relay-error';

function relayError(headers: Headers): string | undefined {
	const code = headers.get(RELAY_ERROR_HEADER)?.trim();
	return code !== undefined && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
}

function htmlTitle(body: string): string | undefined {
	const match = /<title[^>]*>([^<]{1,400})<\/title>/i.exec(body);
	const title = match?.[1]?.replace(/\s+/g, ' ').trim();
	if (title === undefined || title === '') return undefined;
	return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE)}…` : title;
}

function looksLikeHtml(answer: ModelListAnswer): boolean {
	const type = answer.headers.get('content-type')?.toLowerCase() ?? '';
	return (
		type.includes('text/html') || /^\s*<(?:!doctype|html|head|body|title)\b/i.test(answer.body)
	);
}

export function judgeModelList(answer: ModelListAnswer, route: RouteKind): ModelsOutcome {
	if (answer.status < 200 || answer.status > 299) {
		const failure = classifyHttp(answer.status, answer.headers, answer.body, { route });
		const relay = relayError(answer.headers);
		return relay === undefined
			? { kind: 'http_error', failure }
			: { kind: 'http_error', failure, relayError: relay };
	}
	if (looksLikeHtml(answer)) {
		const title = htmlTitle(answer.body);
		return title === undefined ? { kind: 'html' } : { kind: 'html', title };
	}
	let body: unknown;
	try {
		body = JSON.parse(answer.body);
	} catch {
		return { kind: 'not_json' };
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { kind: 'wrong_shape', keys: [] };
	}
	const data: unknown = (body as { data?: unknown }).data;
	if (!Array.isArray(data)) return { kind: 'wrong_shape', keys: Object.keys(body).slice(0, 5) };
	const ids = data.flatMap((entry: unknown) =>
		typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'string'
			? [entry.id]
			: []
	);
	return ids.length === 0 ? { kind: 'empty' } : { kind: 'listed', ids };
}
