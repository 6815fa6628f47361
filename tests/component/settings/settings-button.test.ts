/**
 * The Settings button draws itself for the header it sits in: its word where the header has
 * room, a gear where it has not, and "Settings" stays its name either way.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { AppState } from '../../../src/lib/chat/app-state.svelte.ts';
import SettingsHarness from './SettingsHarness.svelte';

/** Nothing asks for Settings to open: the button is all these tests look at. */
const app = { settingsRequest: null } as unknown as AppState;

describe('the Settings button', () => {
	it('in a narrow header: a gear, named Settings, its word for screen readers only', async () => {
		const screen = await render(SettingsHarness, { app, width: 320 });
		const button = screen.getByRole('button', { name: 'Settings' });
		await expect.element(button).toBeVisible();
		const gear = button.element().querySelector('svg');
		expect(gear).not.toBeNull();
		expect(gear?.getBoundingClientRect().width).toBeGreaterThan(0);
		const box = button.element().getBoundingClientRect();
		expect(Math.round(box.width)).toBe(Math.round(box.height));
	});

	it('in a wide header: the word, and no gear', async () => {
		const screen = await render(SettingsHarness, { app, width: 900 });
		const button = screen.getByRole('button', { name: 'Settings' });
		await expect.element(button).toBeVisible();
		const gear = button.element().querySelector('svg');
		expect(gear === null || gear.getBoundingClientRect().width === 0).toBe(true);
		const word = button.element().querySelector('span');
		expect(word?.getBoundingClientRect().width).toBeGreaterThan(20);
	});
});
