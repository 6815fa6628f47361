/**
 * The one place the header table is applied: each send asks the authorizer for the credentials of
 * that moment and adds `gatewayHeaders` to the builder's headers; on a 401 it refreshes once and
 * sends once more, with the new credentials.
 */
import { NO_CREDENTIALS, type RequestAuthorizer } from '../auth/gateway-credentials.ts';
import type { RouteKind } from '../wire/route-kind.ts';
import { gatewayHeaders } from './gateway-headers.ts';

export interface SendContext {
	route: RouteKind;
	/** Where the credentials come from; none → the table's headers without credentials. */
	authorizer?: RequestAuthorizer | undefined;
	/** The session a turn belongs to (see gateway-headers.ts). */
	sessionId?: string | undefined;
}

/** The table's headers for `context`, with the credentials as they are now. */
export async function headersNow(context: SendContext): Promise<Record<string, string>> {
	const credentials = (await context.authorizer?.credentials()) ?? NO_CREDENTIALS;
	return gatewayHeaders({ route: context.route, credentials, sessionId: context.sessionId });
}

/**
 * Sends with the table's headers; on a 401, refreshes once and sends once more. The 401 answer is
 * returned as is when no new credential could be had, so it is classified (`auth_expired`) like
 * any other failure. `send` must be callable twice (a string body is). Throws RequestBuildError
 * when a credential cannot be a header value.
 */
export async function sendAuthorized(
	send: (headers: Record<string, string>) => Promise<Response>,
	context: SendContext
): Promise<Response> {
	const first = await send(await headersNow(context));
	if (first.status !== 401 || context.authorizer === undefined) return first;
	if (!(await context.authorizer.recover())) return first;
	await first.body?.cancel().catch(() => undefined);
	return send(await headersNow(context));
}
