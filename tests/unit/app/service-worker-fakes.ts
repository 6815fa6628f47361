/**
 * Stand-ins for the browser's service worker objects, as real EventTargets, for the tests of
 * `AppUpdate` (tests/unit/app/app-update.test.ts, tests/component/app/update-notice.test.ts): a
 * registration that finds and installs a new version, and a container whose controller changes.
 */
import type {
	ContainerLike,
	RegistrationLike,
	UpdateHost,
	WorkerLike
} from '../../../src/lib/app/app-worker.ts';

export class FakeWorker extends EventTarget implements WorkerLike {
	state: ServiceWorkerState = 'installing';
	readonly messages: unknown[] = [];
	postMessage(message: unknown): void {
		this.messages.push(message);
	}
	become(state: ServiceWorkerState): void {
		this.state = state;
		this.dispatchEvent(new Event('statechange'));
	}
}

export class FakeRegistration extends EventTarget implements RegistrationLike {
	installing: FakeWorker | null = null;
	waiting: FakeWorker | null = null;
	updates = 0;
	update(): Promise<unknown> {
		this.updates++;
		return Promise.resolve();
	}
	/** A new version is found and installs; it then waits, as the browser does. */
	install(): FakeWorker {
		const worker = new FakeWorker();
		this.installing = worker;
		this.dispatchEvent(new Event('updatefound'));
		this.installing = null;
		this.waiting = worker;
		worker.become('installed');
		return worker;
	}
}

export class FakeContainer extends EventTarget implements ContainerLike {
	controller: FakeWorker | null;
	readonly registration = new FakeRegistration();
	readonly registered: { url: string; options: RegistrationOptions }[] = [];
	refuse = false;
	constructor(controlled: boolean) {
		super();
		this.controller = controlled ? new FakeWorker() : null;
	}
	register(url: string, options: RegistrationOptions): Promise<RegistrationLike> {
		this.registered.push({ url, options });
		return this.refuse
			? Promise.reject(new Error('SecurityError'))
			: Promise.resolve(this.registration);
	}
	/** The waiting worker took over (after skipWaiting). */
	takeOver(worker: FakeWorker): void {
		this.registration.waiting = null;
		worker.become('activated');
		this.controller = worker;
		this.dispatchEvent(new Event('controllerchange'));
	}
}

export function host(container: FakeContainer): UpdateHost & { reloads: number } {
	const result = {
		container,
		reloads: 0,
		reload: () => void result.reloads++,
		loaded: () => Promise.resolve()
	};
	return result;
}
