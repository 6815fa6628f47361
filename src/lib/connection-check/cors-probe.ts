/**
 * Two ways to ask "may this origin read the gateway's answers?":
 * - {@link browserCorsProbe}: send the request and let the browser decide (a CORS refusal rejects
 *   the fetch; WHATWG Fetch §4.1 "network error"). The real thing, in the page.
 * - {@link inspectingCorsProbe}: send the preflight ourselves and judge the `Access-Control-Allow-*`
 *   headers as a browser would (cors-judge.ts). For runtimes whose fetch enforces no CORS (Node),
 *   where the gateway's headers are readable.
 * Both take a credential-less request (`credentials: "omit"`), as every gateway call of the app is.
 */
import { judgeCorsResponse, judgePreflight } from './cors-judge.ts';
import { corsUnsafeHeaderNames } from './cors-headers.ts';

export interface CorsProbe {
	/** A GET without custom headers: may `origin` read the answer? */
	simple(url: string, signal: AbortSignal): Promise<boolean>;
	/** A GET with `headers` (so a preflight naming their CORS-unsafe names): allowed end to end? */
	withHeaders(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<boolean>;
}

const COMMON: RequestInit = {
	credentials: 'omit',
	cache: 'no-store',
	referrerPolicy: 'no-referrer'
};

/** Resolves `true` when the request completed, `false` when the fetch rejected; aborts rethrow. */
async function completes(request: () => Promise<Response>, signal: AbortSignal): Promise<boolean> {
	try {
		const response = await request();
		await response.body?.cancel().catch(() => undefined);
		return true;
	} catch (error) {
		if (signal.aborted) throw error;
		return false;
	}
}

export function browserCorsProbe(fetchFn: typeof fetch): CorsProbe {
	return {
		simple: (url, signal) =>
			completes(() => fetchFn(url, { ...COMMON, mode: 'cors', signal }), signal),
		withHeaders: (url, headers, signal) =>
			completes(() => fetchFn(url, { ...COMMON, mode: 'cors', headers, signal }), signal)
	};
}

/** `origin`: the page origin the browser would send. `fetchFn` must not enforce CORS itself. */
export function inspectingCorsProbe(fetchFn: typeof fetch, origin: string): CorsProbe {
	const send = async (
		url: string,
		init: RequestInit,
		judge: (response: Response) => boolean
	): Promise<boolean> => {
		let response: Response;
		try {
			response = await fetchFn(url, { ...COMMON, ...init });
		} catch (error) {
			if (init.signal?.aborted === true) throw error;
			return false;
		}
		await response.body?.cancel().catch(() => undefined);
		return judge(response);
	};
	const actual = (url: string, headers: Record<string, string>, signal: AbortSignal) =>
		send(url, { headers: { ...headers, origin }, signal }, (response) =>
			judgeCorsResponse(response.headers, origin)
		);
	return {
		simple: (url, signal) => actual(url, {}, signal),
		async withHeaders(url, headers, signal) {
			const names = corsUnsafeHeaderNames(headers);
			if (names.length > 0) {
				const preflight = {
					origin,
					'access-control-request-method': 'GET',
					'access-control-request-headers': names.join(',')
				};
				const allowed = await send(
					url,
					{ method: 'OPTIONS', headers: preflight, signal },
					(response) =>
						judgePreflight(response.status, response.headers, { origin, method: 'GET', names })
							.allowed
				);
				if (!allowed) return false;
			}
			return actual(url, headers, signal);
		}
	};
}
