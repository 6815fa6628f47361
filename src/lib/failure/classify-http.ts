import { parseBody } from './body-shape.ts';
import { buildFailure } from './build-failure.ts';
import { clockOf, type ClassifyContext } from './context.ts';
import { readErrorFields } from './fields.ts';
import { own } from './own-sentence-say.ts';
import { isRedirectStatus, relayRedirectTarget } from './redirect.ts';
import { requestIdFromHeaders } from './request-id.ts';
import { retryAfterFromHeaders } from './retry-after.ts';
import { safely } from './safely.ts';
import type { Failure } from './types.ts';

/**
 * A response that is not the answer we asked for → one Failure. Reads the body's shape (nested,
 * flat, typed, problem JSON, FastAPI `detail`, HTML, plain text, empty, JSON followed by SSE), its
 * structured fields, the status, and the headers (`x-request-id`/`request-id`/`x-oneapi-request-id`;
 * `retry-after-ms`, `Retry-After` per RFC 9110 §10.2.3). `context.model` naming a classifier model
 * turns 429/5xx into `classifier_unavailable`. Pure; never throws; `raw` keeps the capped body.
 *
 * @see docs/reference/failures.md for the taxonomy and the seed table every row of which maps here.
 */
export function classifyHttp(
	status: number,
	headers: Headers,
	body: string,
	context: ClassifyContext = {}
): Failure {
	const validStatus =
		Number.isInteger(status) && status >= 100 && status <= 599 ? status : undefined;
	return safely(() => {
		const parsed = parseBody(body);
		const fields = parsed.json === undefined ? undefined : readErrorFields(parsed.json);
		const headerRequestId = requestIdFromHeaders(headers);
		const headerRetryAfterMs = retryAfterFromHeaders(headers, clockOf(context));
		const failure = buildFailure(
			{
				...(validStatus === undefined ? {} : { status: validStatus }),
				...(fields === undefined ? {} : { fields }),
				text: parsed.text,
				...(parsed.shape === 'text' ? { plainMessage: parsed.text } : {}),
				...(headerRequestId === undefined ? {} : { headerRequestId }),
				...(headerRetryAfterMs === undefined ? {} : { headerRetryAfterMs }),
				raw: body
			},
			context
		);
		if (validStatus === undefined || !isRedirectStatus(validStatus)) return failure;
		// Whatever a 3xx says ("Moved Permanently", a redirect page), what helps is where it went.
		const to = relayRedirectTarget(headers) ?? 'elsewhere';
		return {
			...failure,
			kind: 'not_found',
			...own({ kind: 'redirected', to, status: validStatus })
		};
	}, validStatus);
}
