/**
 * The browser's half of the connect allowance (src/lib/config/connect-allowance.ts): keeps the
 * cookie listing the person's custom gateway origins up to date, and says when the page must be
 * reloaded before the active profile's gateway can be reached — this page's Content-Security-Policy
 * was fixed when it was served, from the cookie as it was then.
 */
import {
	CONNECT_COOKIE,
	connectCookieValue,
	gatewayOrigin,
	parseConnectCookie
} from '../config/connect-allowance.ts';
import { readCookie } from '../config/cookie-header.ts';

/** A year: the cookie is rewritten whenever the profiles change or a page opens. */
const MAX_AGE_SECONDS = 365 * 24 * 3600;

export class ConnectAllowance {
	/** Origins this page's policy allows (the cookie as the server saw it when serving the page). */
	readonly #atLoad: readonly string[];
	/** The origin the active profile needs and this page cannot reach until it reloads. */
	needsReloadFor = $state<string | null>(null);

	constructor(private readonly doc: Pick<Document, 'cookie'> = document) {
		this.#atLoad = parseConnectCookie(readCookie(doc.cookie, CONNECT_COOKIE));
	}

	/** Writes the cookie for these custom gateway URLs (under the app's base path). */
	remember(gatewayUrls: readonly string[], basePath: string, secure: boolean): void {
		const attributes = [
			`Path=${basePath}/`,
			`Max-Age=${MAX_AGE_SECONDS}`,
			'SameSite=Strict',
			...(secure ? ['Secure'] : [])
		];
		this.doc.cookie = `${CONNECT_COOKIE}=${connectCookieValue(gatewayUrls)}; ${attributes.join('; ')}`;
	}

	/**
	 * Whether this page may call `url` (absolute): its own origin and the `served` origins (the
	 * configured gateway) always; a custom gateway only if its origin was allowed when the page was
	 * served. Sets or clears {@link needsReloadFor} accordingly.
	 */
	check(url: string, pageOrigin: string, served: readonly string[]): boolean {
		const origin = gatewayOrigin(url);
		const reachable =
			origin === null ||
			origin === pageOrigin ||
			served.includes(origin) ||
			this.#atLoad.includes(origin);
		this.needsReloadFor = reachable ? null : origin;
		return reachable;
	}
}
