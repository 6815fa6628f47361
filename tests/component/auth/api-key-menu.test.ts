/**
 * The API-key button in the header, rendered in Chromium: its form is not part of the page until
 * the popover opens (it loads then), and opening it by keyboard, or by a request for a key, still
 * leads straight to a usable form.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { userEvent } from 'vitest/browser';
import { ApiKeySession } from '../../../src/lib/auth/api-key.svelte.ts';
import ApiKeyMenu from '../../../src/lib/components/auth/ApiKeyMenu.svelte';

function session(profile: string): ApiKeySession {
	localStorage.clear();
	const apiKey = new ApiKeySession(localStorage);
	apiKey.configure(profile);
	return apiKey;
}

describe('ApiKeyMenu', () => {
	it('loads its form when opened from the keyboard, and the key can be entered there', async () => {
		const apiKey = session('menu-1');
		const screen = await render(ApiKeyMenu, { apiKey, openRequest: 0 });
		expect(document.querySelector('input[type="password"]')).toBeNull();

		(document.querySelector('[data-api-key-menu]') as HTMLElement).focus();
		await userEvent.keyboard('{Enter}');
		const input = screen.getByLabelText('API key for this gateway');
		await expect.element(input).toBeVisible();
		await input.fill('sk-menu-abcdefgh5678');
		await userEvent.keyboard('{Enter}');
		await expect.element(screen.getByText('••••5678').first()).toBeVisible();
	});

	it('a request for a key opens the popover with the key field focused', async () => {
		const apiKey = session('menu-2');
		const screen = await render(ApiKeyMenu, { apiKey, openRequest: 0 });
		await screen.rerender({ openRequest: 1 });
		const input = screen.getByLabelText('API key for this gateway');
		await expect.element(input).toHaveFocus();
	});
});
