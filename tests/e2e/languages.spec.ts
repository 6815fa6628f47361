import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { en } from '../../src/lib/i18n/en.ts';
import { enDeferred } from '../../src/lib/i18n/en-deferred.ts';
import { enMessages } from '../../src/lib/i18n/en-messages.ts';
import { lastAnswer } from './chat-helpers.ts';
import { allowStorageFaults, startStorageFault } from './support/storage-faults.ts';

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

test('in Chinese, the app’s own sentence about a body that is not a stream, and the gateway list', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByRole('combobox', { name: '模型', exact: true })).toHaveValue('demo');
	// A proxy's HTML page at status 200 where the event stream was due (demo gateway scenario).
	const composer = page.getByRole('textbox', { name: '消息', exact: true });
	await composer.fill('你好 #scenario:html-200');
	await composer.press('Enter');
	const card = lastAnswer(page).getByRole('alert');
	await expect(card).toHaveAttribute('data-failure-kind', 'malformed_response');
	await expect(card.locator('[data-failure-detail]')).toHaveText(
		'网关返回的是一个网页，而不是事件流。'
	);

	await page.getByRole('button', { name: '设置', exact: true }).click();
	const dialog = page.getByRole('dialog', { name: '设置' });
	// The built-in demo gateway by our (translated) name; a gateway elsewhere by its host. Its
	// route in Chinese below the list.
	await expect(dialog.getByRole('combobox', { name: '使用' }).locator('option')).toHaveText([
		/^(演示网关|localhost:\d+)$/
	]);
	await expect(dialog.locator('[data-active-route]')).toContainText('OpenAI Responses 接口');
	// The form to add one: each route in Chinese with its path in full-width brackets, as every
	// other Chinese sentence here has them; the path itself as the gateway sees it.
	await dialog.locator('summary', { hasText: '添加网关' }).click();
	await expect(dialog.getByRole('combobox', { name: '路由' }).locator('option')).toHaveText([
		'OpenAI Responses 接口（/v1/responses）',
		'Anthropic Messages 接口（/v1/messages）',
		'Codex 后端（ChatGPT 账号）（/backend-api/…/responses）'
	]);
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

/** Every English sentence of the catalogues (three words or more): none may show in Chinese. */
function englishSentences(node: unknown, found: string[] = []): string[] {
	if (typeof node === 'string') {
		if (node.trim().split(/\s+/).length >= 3) found.push(node);
	} else if (typeof node === 'object' && node !== null) {
		for (const value of Object.values(node)) englishSentences(value, found);
	}
	return found;
}
const ENGLISH = englishSentences({ ...en, ...enMessages, ...enDeferred });
/** Sentences the parts below said in English before they had Chinese (not in the catalogues' form). */
const FORMER_ENGLISH = [
	'Export as Markdown',
	'Imported ',
	'damaged saved item',
	'is not being saved',
	'no longer being saved',
	'this file type can’t be sent',
	'The gateway lists',
	'Not needed: the gateway',
	'Load image from'
];

async function expectNoEnglish(part: Locator, what: string): Promise<void> {
	const text = await part.innerText();
	expect(text, `${what} says something`).toMatch(/\p{Script=Han}/u);
	for (const sentence of [...ENGLISH, ...FORMER_ENGLISH]) {
		expect(text, `${what} shows an English sentence`).not.toContain(sentence);
	}
}

async function openInChinese(page: Page): Promise<void> {
	await page.goto('/');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('textbox', { name: '消息', exact: true })).toBeEnabled();
}

test('the library, export and import, and an attachment refusal, in Chinese', async ({ page }) => {
	await openInChinese(page);
	const composer = page.getByRole('textbox', { name: '消息', exact: true });
	await composer.fill('旅行计划');
	await composer.press('Enter');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');

	// The library: its row, its buttons, and a deletion that can be undone.
	const library = page.getByRole('navigation', { name: '对话', exact: true });
	await expect(library.getByRole('button', { name: '新对话', exact: true })).toBeVisible();
	await expect(library.getByRole('searchbox', { name: '搜索对话' })).toHaveAttribute(
		'placeholder',
		'搜索标题和消息'
	);
	await expect(library.getByRole('button', { name: '重命名“旅行计划”' })).toBeVisible();
	await library.getByRole('button', { name: '删除“旅行计划”' }).click();
	await expect(library.getByRole('status').filter({ hasText: '已删除“旅行计划”。' })).toBeVisible();
	await expectNoEnglish(library, 'the library');
	await library.getByRole('button', { name: '撤销', exact: true }).click();
	await expect(library.getByRole('button', { name: '旅行计划', exact: true })).toBeVisible();

	// Export and import: the buttons, a refused file, and an import's summary.
	const transfer = page.getByRole('group', { name: '导出和导入' });
	await expect(transfer.getByRole('button', { name: '导出为 Markdown' })).toBeVisible();
	await expect(transfer.getByRole('button', { name: '导出为 JSON' })).toBeVisible();
	// The Markdown export reads in the language of the page; the answer's words stay as sent.
	await library.getByRole('button', { name: '旅行计划', exact: true }).click();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	const exporting = page.waitForEvent('download');
	await transfer.getByRole('button', { name: '导出为 Markdown' }).click();
	const markdown = await readFile((await (await exporting).path()) ?? '', 'utf8');
	expect(markdown).toMatch(
		/^# 旅行计划\n\n模型：`demo`\n\n## 你\n\n旅行计划\n\n## 助手\n\nYou said “旅行计划”/
	);
	expect(markdown).not.toMatch(/## You|## Assistant|Model:/);
	await transfer.getByLabel('导入…').setInputFiles({
		name: 'notes.json',
		mimeType: 'application/json',
		buffer: Buffer.from('{"hello": "world"}')
	});
	await expect(transfer.getByRole('status')).toHaveText('此 JSON 文件不是 Switchboard 导出文件。');
	const downloading = page.waitForEvent('download');
	await transfer.getByRole('button', { name: '全部导出' }).click();
	const file = await (await downloading).path();
	await transfer.getByLabel('导入…').setInputFiles(file);
	const summary = transfer.locator('[data-import-summary]');
	// Everything in it is here already: said so, and counted, in Chinese.
	await expect(summary).toContainText('此文件中的对话都已在库中。');
	await expect(summary).toContainText('已在库中，未重复导入');
	await expect(summary).toContainText('用时');
	await expectNoEnglish(transfer, 'export and import');
	// A damaged message in a changed copy: which conversation lost it is named, in Chinese, by
	// the conversation's own title.
	const exported = JSON.parse(await readFile(file ?? '', 'utf8')) as {
		conversations: { title: string; updatedAt: number; messages: unknown[] }[];
	};
	const trip = exported.conversations.find(({ title }) => title === '旅行计划');
	if (trip === undefined) throw new Error('the export lacks 旅行计划');
	trip.updatedAt += 1;
	trip.messages.push({ role: 'robot' });
	await transfer.getByLabel('导入…').setInputFiles({
		name: 'damaged.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(exported))
	});
	await expect(summary.locator('[data-import-damaged] li')).toHaveText([
		'“旅行计划”：跳过了 1 条消息'
	]);
	await expectNoEnglish(transfer, 'the import summary of a damaged file');

	// A file the composer cannot send is refused by name, in Chinese.
	await page.locator('input[type="file"][data-attach]').setInputFiles({
		name: 'notes.txt',
		mimeType: 'text/plain',
		buffer: Buffer.from('hello')
	});
	const refusal = page.locator('[data-attachment-refusal]');
	await expect(refusal).toHaveText(
		'notes.txt：无法发送此类型的文件；请添加 PNG、JPEG、WebP、GIF 或 PDF 文件。'
	);
	await expectNoEnglish(refusal, 'the attachment refusal');
});

test('a storage notice in Chinese', async ({ page }) => {
	await allowStorageFaults(page);
	await openInChinese(page);
	// Every IndexedDB write fails as a full disk does, from here on.
	await startStorageFault(page, 'refuse');
	const composer = page.getByRole('textbox', { name: '消息', exact: true });
	await composer.fill('你好');
	await composer.press('Enter');
	const notice = page.locator('[data-storage-problem]');
	await expect(notice).toContainText('历史记录已停止保存');
	await expectNoEnglish(notice, 'the storage notice');
});

test('the connection check page in Chinese', async ({ page }) => {
	await page.goto('/connection');
	await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
	await expect(page.getByRole('heading', { name: '连接检查' })).toBeVisible();
	for (const step of ['reachable', 'cors', 'auth', 'models', 'stream']) {
		await expect(page.locator(`[data-check-step="${step}"]`)).toHaveAttribute(
			'data-check-result',
			'passed',
			{ timeout: 30_000 }
		);
	}
	await expect(page.locator('[data-check-summary]')).toHaveText('所有步骤均已通过。');
	await expect(page.locator('[data-check-step="models"] [data-check-note]')).toContainText(
		'网关列出了'
	);
	await expectNoEnglish(page.getByRole('main'), 'the connection check');
	await expect(page).toHaveTitle('连接检查 · Switchboard');
});
