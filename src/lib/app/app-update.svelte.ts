/**
 * The service worker from the page's side: registers it (production builds only), and says when a
 * new version of Switchboard has been installed and is waiting. The new version takes over only
 * when the person clicks Reload (`reload`): the page is reloaded once the new worker controls it,
 * never on its own, so nothing typed is lost to an update.
 * @see https://w3c.github.io/ServiceWorker/#service-worker-lifecycle
 */
import { dev } from '$app/environment';
import { SKIP_WAITING_MESSAGE } from './shell-cache.ts';

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

/** `idle`: nothing to say; `ready`: a new version waits; `reloading`: it is taking over. */
export type UpdateState = 'idle' | 'ready' | 'reloading';

/** How often a page left open asks the server whether there is a new version. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * How long Reload waits for the new version to take over before reloading anyway. Chromium can
 * leave a worker waiting after skipWaiting when the outgoing one is woken by a request of the page
 * at that moment; a reload then lets it take over (or the new page offers it again).
 */
export const TAKE_OVER_WAIT_MS = 3000;

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

export class AppUpdate {
	#state = $state<UpdateState>('idle');
	#waiting: WorkerLike | null = null;
	#reloaded = false;
	#takeOverTimer: ReturnType<typeof setTimeout> | undefined;
	readonly #host: UpdateHost | null;

	constructor(host: UpdateHost | null = pageUpdateHost()) {
		this.#host = host;
	}

	get state(): UpdateState {
		return this.#state;
	}

	/**
	 * Registers the worker at `<base>/service-worker.js` with the scope `<base>/` and watches for
	 * new versions until the returned function is called. Does nothing without a host.
	 * @param base the app's base path at run time (`''` or `/a/b`), as `$app/paths` has it
	 */
	start(base: string): () => void {
		const host = this.#host;
		if (host === null) return () => {};
		const stopped = new AbortController();
		const { signal } = stopped;
		let timer: ReturnType<typeof setInterval> | undefined;

		host.container.addEventListener(
			'controllerchange',
			() => {
				// Only the worker this page asked to take over reloads it; a first install or another
				// tab's choice leaves the page alone.
				if (this.#state === 'reloading') this.#reloadOnce();
			},
			{ signal }
		);

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
			this.#watch(registration, host.container, signal);
			timer = setInterval(() => {
				registration.update().catch(() => {}); // offline: the next check will do
			}, UPDATE_CHECK_MS);
		})();

		return () => {
			stopped.abort();
			clearInterval(timer);
		};
	}

	/**
	 * Loads the new version: the waiting worker is asked to take over and the page reloads once it
	 * has (`controllerchange`), or after `TAKE_OVER_WAIT_MS` in any case. If it is no longer
	 * waiting — another tab already chose to reload — the page reloads at once.
	 */
	reload(): void {
		const waiting = this.#waiting;
		if (this.#host === null || this.#state === 'reloading') return;
		if (waiting === null || waiting.state !== 'installed') {
			this.#reloadOnce();
			return;
		}
		this.#state = 'reloading';
		// Replaced by an even newer version before it took over: load whatever is current.
		waiting.addEventListener('statechange', () => {
			if (waiting.state === 'redundant') this.#reloadOnce();
		});
		this.#takeOverTimer = setTimeout(() => this.#reloadOnce(), TAKE_OVER_WAIT_MS);
		waiting.postMessage(SKIP_WAITING_MESSAGE);
	}

	/** Not now: the notice goes away; the new version loads once every tab of the app is closed. */
	dismiss(): void {
		if (this.#state === 'ready') this.#state = 'idle';
	}

	#reloadOnce(): void {
		clearTimeout(this.#takeOverTimer);
		if (this.#reloaded) return;
		this.#reloaded = true;
		this.#host?.reload();
	}

	#watch(registration: RegistrationLike, container: ContainerLike, signal: AbortSignal): void {
		// A version installed while no worker controlled this page is the first one, not an update.
		const offer = (worker: WorkerLike | null): void => {
			if (worker === null || container.controller === null || this.#state === 'reloading') return;
			this.#waiting = worker;
			this.#state = 'ready';
		};
		offer(registration.waiting);
		registration.addEventListener(
			'updatefound',
			() => {
				const installing = registration.installing;
				installing?.addEventListener(
					'statechange',
					() => {
						if (installing.state === 'installed') offer(installing);
					},
					{ signal }
				);
			},
			{ signal }
		);
	}
}
