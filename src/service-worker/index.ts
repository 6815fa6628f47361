/// <reference types="@sveltejs/kit" />
/// <reference no-default-lib="true"/>
/// <reference lib="esnext" />
/// <reference lib="webworker" />
/**
 * The service worker: the app shell offline, nothing else.
 *
 * - Install stores this version's shell — the built files, the static files and the page at the
 *   scope, without the configuration the server inlines into pages it serves
 *   (`precacheRequestInit`) — in a cache named for the scope and the version (`precacheUrls`,
 *   `cacheName`).
 * - A top-level navigation to one of the app's pages goes to the network first (with navigation
 *   preload, so it does not wait for the worker to start): the page's Content-Security-Policy and
 *   inlined configuration are built per request. Only when the network cannot be reached does the
 *   cached shell answer, and the library opens from IndexedDB.
 * - A file of the shell comes from the cache.
 * - Everything else is not answered here at all, so it goes to the network as if there were no
 *   worker: API answers (`/api/**`, the configuration and the relay among them), the demo gateway,
 *   sign-in, other origins, anything but GET (`answerFor`, src/lib/app/shell-cache.ts). Nothing is
 *   stored after install.
 * - A new version waits until the page asks it to take over (`SKIP_WAITING_MESSAGE`, sent when the
 *   person clicks Reload); once active, it deletes the older versions' caches of its scope.
 *
 * Under BASE_PATH the scope is `<origin><BASE_PATH>/` and `$service-worker`'s paths start with the
 * base the worker finds from its own address, so one build works under any prefix.
 * @see https://svelte.dev/docs/kit/service-workers
 * @see https://w3c.github.io/ServiceWorker/
 */
import { build, files, version } from '$service-worker';
import {
	answerFor,
	cacheName,
	isStaleCache,
	offlineShellFor,
	precacheRequestInit,
	precacheUrls,
	SKIP_WAITING_MESSAGE
} from '$lib/app/shell-cache';

const worker = self as unknown as ServiceWorkerGlobalScope;
const scope = worker.registration.scope;
const CACHE = cacheName(scope, version);
const PRECACHE = precacheUrls(scope, [...build, ...files]);
const precached = new Set(PRECACHE);
/** Built files have their content's hash in their name: whatever the HTTP cache holds is right. */
const hashed = new Set(build.map((path) => new URL(path, scope).href));

async function storeShell(): Promise<void> {
	const cache = await caches.open(CACHE);
	await cache.addAll(
		PRECACHE.map((url) => new Request(url, precacheRequestInit(url, scope, hashed)))
	);
}

async function deleteStaleCaches(): Promise<void> {
	const names = await caches.keys();
	await Promise.all(
		names.filter((name) => isStaleCache(name, scope, version)).map((name) => caches.delete(name))
	);
}

async function precachedOrNetwork(request: Request): Promise<Response> {
	return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}

/**
 * The network's answer, whatever its status; the cached shell only when there is no answer. The
 * request left with navigation preload while this worker was starting, when the browser did so.
 */
async function pageOrShell(event: FetchEvent): Promise<Response> {
	const request = event.request;
	try {
		const preloaded = (await event.preloadResponse) as Response | undefined;
		return preloaded ?? (await fetch(request));
	} catch (error) {
		const shell = offlineShellFor(request.url, scope);
		const cached = shell === null ? undefined : await caches.match(shell, { cacheName: CACHE });
		if (cached === undefined) throw error;
		return cached;
	}
}

worker.addEventListener('install', (event) => {
	event.waitUntil(storeShell());
});

worker.addEventListener('activate', (event) => {
	// Navigation preload: a page's request does not wait for a stopped worker to start first.
	// @see https://w3c.github.io/ServiceWorker/#navigationpreloadmanager
	event.waitUntil(
		Promise.all([deleteStaleCaches(), worker.registration.navigationPreload?.enable()])
	);
});

worker.addEventListener('fetch', (event) => {
	const answer = answerFor(event.request, scope, precached);
	if (answer === 'page') event.respondWith(pageOrShell(event));
	else if (answer === 'precached') event.respondWith(precachedOrNetwork(event.request));
});

worker.addEventListener('message', (event) => {
	if (event.data === SKIP_WAITING_MESSAGE) void worker.skipWaiting();
});
