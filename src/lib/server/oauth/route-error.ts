/**
 * Every answer of the token route carries these headers: token responses must not be cached
 * (RFC 6749 §5.1), and neither may their errors.
 */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
	'cache-control': 'no-store',
	pragma: 'no-cache'
};

/**
 * An error answer in the OAuth 2.0 error shape `{error, error_description}` (RFC 6749 §5.2), so
 * the browser reads our refusals with the same classifier as the authorization server's.
 */
export function routeError(
	status: number,
	error: string,
	description: string,
	headers: Readonly<Record<string, string>> = {}
): Response {
	return new Response(JSON.stringify({ error, error_description: description }), {
		status,
		headers: { 'content-type': 'application/json', ...NO_STORE_HEADERS, ...headers }
	});
}

/**
 * The token request could not be sent (connection refused or reset, DNS, timeout): the body the
 * browser's `classifyTokenExchange` reads as `token_exchange_failed`, naming the endpoint without
 * its query.
 */
export function transportFailure(url: string, timedOut: boolean): Response {
	const where = new URL(url);
	const reason = timedOut ? ': the sign-in server did not answer in time' : '';
	return routeError(
		502,
		'token_exchange_failed',
		`Token exchange failed: error sending request for url (${where.origin}${where.pathname})${reason}`
	);
}

/** The token endpoint answered, but not with anything usable. */
export function badAnswer(description: string): Response {
	return routeError(502, 'token_exchange_failed', `Token exchange failed: ${description}`);
}
