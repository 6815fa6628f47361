/**
 * The page's side of the service worker (src/lib/app/app-update.svelte.ts), against stand-ins for
 * the browser's worker objects (real EventTargets): a new version is offered only as an update,
 * takes over only when the person clicks Reload, and the page reloads only then.
 */
import { describe, expect, it, vi } from 'vitest';
import { AppUpdate, TAKE_OVER_WAIT_MS } from '../../../src/lib/app/app-update.svelte.ts';
import { SKIP_WAITING_MESSAGE } from '../../../src/lib/app/shell-cache.ts';
import { registerAppWorker, type RegistrationLike } from '../../../src/lib/app/app-worker.ts';
import { FakeContainer, FakeWorker, host } from './service-worker-fakes.ts';

/** Lets the registration's promise chain settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AppUpdate', () => {
	it('registers the worker under the base path, with the base as its scope', async () => {
		const container = new FakeContainer(false);
		const stop = new AppUpdate(host(container)).start('/tools/chat');
		await settle();
		expect(container.registered).toEqual([
			{ url: '/tools/chat/service-worker.js', options: { scope: '/tools/chat/' } }
		]);
		stop();

		const atRoot = new FakeContainer(false);
		new AppUpdate(host(atRoot)).start('')();
		await settle();
		expect(atRoot.registered).toEqual([]); // stopped before the page had loaded it
		const again = new AppUpdate(host(atRoot)).start('');
		await settle();
		expect(atRoot.registered).toEqual([{ url: '/service-worker.js', options: { scope: '/' } }]);
		again();
	});

	it('a stand-in register that answers nothing (a harness or extension blocking workers) is not an error', async () => {
		const container = new FakeContainer(true);
		container.register = (url, options) => {
			container.registered.push({ url, options });
			return Promise.resolve(undefined as unknown as RegistrationLike);
		};
		const failures: unknown[] = [];
		const onRejection = (reason: unknown) => failures.push(reason);
		process.on('unhandledRejection', onRejection);
		const update = new AppUpdate(host(container));
		const stop = update.start('');
		await settle();
		await settle();
		process.off('unhandledRejection', onRejection);
		expect(container.registered).toHaveLength(1);
		expect(failures).toEqual([]);
		expect(update.state).toBe('idle');
		stop();
	});

	it('the first install is not an update: no notice, no reload', async () => {
		const container = new FakeContainer(false);
		const page = host(container);
		const update = new AppUpdate(page);
		update.start('');
		await settle();
		const first = container.registration.install();
		expect(update.state).toBe('idle');
		container.takeOver(first); // a first worker may claim the page
		expect(page.reloads).toBe(0);
	});

	it('a new version is offered, and takes over only when the person clicks Reload', async () => {
		const container = new FakeContainer(true);
		const page = host(container);
		const update = new AppUpdate(page);
		update.start('');
		await settle();

		const next = container.registration.install();
		expect(update.state).toBe('ready');
		expect(next.messages).toEqual([]);
		expect(page.reloads).toBe(0);

		update.reload();
		expect(update.state).toBe('reloading');
		expect(next.messages).toEqual([SKIP_WAITING_MESSAGE]);
		expect(page.reloads).toBe(0); // not before the new version controls the page
		update.reload(); // a second click asks nothing more
		expect(next.messages).toEqual([SKIP_WAITING_MESSAGE]);

		container.takeOver(next);
		expect(page.reloads).toBe(1);
	});

	it('a version already waiting when the page opens is offered at once', async () => {
		const container = new FakeContainer(true);
		const waiting = new FakeWorker();
		waiting.state = 'installed';
		container.registration.waiting = waiting;
		const update = new AppUpdate(host(container));
		update.start('');
		await settle();
		expect(update.state).toBe('ready');
	});

	it('another tab’s choice does not reload this page; its Reload then reloads at once', async () => {
		const container = new FakeContainer(true);
		const page = host(container);
		const update = new AppUpdate(page);
		update.start('');
		await settle();
		const next = container.registration.install();
		container.takeOver(next); // another tab clicked Reload
		expect(page.reloads).toBe(0);
		expect(update.state).toBe('ready');

		update.reload();
		expect(next.messages).toEqual([]);
		expect(page.reloads).toBe(1);
	});

	it('a waiting version replaced by a newer one before it took over still reloads', async () => {
		const container = new FakeContainer(true);
		const page = host(container);
		const update = new AppUpdate(page);
		update.start('');
		await settle();
		const next = container.registration.install();
		update.reload();
		next.become('redundant');
		expect(page.reloads).toBe(1);
	});

	it('a new version that does not take over in time: the page reloads anyway, once', async () => {
		vi.useFakeTimers();
		try {
			const container = new FakeContainer(true);
			const page = host(container);
			const update = new AppUpdate(page);
			update.start('');
			await vi.advanceTimersByTimeAsync(0);
			const next = container.registration.install();
			update.reload();
			await vi.advanceTimersByTimeAsync(TAKE_OVER_WAIT_MS - 1);
			expect(page.reloads).toBe(0);
			await vi.advanceTimersByTimeAsync(1);
			expect(page.reloads).toBe(1);
			container.takeOver(next); // late: the page is already reloading
			expect(page.reloads).toBe(1);
		} finally {
			vi.useRealTimers();
		}
	});

	it('Later hides the notice; a newer version offers itself again', async () => {
		const container = new FakeContainer(true);
		const update = new AppUpdate(host(container));
		update.start('');
		await settle();
		container.registration.install();
		update.dismiss();
		expect(update.state).toBe('idle');
		container.registration.install();
		expect(update.state).toBe('ready');
	});

	it('checks for a new version every hour while the page is open, until stopped', async () => {
		vi.useFakeTimers();
		try {
			const container = new FakeContainer(true);
			const stop = new AppUpdate(host(container)).start('');
			await vi.advanceTimersByTimeAsync(0);
			await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
			expect(container.registration.updates).toBe(1);
			stop();
			await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000);
			expect(container.registration.updates).toBe(1);
		} finally {
			vi.useRealTimers();
		}
	});

	it('after stop, a new version is no longer watched', async () => {
		const container = new FakeContainer(true);
		const update = new AppUpdate(host(container));
		const stop = update.start('');
		await settle();
		stop();
		container.registration.install();
		expect(update.state).toBe('idle');
	});

	it('a refused registration leaves the app working, with nothing to offer', async () => {
		const container = new FakeContainer(true);
		container.refuse = true;
		const update = new AppUpdate(host(container));
		update.start('');
		await settle();
		expect(container.registered).toHaveLength(1);
		expect(update.state).toBe('idle');
	});

	it('without a host (vite dev, no service workers) nothing is registered or offered', () => {
		const update = new AppUpdate(null);
		update.start('')();
		update.reload();
		expect(update.state).toBe('idle');
	});

	describe('the page: the worker registered alone, this class loaded with the first new version', () => {
		it('a first install calls for nothing; a new version in a page a worker controls is handed over', async () => {
			const first = new FakeContainer(false);
			const found: RegistrationLike[] = [];
			const stopFirst = registerAppWorker(host(first), '', (registration) =>
				found.push(registration)
			);
			await settle();
			first.registration.install();
			expect(found).toEqual([]);
			stopFirst();

			const controlled = new FakeContainer(true);
			const stop = registerAppWorker(host(controlled), '', (registration) =>
				found.push(registration)
			);
			await settle();
			expect(found).toEqual([]);
			controlled.registration.install();
			expect(found).toEqual([controlled.registration]);
			stop();
			controlled.registration.install();
			expect(found).toHaveLength(1);
		});

		it('a version already waiting when the page opens is handed over at once', async () => {
			const container = new FakeContainer(true);
			const waiting = new FakeWorker();
			waiting.state = 'installed';
			container.registration.waiting = waiting;
			const found: RegistrationLike[] = [];
			registerAppWorker(host(container), '', (registration) => found.push(registration));
			await settle();
			expect(found).toEqual([container.registration]);
		});

		it('watching once the version has installed still offers it, and Reload still takes it over', async () => {
			const container = new FakeContainer(true);
			const page = host(container);
			let handed: RegistrationLike | null = null;
			registerAppWorker(page, '', (registration) => (handed ??= registration));
			await settle();
			const next = container.registration.install();
			// The class's code arrives after the version has installed.
			const update = new AppUpdate(page);
			expect(handed).not.toBeNull();
			update.watch(handed ?? container.registration);
			update.watch(container.registration); // handed over again: nothing doubles
			expect(update.state).toBe('ready');
			update.reload();
			expect(next.messages).toEqual([SKIP_WAITING_MESSAGE]);
			container.takeOver(next);
			expect(page.reloads).toBe(1);

			// A newer one found later is offered by the class itself.
			const other = new FakeContainer(true);
			const later = new AppUpdate(host(other));
			later.watch(other.registration);
			expect(later.state).toBe('idle');
			other.registration.install();
			expect(later.state).toBe('ready');
		});
	});
});
