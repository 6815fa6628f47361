/**
 * Which methods the relay forwards. Switchboard's own requests are `GET /v1/models` and `POST` to
 * a responses or messages route; `HEAD` is `GET` without the body (RFC 9110 §9.3.2) and costs
 * nothing to allow. Everything else is refused, so the relay cannot be used to change or delete
 * anything on the gateway that the app never does.
 *
 * `OPTIONS` is answered by the relay itself and never forwarded: the browser calls the relay on
 * its own origin, so it sends no CORS preflight (WHATWG Fetch §4.8 "CORS-preflight fetch" is only
 * for cross-origin requests). The answer lists the methods (RFC 9110 §9.3.7) and carries no CORS
 * headers, so a preflight from another origin fails, as it must.
 */
export type ForwardedMethod = 'GET' | 'HEAD' | 'POST';

export const FORWARDED_METHODS: readonly ForwardedMethod[] = ['GET', 'HEAD', 'POST'];

/** The `Allow` header of the relay's 405 and OPTIONS answers. */
export const ALLOW = 'GET, HEAD, POST, OPTIONS';

export type MethodDecision =
	{ kind: 'forward'; method: ForwardedMethod } | { kind: 'options' } | { kind: 'refuse' };

export function methodDecision(method: string): MethodDecision {
	// Methods are case-sensitive (RFC 9110 §9.1): `get` is not `GET`.
	const forwarded = FORWARDED_METHODS.find((allowed) => allowed === method);
	if (forwarded !== undefined) return { kind: 'forward', method: forwarded };
	if (method === 'OPTIONS') return { kind: 'options' };
	return { kind: 'refuse' };
}
