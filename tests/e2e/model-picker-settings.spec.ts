import { expect, test, type Page } from '@playwright/test';
import {
	addMessagesGateway,
	closeSettings,
	lastAnswer,
	openChat,
	openSettings,
	send,
	useDemoGateway
} from './chat-helpers.ts';
import { watchTurnRequests } from './support/turn-requests.ts';

/**
 * The model picker (a button that opens the gateway's `/v1/models` with a search, recent picks on
 * top, and any typed id as the last choice) and Settings grouped by route, with the one reasoning
 * control that route has (issue 17, "a real design").
 */

const DEMO_MODELS = [
	'demo',
	'demo-adaptive',
	'demo-legacy',
	'demo-long-context',
	'demo-no-encrypted',
	'codex-auto-review'
];

function modelButton(page: Page) {
	return page.getByRole('combobox', { name: 'Model', exact: true });
}

function picker(page: Page) {
	return page.getByRole('dialog', { name: 'Choose a model' });
}

function search(page: Page) {
	return picker(page).getByRole('combobox', { name: 'Search models' });
}

/** The ids of the models the open picker lists, in order. */
function optionIds(page: Page): Promise<string[]> {
	return picker(page)
		.locator('[data-model-option]')
		.evaluateAll((options) =>
			options.map((option) => option.getAttribute('data-model-option') ?? '')
		);
}

function settingsDialog(page: Page) {
	return page.getByRole('dialog', { name: 'Settings' });
}

test.describe('the model picker', () => {
	test('lists the gateway’s models, filters as you type, and picks with the keyboard', async ({
		page
	}) => {
		await openChat(page);
		await modelButton(page).click();
		await expect(search(page)).toBeFocused();
		await expect.poll(() => optionIds(page)).toEqual(DEMO_MODELS);
		// The model in use is marked, and is the highlighted choice.
		const current = picker(page).getByRole('option', { selected: true });
		await expect(current).toHaveAttribute('data-model-option', 'demo');
		await expect(current).toContainText('✓');

		// Case does not matter; the id matches anywhere.
		await search(page).fill('LEGACY');
		await expect.poll(() => optionIds(page)).toEqual(['demo-legacy']);
		await search(page).press('Enter');
		await expect(picker(page)).toBeHidden();
		await expect(modelButton(page)).toHaveValue('demo-legacy');
		await expect(modelButton(page)).toBeFocused();

		// From the button: ↓ opens the list; End, Home and the arrows move; Enter picks.
		await modelButton(page).press('ArrowDown');
		await expect(search(page)).toBeFocused();
		await search(page).press('End');
		await expect(picker(page).getByRole('option', { selected: true })).toHaveAttribute(
			'data-model-option',
			'codex-auto-review'
		);
		await search(page).press('Home');
		await search(page).press('ArrowDown');
		const second = picker(page).getByRole('option', { selected: true });
		const secondId = await second.getAttribute('data-model-option');
		await search(page).press('Enter');
		await expect(modelButton(page)).toHaveValue(secondId ?? '');

		// Typing on the button starts a search with that character.
		await modelButton(page).press('w');
		await expect(search(page)).toHaveValue('w');
		await expect.poll(() => optionIds(page)).toEqual(['codex-auto-review']);
	});

	test('Escape closes the list and gives focus back to the button, the model unchanged', async ({
		page
	}) => {
		await openChat(page);
		await modelButton(page).click();
		await search(page).fill('adaptive');
		await search(page).press('Escape');
		await expect(picker(page)).toBeHidden();
		await expect(modelButton(page)).toBeFocused();
		await expect(modelButton(page)).toHaveValue('demo');
		await expect(modelButton(page)).toHaveAttribute('aria-expanded', 'false');
	});

	test('an id the gateway does not list can be used, and is the model sent', async ({ page }) => {
		await openChat(page);
		await modelButton(page).click();
		await search(page).fill('my-relay-model-7');
		const typed = picker(page).locator('[data-model-typed="my-relay-model-7"]');
		await expect(typed).toContainText('Use “my-relay-model-7”');
		await expect(picker(page).locator('[data-model-option]')).toHaveCount(0);
		await typed.click();
		await expect(modelButton(page)).toHaveValue('my-relay-model-7');

		const requests = watchTurnRequests(page);
		await send(page, 'which model? #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		expect(requests.lastBody()['model']).toBe('my-relay-model-7');

		// The pick is remembered on top of the list, even though the gateway does not list it.
		await modelButton(page).click();
		const recent = picker(page).getByRole('group', { name: 'Recent' });
		await expect(recent.locator('[data-model-option]')).toHaveAttribute(
			'data-model-option',
			'my-relay-model-7'
		);
		await expect(recent.getByRole('option')).toHaveCount(1);
	});

	test('when the model list cannot be loaded, it says so and a typed id still works', async ({
		page
	}) => {
		await page.route('**/v1/models', (route) => route.abort('connectionrefused'));
		await page.goto('/');
		await expect(page.locator('[data-failure-kind="network"]')).toBeVisible();
		await modelButton(page).click();
		await expect(picker(page)).toContainText('The model list could not be loaded');
		await search(page).fill('demo');
		await search(page).press('Enter');
		await expect(modelButton(page)).toHaveValue('demo');
		await send(page, 'still here #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	});

	test('a list of 500 models renders 100 rows, grouped by provider, and narrows as you type', async ({
		page
	}) => {
		const data = Array.from({ length: 500 }, (_, index) => ({
			id: `${index % 2 === 0 ? 'openai' : 'anthropic'}/model-${String(index).padStart(3, '0')}`,
			object: 'model'
		}));
		await page.route('**/v1/models', (route) =>
			route.fulfill({
				json: { object: 'list', data },
				headers: { 'access-control-allow-origin': '*' }
			})
		);
		await page.goto('/');
		await expect(modelButton(page)).toHaveValue('openai/model-000');
		await modelButton(page).click();
		await expect(picker(page).locator('[data-model-option]')).toHaveCount(100);
		await expect(picker(page)).toContainText('400 more — type to narrow the list');
		await expect(picker(page).getByRole('group', { name: 'openai' })).toBeVisible();

		await search(page).fill('model-49');
		await expect(picker(page).locator('[data-model-option]')).toHaveCount(10);
		await expect(picker(page)).not.toContainText('more — type to narrow');
		await expect(picker(page).getByRole('group', { name: 'anthropic' })).toBeVisible();
		await picker(page).locator('[data-model-option="anthropic/model-491"]').click();
		await expect(modelButton(page)).toHaveValue('anthropic/model-491');
	});

	test.describe('on a 360 px phone', () => {
		test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

		test('the list stays inside the screen, with rows a finger can hit', async ({ page }) => {
			await openChat(page);
			await modelButton(page).tap();
			await expect(search(page)).toBeVisible();
			const box = await picker(page).boundingBox();
			expect(box).not.toBeNull();
			if (box === null) return;
			expect(box.x).toBeGreaterThanOrEqual(0);
			expect(box.x + box.width).toBeLessThanOrEqual(360);
			expect(box.y + box.height).toBeLessThanOrEqual(740);
			for (const row of await picker(page).getByRole('option').all()) {
				const rowBox = await row.boundingBox();
				expect(rowBox?.height ?? 0).toBeGreaterThanOrEqual(44);
			}
			await picker(page).locator('[data-model-option="demo-adaptive"]').tap();
			await expect(modelButton(page)).toHaveValue('demo-adaptive');
		});
	});
});

test.describe('Settings, grouped by route', () => {
	test('the gateway list shows names, and a route only where two gateways share a name', async ({
		page,
		baseURL
	}) => {
		await openChat(page);
		await openSettings(page);
		const dialog = settingsDialog(page);
		const use = dialog.getByRole('combobox', { name: 'Use' });
		const labels = (): Promise<string[]> =>
			use.evaluate((select: HTMLSelectElement) => [...select.options].map((o) => o.text));
		for (const route of ['responses', 'messages'] as const) {
			await dialog.getByText('Add a gateway').click();
			await dialog.getByLabel('Name').fill('Team');
			await dialog.getByLabel('Base URL').fill(`${baseURL ?? ''}/demo`);
			await dialog.getByLabel('Route').selectOption(route);
			await dialog.getByRole('button', { name: 'Add gateway' }).click();
		}
		// The server's gateway first ("Demo gateway", or its host when it is not the built-in demo).
		const [server, ...added] = await labels();
		expect(server).not.toContain('(');
		expect(added).toEqual(['Team (OpenAI Responses API)', 'Team (Anthropic Messages API)']);
		// One of the two removed: the other is known by its name alone again.
		await dialog.getByRole('button', { name: 'Remove this gateway' }).click();
		await expect.poll(labels).toEqual([server, 'Team']);
	});

	test('removing the gateway in use goes back to the server’s, with its models', async ({
		page,
		baseURL
	}, testInfo) => {
		await openChat(page);
		await openSettings(page);
		const dialog = settingsDialog(page);
		await dialog.getByText('Add a gateway').click();
		await dialog.getByLabel('Name').fill('Nowhere');
		// Same origin as the app, so no reload is needed to reach it; it lists no models.
		await dialog.getByLabel('Base URL').fill(`${baseURL ?? ''}/nowhere`);
		await dialog.getByLabel('Default model').fill('gpt-nowhere');
		await dialog.getByRole('button', { name: 'Add gateway' }).click();
		const model = page.getByRole('combobox', { name: 'Model', exact: true });
		await expect(model).toContainText('gpt-nowhere');
		// The header's "demo gateway" mark is for the demo only, not for every gateway of its app.
		const demoMark = page.locator('header').first().getByText('demo gateway', { exact: true });
		await expect(demoMark).toHaveCount(0);

		await dialog.getByRole('button', { name: 'Remove this gateway' }).click();
		await closeSettings(page);
		await expect(model).not.toContainText('gpt-nowhere');
		if (testInfo.project.name === 'built-in demo gateway') await expect(demoMark).toBeVisible();
		await model.click();
		await expect(page.locator('[data-model-option="demo"]')).toBeVisible();
		await page.keyboard.press('Escape');
		await send(page, 'which model? #scenario:instant');
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		await expect(lastAnswer(page)).toContainText('This is demo on');
	});

	test('one reasoning control per route, and the backend area only on the backend route', async ({
		page,
		baseURL
	}) => {
		await openChat(page);
		await openSettings(page);
		const dialog = settingsDialog(page);
		const controls = dialog.locator('[data-reasoning-control]');

		// Responses: a reasoning effort, summaries, image generation; no thinking, no area.
		await expect(dialog.locator('[data-active-route]')).toContainText('OpenAI Responses API');
		await expect(controls).toHaveCount(1);
		await expect(dialog.getByRole('combobox', { name: 'Reasoning effort' })).toBeVisible();
		await expect(dialog.getByRole('combobox', { name: 'Thinking' })).toHaveCount(0);
		await expect(dialog.getByLabel('Ask for reasoning summaries')).toBeVisible();
		await expect(dialog.getByLabel('Image generation')).toBeVisible();
		await expect(dialog.getByText('Backend area')).toHaveCount(0);
		// Adding a gateway asks for an area only for the backend route.
		await dialog.getByText('Add a gateway').click();
		await expect(dialog.getByLabel('Backend area')).toHaveCount(0);
		await dialog.getByLabel('Route').selectOption('backend');
		await expect(dialog.getByLabel('Backend area')).toBeVisible();
		await dialog.getByLabel('Route').selectOption('responses');
		await dialog.getByText('Add a gateway').click();

		// Messages: thinking instead of an effort; the larger context; no image generation.
		await addMessagesGateway(page, baseURL);
		await expect(dialog.locator('[data-active-route]')).toContainText('Anthropic Messages API');
		await expect(controls).toHaveCount(1);
		await expect(dialog.getByRole('combobox', { name: 'Thinking' })).toBeVisible();
		await expect(dialog.getByRole('combobox', { name: 'Reasoning effort' })).toHaveCount(0);
		await expect(dialog.getByLabel('Ask for reasoning summaries')).toHaveCount(0);
		await expect(dialog.getByLabel('Use the larger (1M-token) context window')).toBeVisible();
		await expect(dialog.getByLabel('Image generation')).toHaveCount(0);
		await expect(dialog.getByText('Backend area')).toHaveCount(0);
		await closeSettings(page);

		// The backend route: an effort again, and its area.
		await useDemoGateway(page, baseURL, 'backend');
		await openSettings(page);
		await expect(dialog.locator('[data-active-route]')).toContainText('Codex backend');
		await expect(dialog.locator('[data-active-route]')).toContainText('Backend area');
		await expect(controls).toHaveCount(1);
		await expect(dialog.getByRole('combobox', { name: 'Reasoning effort' })).toBeVisible();
		await expect(dialog.getByRole('combobox', { name: 'Thinking' })).toHaveCount(0);
	});

	test('the route’s reasoning control is what the request asks for', async ({ page, baseURL }) => {
		await openChat(page);
		const requests = watchTurnRequests(page);
		await openSettings(page);
		await settingsDialog(page)
			.getByRole('combobox', { name: 'Reasoning effort' })
			.selectOption('high');
		await closeSettings(page);
		await send(page, 'effort #scenario:instant');
		await expect.poll(() => requests.count()).toBe(1);
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		expect(requests.lastBody()['reasoning']).toEqual({ effort: 'high' });

		await openSettings(page);
		await addMessagesGateway(page, baseURL);
		const thinking = settingsDialog(page).getByRole('combobox', { name: 'Thinking' });
		// The Responses effort does not turn thinking on here.
		await expect(thinking).toHaveValue('off');
		await thinking.selectOption('budget-4096');
		await closeSettings(page);
		await send(page, 'budget #scenario:instant');
		// The first answer is already completed: wait for the second turn's request itself.
		await expect.poll(() => requests.count()).toBe(2);
		await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
		expect(requests.lastBody()['thinking']).toEqual({ type: 'enabled', budget_tokens: 4096 });
	});
});
