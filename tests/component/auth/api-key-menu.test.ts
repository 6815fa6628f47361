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
	apiKey.configure(profile, 'https://gw.example.com');
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

	it('refuses a key with a full-width space, says which character and where, and keeps what was typed', async () => {
		const apiKey = session('menu-3');
		const screen = await render(ApiKeyMenu, { apiKey, openRequest: 0 });
		await screen.rerender({ openRequest: 1 });
		const input = screen.getByLabelText('API key for this gateway');
		await expect.element(input).toHaveFocus();
		// The space a Chinese input method types between two halves of a pasted key.
		await input.fill('sk-abc\u3000123');
		await userEvent.keyboard('{Enter}');
		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent('character 7 is a full-width space (U+3000)');
		expect(apiKey.hasKey).toBe(false);
		await expect.element(input).toHaveValue('sk-abc\u3000123');
		await expect.element(input).toHaveFocus();
		// Typed again without it, the key is taken and the sentence goes.
		await input.fill('sk-abc123-abcdefgh');
		await userEvent.keyboard('{Enter}');
		expect(apiKey.hasKey).toBe(true);
		expect(document.querySelector('[role="alert"]')).toBeNull();
	});

	it('closes once a key is taken and gives focus back to the key button', async () => {
		const apiKey = session('menu-4');
		const screen = await render(ApiKeyMenu, { apiKey, openRequest: 0 });
		const button = document.querySelector('[data-api-key-menu]') as HTMLElement;
		button.focus();
		await userEvent.keyboard('{Enter}');
		const input = screen.getByLabelText('API key for this gateway');
		await input.fill('sk-menu-abcdefgh9999');
		await userEvent.keyboard('{Enter}');
		await expect.element(screen.getByText('API key ••••9999')).toBeInTheDocument();
		await expect
			.poll(() => (document.querySelector('details') as HTMLDetailsElement).open)
			.toBe(false);
		expect(document.activeElement).toBe(button);
	});

	it('does not use a remembered key that cannot be sent (saved before keys were checked)', () => {
		localStorage.clear();
		localStorage.setItem('switchboard.api-key:menu-5', 'sk-短-abcdefgh');
		localStorage.setItem('switchboard.api-key:menu-6', 'sk-fine-abcdefgh');
		const apiKey = new ApiKeySession(localStorage);
		apiKey.configure('menu-5', 'https://gw.example.com');
		expect(apiKey.hasKey).toBe(false);
		apiKey.configure('menu-6', 'https://gw.example.com');
		expect(apiKey.key()).toBe('sk-fine-abcdefgh');
	});
});
