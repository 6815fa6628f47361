/**
 * The failure card on a `network` failure offers "Check the connection" — first when the gateway
 * could not be reached or the answer was blocked — as the chat's card is configured
 * (AVAILABLE_FAILURE_ACTIONS), and pressing it hands the action to the page.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { AVAILABLE_FAILURE_ACTIONS } from '../../../src/lib/chat/available-actions.ts';
import FailureCard from '../../../src/lib/components/failure/FailureCard.svelte';
import { classifyThrown, type FailureAction } from '../../../src/lib/failure/index.ts';

describe('FailureCard: "Check the connection"', () => {
	it('a blocked or refused request: the first action, and pressing it asks for the check', async () => {
		const onaction = vi.fn<(action: FailureAction) => void>();
		const failure = classifyThrown(new TypeError('Failed to fetch'), { online: true });
		const screen = await render(FailureCard, {
			failure,
			available: AVAILABLE_FAILURE_ACTIONS,
			onaction
		});
		await expect.element(screen.getByRole('alert')).toHaveAttribute('data-failure-kind', 'network');
		const buttons = screen.getByRole('button').all();
		expect(buttons.map((button) => button.element().textContent?.trim())).toEqual([
			'Check the connection',
			'Try again'
		]);
		await screen.getByRole('button', { name: 'Check the connection' }).click();
		expect(onaction).toHaveBeenCalledExactlyOnceWith({ kind: 'connection_check' });
	});

	it('a connect timeout: "Try again" leads, the check is offered second', async () => {
		const failure = classifyThrown(new DOMException('The operation timed out.', 'TimeoutError'), {
			online: true
		});
		const screen = await render(FailureCard, {
			failure,
			available: AVAILABLE_FAILURE_ACTIONS,
			onaction: () => {}
		});
		const buttons = screen.getByRole('button').all();
		expect(buttons.map((button) => button.element().textContent?.trim())).toEqual([
			'Try again',
			'Check the connection'
		]);
	});
});
