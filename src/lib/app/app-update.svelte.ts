/**
 * A new version of Switchboard, from the page's side: says when one has been installed and is
 * waiting (the worker is registered by app-worker.ts; the page loads this when a new version is
 * found). The new version takes over only
 * when the person clicks Reload (`reload`): the page is reloaded once the new worker controls it,
 * never on its own, so nothing typed is lost to an update.
 * @see https://w3c.github.io/ServiceWorker/#service-worker-lifecycle
 */
import { SKIP_WAITING_MESSAGE } from './shell-cache.ts';
import {
	pageUpdateHost,
	registerAppWorker,
	type RegistrationLike,
	type UpdateHost,
	type WorkerLike
} from './app-worker.ts';

/** `idle`: nothing to say; `ready`: a new version waits; `reloading`: it is taking over. */
export type UpdateState = 'idle' | 'ready' | 'reloading';

/**
 * How long Reload waits for the new version to take over before reloading anyway. Chromium can
 * leave a worker waiting after skipWaiting when the outgoing one is woken by a request of the page
 * at that moment; a reload then lets it take over (or the new page offers it again).
 */
export const TAKE_OVER_WAIT_MS = 3000;

export class AppUpdate {
	#state = $state<UpdateState>('idle');
	#waiting: WorkerLike | null = null;
	#reloaded = false;
	#takeOverTimer: ReturnType<typeof setTimeout> | undefined;
	#watching = false;
	readonly #host: UpdateHost | null;

	constructor(host: UpdateHost | null = pageUpdateHost()) {
		this.#host = host;
	}

	get state(): UpdateState {
		return this.#state;
	}

	/**
	 * Registers the worker (app-worker.ts) and watches its new versions at once, until the
	 * returned function is called. The page itself registers without this class and loads it with
	 * the first new version found (`watch`).
	 * @param base the app's base path at run time (`''` or `/a/b`), as `$app/paths` has it
	 */
	start(base: string): () => void {
		return registerAppWorker(this.#host, base, (registration) => this.watch(registration));
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

	/**
	 * Offers the new versions of `registration` from now on: the one waiting or installing now,
	 * and each one found later. Watching twice changes nothing.
	 */
	watch(registration: RegistrationLike): void {
		const container = this.#host?.container;
		if (container === undefined || this.#watching) return;
		this.#watching = true;
		container.addEventListener('controllerchange', () => {
			// Only the worker this page asked to take over reloads it; a first install or another
			// tab's choice leaves the page alone.
			if (this.#state === 'reloading') this.#reloadOnce();
		});
		// A version installed while no worker controlled this page is the first one, not an update.
		const offer = (worker: WorkerLike | null): void => {
			if (worker === null || container.controller === null || this.#state === 'reloading') return;
			this.#waiting = worker;
			this.#state = 'ready';
		};
		const follow = (installing: WorkerLike | null): void =>
			installing?.addEventListener('statechange', () => {
				if (installing.state === 'installed') offer(installing);
			});
		offer(registration.waiting);
		follow(registration.installing);
		registration.addEventListener('updatefound', () => follow(registration.installing));
	}
}
