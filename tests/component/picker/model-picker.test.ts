/**
 * The model picker in Chromium, alone: a search typed with a Chinese input method finds a model,
 * and the Enter that confirms the input method's text picks nothing — only the next Enter does;
 * a request from elsewhere ("choose another model") opens it with focus in the search.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import ModelPicker from '../../../src/routes/ModelPicker.svelte';

const MODELS = ['qwen-max', '通义千问-plus', 'glm-4'];

describe('ModelPicker', () => {
	it('an Enter that belongs to a CJK input method picks nothing; the next one picks', async () => {
		const onpick = vi.fn<(id: string) => void>();
		const screen = await render(ModelPicker, {
			models: MODELS,
			model: 'glm-4',
			focusRequest: 0,
			onpick
		});
		await screen.getByRole('combobox', { name: 'Model', exact: true }).click();
		const search = screen.getByRole('combobox', { name: 'Search models' });
		await expect.element(search).toHaveFocus();
		await search.fill('千问');
		await expect
			.element(screen.getByRole('option', { name: '通义千问-plus' }))
			.toHaveAttribute('aria-selected', 'true');
		// The input method's own Enter (it confirms the composed text).
		search
			.element()
			.dispatchEvent(
				new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true })
			);
		expect(onpick).not.toHaveBeenCalled();
		await expect.element(screen.getByRole('dialog', { name: 'Choose a model' })).toBeVisible();
		search.element().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
		expect(onpick).toHaveBeenCalledExactlyOnceWith('通义千问-plus');
		await expect
			.element(screen.getByRole('combobox', { name: 'Model', exact: true }))
			.toHaveValue('通义千问-plus');
	});

	it('"choose another model" opens the list with focus in the search', async () => {
		const screen = await render(ModelPicker, {
			models: MODELS,
			model: 'glm-4',
			focusRequest: 1,
			onpick: () => {}
		});
		await expect.element(screen.getByRole('combobox', { name: 'Search models' })).toHaveFocus();
		await expect
			.element(screen.getByRole('combobox', { name: 'Model', exact: true }))
			.toHaveAttribute('aria-expanded', 'true');
	});
});
