/**
 * What the service worker (src/service-worker.ts) may keep and answer from its cache: the app
 * shell only — the built scripts and styles, the static files, and the page itself — so that the
 * library opens offline. Never an API answer (`api/**`, the configuration and the relay among
 * them), never the demo gateway (`demo/**`), never sign-in (`auth/**`), never another origin,
 * never anything but GET.
 *
 * Pure: no DOM, no Svelte, no worker globals; every function takes the worker's scope (its
 * registration's scope, `<origin><BASE_PATH>/`), so one build works under any BASE_PATH.
 * @see https://w3c.github.io/ServiceWorker/#cache-interface
 */
import { STORED_SHELL_HEADER } from '../config/inline-config.ts';

/** The facts of a request the worker decides on; a `Request` has them all. */
export interface RequestFacts {
	readonly method: string;
	readonly url: string;
	readonly mode: RequestMode;
	readonly destination: RequestDestination;
}

/**
 * First path segments under the scope that are never the app shell: the server's routes
 * (configuration, token, relay), the demo gateway, the sign-in pages, the health check, the
 * remote-image frame's document, and the worker script itself (the browser fetches it past us).
 */
const NEVER_CACHED = new Set([
	'api',
	'demo',
	'auth',
	'healthz',
	'remote-image',
	'service-worker.js'
]);

/** The first path segment of `url` under `scope`, decoded; `null` when `url` is outside it. */
function segmentUnder(url: URL, scope: URL): string | null {
	if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
	const first = url.pathname.slice(scope.pathname.length).split('/')[0] ?? '';
	try {
		// The server decodes the path before routing: `%61pi/config` is `api/config` to it.
		return decodeURIComponent(first);
	} catch {
		return first;
	}
}

/**
 * Whether the worker may answer `request` from its cache (and whether a response to it may ever
 * be stored): a GET on this origin, under the scope, and not one of the server's own routes.
 * @param scope the registration's scope: an absolute URL ending in `/`
 */
export function shouldCache(request: RequestFacts, scope: string): boolean {
	if (request.method !== 'GET') return false;
	let url: URL;
	try {
		url = new URL(request.url);
	} catch {
		return false;
	}
	const segment = segmentUnder(url, new URL(scope));
	return segment !== null && !NEVER_CACHED.has(segment);
}

/**
 * How the worker answers a request:
 * - `page`: a top-level navigation to one of the app's pages — network first, the cached shell
 *   when the network cannot be reached;
 * - `precached`: a file of this version's shell — from the cache, the network only if missing;
 * - `network`: everything else, left to the browser (the worker does not answer it at all).
 * Frames are never `page` (the remote-image frame is a document of its own).
 * @param precached the absolute URLs this version stored at install (`precacheUrls`)
 */
export function answerFor(
	request: RequestFacts,
	scope: string,
	precached: ReadonlySet<string>
): 'page' | 'precached' | 'network' {
	if (!shouldCache(request, scope)) return 'network';
	if (request.mode === 'navigate') return request.destination === 'document' ? 'page' : 'network';
	const url = new URL(request.url);
	url.hash = '';
	return precached.has(url.href) ? 'precached' : 'network';
}

/**
 * The cached page that can stand in for a navigation the network did not answer: the shell at
 * the scope, for any page at the app's top level (`./`, `./connection`, `./?q`) — the shell finds
 * its scripts relative to its own address, so it cannot stand in for a page deeper down
 * (`./auth/callback` would look for `./auth/_app/…`). `null` when there is none.
 */
export function offlineShellFor(url: string, scope: string): string | null {
	const request = new URL(url);
	if (request.origin !== new URL(scope).origin) return null;
	return new URL('./', request).href === scope ? scope : null;
}

/**
 * Built files no page of the app ever asks the worker for, so storing them at install would only
 * cost the person a download (≈ 4.6 MB of 5.7):
 * - mermaid's browser build: only the diagram document loads it, framed with an opaque origin, and
 *   a sandboxed frame without `allow-same-origin` is never controlled by a service worker
 *   (https://w3c.github.io/ServiceWorker/#control-and-use-window-client — its origin is not ours);
 * - KaTeX's `.woff` and `.ttf` fonts: its stylesheet lists `.woff2` first, and every browser that
 *   runs this app takes `.woff2` (https://drafts.csswg.org/css-fonts/#src-desc picks the first
 *   supported format), so the older formats are never fetched.
 * They stay on the server and load from the network as before if anything ever asks.
 */
const NEVER_PRECACHED = [/\/mermaid\.min\.[\w-]+\.js$/, /\/KaTeX_[\w-]+\.[\w-]+\.(?:woff|ttf)$/];

/**
 * Everything this version stores at install, as absolute URLs: the built files (`build` from
 * `$service-worker`), the static files (`files`), and the page shell at the scope. Each passes
 * `shouldCache`, so nothing the rules refuse can be stored even by a mistake in the lists; files no
 * page of the app asks for (`NEVER_PRECACHED`) are left out.
 * @param paths `build` and `files` as `$service-worker` gives them: paths under the base
 */
export function precacheUrls(scope: string, paths: readonly string[]): string[] {
	const urls = [...paths.map((path) => new URL(path, scope).href), scope];
	return [...new Set(urls)].filter(
		(url) =>
			shouldCache({ method: 'GET', url, mode: 'same-origin', destination: '' }, scope) &&
			!NEVER_PRECACHED.some((pattern) => pattern.test(new URL(url).pathname))
	);
}

/**
 * How install asks for one of the `precacheUrls`. Built files have their content's hash in their
 * name, so whatever the HTTP cache holds is right; the page and the static files keep their names
 * across versions, so the server is asked (revalidate). The page is asked with
 * `STORED_SHELL_HEADER`: the stored shell carries no inlined configuration, and when it stands in
 * offline the page asks `/api/config` as it would without one (src/lib/config/inline-config.ts).
 */
export function precacheRequestInit(
	url: string,
	scope: string,
	hashed: ReadonlySet<string>
): RequestInit {
	return {
		cache: hashed.has(url) ? 'default' : 'no-cache',
		...(url === scope ? { headers: { [STORED_SHELL_HEADER]: '1' } } : {})
	};
}

const CACHE_PREFIX = 'switchboard-shell';

/**
 * The cache of one version under one scope. Several apps can share an origin under different
 * BASE_PATHs, and the Cache API is per origin: the scope in the name keeps each one's caches apart.
 */
export function cacheName(scope: string, version: string): string {
	return `${CACHE_PREFIX} ${scope} ${version}`;
}

/** Whether `name` is an older version's cache of this scope (deleted once a new version is active). */
export function isStaleCache(name: string, scope: string, version: string): boolean {
	return name.startsWith(`${CACHE_PREFIX} ${scope} `) && name !== cacheName(scope, version);
}

/**
 * The message a page posts to a waiting worker when the person chooses to load the new version
 * (src/lib/app/app-update.svelte.ts); the worker then stops waiting and takes over.
 */
export const SKIP_WAITING_MESSAGE = 'switchboard:skip-waiting';
