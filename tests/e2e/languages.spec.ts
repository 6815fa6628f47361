import { expect, test } from '@playwright/test';
import { lastAnswer } from './chat-helpers.ts';

/**
 * A browser that prefers Simplified Chinese gets the interface in Simplified Chinese: the page's
 * language, the composer, and a failure card's own words. The gateway's message is shown exactly
 * as it was sent (new-api's Chinese quota message, half-width comma and all). English is one
 * choice away in Settings, applies at once, and is remembered on this device.
 */
test.use({ locale: 'zh-CN' });

const ENGLISH_PLACEHOLDER =
	'Message (Enter to send, Shift+Enter for a new line, ↑ to edit the last one)';
const GATEWAY_MESSAGE = '用户额度不足, 剩余额度: ＄0.000000';

test('a zh-CN browser: Chinese interface, the gateway’s words verbatim, English from Settings', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('combobox', { name: '模型', exact: true })).toHaveValue('demo');

	const composer = page.getByRole('textbox', { name: '消息', exact: true });
	await expect(composer).toHaveAttribute(
		'placeholder',
		'输入消息（Enter 发送，Shift+Enter 换行，↑ 编辑上一条）'
	);
	await expect(page.getByRole('button', { name: '发送', exact: true })).toBeVisible();

	// new-api's 403 insufficient_user_quota, with its Chinese message (demo gateway scenario).
	await composer.fill('你好 #scenario:quota-exhausted-zh');
	await composer.press('Enter');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'insufficient_balance');
	await expect(card.locator('[data-failure-title]')).toHaveText('你在此网关的余额不足');
	await expect(card.locator('[data-failure-detail]')).toHaveText(GATEWAY_MESSAGE);
	await expect(card.getByRole('button', { name: '重试', exact: true })).toBeVisible();
	await expect(card.getByRole('button', { name: '使用其他网关', exact: true })).toBeVisible();
	await expect(card.getByRole('textbox', { name: '请求 ID', exact: true })).not.toHaveValue('');

	// Settings → 语言 → English: the whole page follows at once, the open dialog included.
	await page.getByRole('button', { name: '设置', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: '设置' });
	await expect(dialog).toBeVisible();
	await dialog.getByRole('combobox', { name: '语言' }).selectOption('en');
	const settings = page.getByRole('dialog', { name: 'Settings' });
	await expect(settings).toBeVisible();
	await settings.getByRole('button', { name: 'Done' }).click();
	await expect(settings).toBeHidden();

	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
	await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute(
		'placeholder',
		ENGLISH_PLACEHOLDER
	);
	await expect(card.locator('[data-failure-title]')).toHaveText(
		'Your balance on this gateway has run out'
	);
	await expect(card.locator('[data-failure-detail]')).toHaveText(GATEWAY_MESSAGE);
	await expect(card.getByRole('button', { name: 'Try again', exact: true })).toBeVisible();
	await expect(
		card.getByRole('button', { name: 'Use another gateway', exact: true })
	).toBeVisible();

	// Remembered on this device: after a reload the browser's Chinese no longer decides.
	await page.reload();
	await expect(page.getByRole('combobox', { name: 'Model', exact: true })).toHaveValue('demo');
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute(
		'placeholder',
		ENGLISH_PLACEHOLDER
	);
});

test('"Automatic" follows the browser again', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('combobox', { name: '模型', exact: true })).toHaveValue('demo');
	await page.getByRole('button', { name: '设置', exact: true }).click();
	const language = page
		.getByRole('dialog', { name: '设置' })
		.getByRole('combobox', { name: '语言' });
	await expect(language).toHaveValue('auto');
	await language.selectOption('en');
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await page
		.getByRole('dialog', { name: 'Settings' })
		.getByRole('combobox', { name: 'Language' })
		.selectOption('auto');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('dialog', { name: '设置' })).toBeVisible();
});
