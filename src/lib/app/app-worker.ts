/**
 * The service worker from the page's side, as far as every page needs it: registered (production
 * builds only, once the page has loaded) and asked for a new version every hour. What a new
 * version means to the person — the notice, Reload (app-update.svelte.ts, UpdateNotice.svelte) —
 * loads only when one is found, not with the first paint (bench:size).
 * @see https://w3c.github.io/ServiceWorker/#service-worker-lifecycle
 */
import { dev } from '$app/environment';

/** The parts of a `ServiceWorker` used here. */
export interface WorkerLike extends EventTarget {
	readonly state: ServiceWorkerState;
	postMessage(message: unknown): void;
}

/** The parts of a `ServiceWorkerRegistration` used here. */
export interface RegistrationLike extends EventTarget {
	readonly installing: WorkerLike | null;
	readonly waiting: WorkerLike | null;
	update(): Promise<unknown>;
}

/** The parts of `navigator.serviceWorker` used here. */
export interface ContainerLike extends EventTarget {
	readonly controller: WorkerLike | null;
	register(scriptUrl: string, options: RegistrationOptions): Promise<RegistrationLike>;
}

/** Where the page's service worker lives and how the page reloads. */
export interface UpdateHost {
	container: ContainerLike;
	reload: () => void;
	/** Resolves once the page has loaded: the worker's install then does not compete with it. */
	loaded: () => Promise<void>;
}

/** How often a page left open asks the server whether there is a new version. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** This page's service worker, or `null` under `vite dev` and in browsers without workers. */
export function pageUpdateHost(): UpdateHost | null {
	if (dev || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
	return {
		container: navigator.serviceWorker,
		reload: () => location.reload(),
		loaded: () =>
			document.readyState === 'complete'
				? Promise.resolve()
				: new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }))
	};
}

/**
 * Registers the worker at `<base>/service-worker.js` with the scope `<base>/`, until the returned
 * function is called. `onUpdate` is given the registration each time a new version is found
 * installing or waiting — only in a page a worker already controls: a first install is not an
 * update. Does nothing without a host.
 * @param base the app's base path at run time (`''` or `/a/b`), as `$app/paths` has it
 */
export function registerAppWorker(
	host: UpdateHost | null,
	base: string,
	onUpdate: (registration: RegistrationLike) => void
): () => void {
	if (host === null) return () => {};
	const stopped = new AbortController();
	const { signal } = stopped;
	let timer: ReturnType<typeof setInterval> | undefined;
	void (async () => {
		await host.loaded();
		if (signal.aborted) return;
		let registration: RegistrationLike;
		try {
			registration = await host.container.register(`${base}/service-worker.js`, {
				scope: `${base}/`
			});
		} catch {
			return; // Not allowed here (private mode, a policy): the app works without it.
		}
		// A stand-in `register` (a test harness's or an extension's block) may answer nothing.
		if (signal.aborted || (registration as RegistrationLike | undefined) === undefined) return;
		const found = (): void => {
			if (host.container.controller !== null) onUpdate(registration);
		};
		if (registration.waiting !== null || registration.installing !== null) found();
		registration.addEventListener('updatefound', found, { signal });
		timer = setInterval(() => {
			registration.update().catch(() => {}); // offline: the next check will do
		}, UPDATE_CHECK_MS);
	})();
	return () => {
		stopped.abort();
		clearInterval(timer);
	};
}
