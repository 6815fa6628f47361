/**
 * One gateway profile as the app talks to it: the model list, one streamed turn, and the probes
 * of the connection check. Every request goes out with the same header table, added once at send
 * (send-authorized.ts), so the chat, the model list and the connection check send the same
 * credentials, account, version and session headers for the same profile.
 */
import type { RequestAuthorizer } from '../auth/gateway-credentials.ts';
import type { RouteKind, Turn } from '../wire/index.ts';
import { credentialHeaders } from './gateway-headers.ts';
import { readModelIds } from './model-list.ts';
import { headersNow, sendAuthorized } from './send-authorized.ts';
import type { StreamTurnOptions, TurnRequest } from './stream-turn.ts';

/** Where a profile's requests go. */
export interface GatewayEndpoint {
	/** Absolute, without a trailing slash. */
	baseUrl: string;
	route: RouteKind;
	/** `<area>` of the backend route. */
	area: string;
}

/** What a caller chooses for one turn; where it goes and what it carries is the client's. */
export type TurnOptions = Omit<StreamTurnOptions, 'route' | 'authorizer' | 'fetch'>;

export class GatewayClient {
	readonly baseUrl: string;
	readonly route: RouteKind;
	readonly area: string;
	/** Where each send gets its credentials, and how it recovers from a 401. */
	readonly authorizer: RequestAuthorizer | undefined;
	readonly #fetch: typeof fetch;

	constructor(
		endpoint: GatewayEndpoint,
		authorizer?: RequestAuthorizer,
		fetchFn: typeof fetch = (input, init) => fetch(input, init)
	) {
		this.baseUrl = endpoint.baseUrl;
		this.route = endpoint.route;
		this.area = endpoint.area;
		this.authorizer = authorizer;
		this.#fetch = fetchFn;
	}

	/** The same profile, its requests sent through `fetchFn` (the connection check's probes). */
	withFetch(fetchFn: typeof fetch): GatewayClient {
		return new GatewayClient(this, this.authorizer, fetchFn);
	}

	/** The ids `GET {base}/v1/models` lists; none when the answer is not a list. */
	async listModels(signal?: AbortSignal): Promise<string[]> {
		return readModelIds(await this.probe(signal));
	}

	/**
	 * `GET {base}/v1/models` exactly as the model list sends it, the answer as it came (the
	 * connection check judges its status, headers and body). Rejects when no answer came.
	 */
	probe(signal?: AbortSignal): Promise<Response> {
		return sendAuthorized(
			(headers) =>
				this.#fetch(`${this.baseUrl}/v1/models`, {
					headers,
					cache: 'no-store',
					credentials: 'omit',
					referrerPolicy: 'no-referrer',
					...(signal === undefined ? {} : { signal })
				}),
			{ route: this.route, authorizer: this.authorizer }
		);
	}

	/**
	 * One streamed turn (stream-turn.ts, loaded here on first use: the page lists models with this
	 * client long before anyone sends), with this profile's credentials and transport.
	 */
	async streamTurn(request: TurnRequest, options: TurnOptions): Promise<Turn> {
		const { streamTurn } = await import('./stream-turn.ts');
		return streamTurn(request, {
			...options,
			route: this.route,
			fetch: this.#fetch,
			...(this.authorizer === undefined ? {} : { authorizer: this.authorizer })
		});
	}

	/** Every header `request` would leave with now: the builder's, then the table's. */
	async headersFor(request: TurnRequest): Promise<Record<string, string>> {
		const sent = await headersNow({
			route: this.route,
			authorizer: this.authorizer,
			sessionId: request.sessionId
		});
		return { ...request.headers, ...sent };
	}

	/** The values that must never be shown: the credential headers' values and the secret itself. */
	async secrets(): Promise<string[]> {
		const credentials = (await this.authorizer?.credentials()) ?? null;
		if (credentials === null) return [];
		const { credential } = credentials;
		const raw =
			credential === null ? [] : [credential.kind === 'bearer' ? credential.token : credential.key];
		let headerValues: string[] = [];
		try {
			headerValues = Object.values(credentialHeaders(this.route, credentials));
		} catch {
			// A value no header can carry is never sent; the raw secret is still redacted.
		}
		return [...new Set([...headerValues, ...raw])].filter((value) => value.length >= 4);
	}
}
