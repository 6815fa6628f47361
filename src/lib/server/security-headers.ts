/**
 * Headers every response carries. (The full Content-Security-Policy and frame-ancestors policy
 * belong to the deployment work; these are the ones that never depend on configuration.)
 */
export function withSecurityHeaders(response: Response): Response {
	// Responses from fetch() or with immutable headers are copied before being changed.
	const headers = response.headers;
	try {
		headers.set('referrer-policy', 'no-referrer');
		headers.set('x-content-type-options', 'nosniff');
		return response;
	} catch {
		const copy = new Response(response.body, response);
		copy.headers.set('referrer-policy', 'no-referrer');
		copy.headers.set('x-content-type-options', 'nosniff');
		return copy;
	}
}
