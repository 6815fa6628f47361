/**
 * "A new version of Switchboard is ready", rendered in Chromium with the page's update state
 * driven by stand-ins for the browser's worker objects (tests/unit/app/service-worker-fakes.ts):
 * nothing shows until a new version waits; Reload asks it to take over and the page reloads only
 * once it has; Later hides the notice and reloads nothing. (A real worker update is not simulated
 * end to end: tests/e2e/pwa.spec.ts covers the real worker offline.)
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { AppUpdate } from '../../../src/lib/app/app-update.svelte.ts';
import { loadOnFirstInteraction } from '../../../src/lib/app/first-interaction.ts';
import { SKIP_WAITING_MESSAGE } from '../../../src/lib/app/shell-cache.ts';
import UpdateNotice from '../../../src/lib/components/app/UpdateNotice.svelte';
import { FakeContainer, host } from '../../unit/app/service-worker-fakes.ts';

async function started(controlled = true) {
	const container = new FakeContainer(controlled);
	const page = host(container);
	const update = new AppUpdate(page);
	update.start('');
	await new Promise((resolve) => setTimeout(resolve, 0));
	const screen = await render(UpdateNotice, { update });
	return { container, page, update, screen };
}

describe('UpdateNotice', () => {
	it('says nothing until a new version waits, then offers Reload', async () => {
		const { container, screen } = await started();
		await expect.element(screen.getByRole('status')).toBeEmptyDOMElement();

		container.registration.install();
		const notice = screen.getByRole('status');
		await expect.element(notice).toHaveTextContent('A new version of Switchboard is ready.');
		await expect.element(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
	});

	it('Reload: the new version takes over, then the page reloads — once', async () => {
		const { container, page, screen } = await started();
		const next = container.registration.install();
		await screen.getByRole('button', { name: 'Reload' }).click();

		expect(next.messages).toEqual([SKIP_WAITING_MESSAGE]);
		await expect.element(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled();
		expect(page.reloads).toBe(0);

		container.takeOver(next);
		expect(page.reloads).toBe(1);
	});

	it('Later hides the notice and reloads nothing', async () => {
		const { container, page, screen } = await started();
		const next = container.registration.install();
		await screen.getByRole('button', { name: 'Later' }).click();
		await expect.element(screen.getByRole('status')).toBeEmptyDOMElement();
		expect(next.messages).toEqual([]);
		expect(page.reloads).toBe(0);
	});

	it('the first install says nothing', async () => {
		const { container, page, screen } = await started(false);
		container.takeOver(container.registration.install());
		await expect.element(screen.getByRole('status')).toBeEmptyDOMElement();
		expect(page.reloads).toBe(0);
	});

	it('Reload is not a first interaction: the page loads no code it is about to leave', async () => {
		// Module requests to the outgoing worker at the moment the new one is told to take over
		// held its activation in Chromium, and the reload never loaded (tests/e2e/pwa.spec.ts).
		const { container, screen } = await started();
		container.registration.install();
		let loads = 0;
		const stop = loadOnFirstInteraction([() => Promise.resolve((loads += 1))]);
		try {
			await screen.getByRole('button', { name: 'Reload' }).click();
			// A load would start by the idle callback's 2 s bound at the latest: nothing to await
			// for something that must not happen, so wait past that bound.
			await new Promise((resolve) => setTimeout(resolve, 2100));
			expect(loads).toBe(0);

			// Anything else is: the code loads once the page is idle.
			document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
			await expect.poll(() => loads, { timeout: 5000 }).toBe(1);
		} finally {
			stop();
		}
	});
});
