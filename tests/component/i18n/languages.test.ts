/**
 * The interface in Simplified Chinese, rendered in Chromium: a failure card and the composer say
 * their words in Chinese (the gateway's message stays as sent), switch to English live when the
 * language changes, and the root layout's Locale keeps `<html lang>` and other tabs in step.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import Composer from '../../../src/lib/components/chat/Composer.svelte';
import FailureCard from '../../../src/lib/components/failure/FailureCard.svelte';
import { classifyHttp, type FailureActionKind } from '../../../src/lib/failure/index.ts';
import { LOCALE_CONTEXT } from '../../../src/lib/i18n/context.ts';
import { Locale } from '../../../src/lib/i18n/locale.svelte.ts';
import LocaleHarness from './LocaleHarness.svelte';

const AVAILABLE = new Set<FailureActionKind>(['retry', 'switch_gateway', 'top_up']);

const lowBalance = classifyHttp(
	403,
	new Headers({ 'x-request-id': 'req_zh_1' }),
	JSON.stringify({
		error: {
			message: '用户额度不足, 剩余额度: ＄0.000000',
			type: 'new_api_error',
			param: '',
			code: 'insufficient_user_quota'
		}
	})
);

async function chinese(): Promise<Locale> {
	const locale = new Locale({ browserLanguages: ['en-US'] });
	await locale.choose('zh-CN');
	return locale;
}

const withLocale = (locale: Locale) => new Map([[LOCALE_CONTEXT, locale]]);

describe('a failure card in Simplified Chinese', () => {
	it('says what happened in Chinese, keeps the gateway’s words, and follows a language change', async () => {
		const locale = await chinese();
		const screen = await render(FailureCard, {
			props: {
				failure: lowBalance,
				available: AVAILABLE,
				onaction: () => {},
				retry: { messageId: 'm', at: Date.now() + 9_000, attempt: 2, after: lowBalance }
			},
			context: withLocale(locale)
		});
		const card = screen.getByRole('alert');
		const title = card.element().querySelector('[data-failure-title]');
		const detail = card.element().querySelector('[data-failure-detail]');
		expect(title?.textContent).toBe('你在此网关的余额不足');
		expect(detail?.textContent).toBe('用户额度不足, 剩余额度: ＄0.000000');
		await expect.element(screen.getByRole('button', { name: '使用其他网关' })).toBeVisible();
		await expect.element(screen.getByRole('button', { name: '立即重试' })).toBeVisible();
		await expect.element(card).toHaveTextContent(/秒后进行第 2 次尝试/);
		await expect.element(screen.getByRole('textbox', { name: '请求 ID' })).toHaveValue('req_zh_1');
		await expect.element(screen.getByText('网关返回的详细信息')).toBeInTheDocument();

		await locale.choose('en');
		await expect.element(card.getByText('Your balance on this gateway has run out')).toBeVisible();
		expect(detail?.textContent).toBe('用户额度不足, 剩余额度: ＄0.000000');
		await expect.element(screen.getByRole('button', { name: 'Use another gateway' })).toBeVisible();
		await expect.element(screen.getByRole('button', { name: 'Try now' })).toBeVisible();
		await expect.element(screen.getByRole('textbox', { name: 'Request id' })).toBeVisible();
	});
});

describe('the composer in Simplified Chinese', () => {
	it('labels, placeholder and buttons in Chinese, then in English when switched', async () => {
		const locale = await chinese();
		const props = {
			draft: '',
			busy: false,
			onsend: () => {},
			onstop: () => {},
			oneditlast: () => false
		};
		const screen = await render(Composer, { props, context: withLocale(locale) });
		const field = screen.getByRole('textbox', { name: '消息' });
		await expect
			.element(field)
			.toHaveAttribute('placeholder', '输入消息（Enter 发送，Shift+Enter 换行，↑ 编辑上一条）');
		await expect.element(screen.getByRole('button', { name: '发送' })).toBeDisabled();
		await field.fill('你好');
		await expect.element(screen.getByRole('button', { name: '发送' })).toBeEnabled();

		await locale.choose('en');
		await expect.element(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
		await expect
			.element(screen.getByRole('textbox', { name: 'Message' }))
			.toHaveAttribute(
				'placeholder',
				'Message (Enter to send, Shift+Enter for a new line, ↑ to edit the last one)'
			);
		await screen.rerender({ busy: true });
		await expect.element(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
		await locale.choose('zh-CN');
		await expect.element(screen.getByRole('button', { name: '停止' })).toBeVisible();
	});
});

describe('the root layout’s Locale', () => {
	afterEach(() => {
		localStorage.removeItem('switchboard.language');
		document.documentElement.lang = 'en';
	});

	it('a choice stored on this device wins over the browser, and names the page’s language', async () => {
		localStorage.setItem('switchboard.language', JSON.stringify('zh-CN'));
		const screen = await render(LocaleHarness);
		await expect.element(screen.getByRole('button', { name: '发送' })).toBeInTheDocument();
		expect(document.documentElement.lang).toBe('zh-CN');
	});

	it('follows a choice made in another tab', async () => {
		const screen = await render(LocaleHarness);
		await expect.element(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
		expect(document.documentElement.lang).toBe('en');
		window.dispatchEvent(
			new StorageEvent('storage', {
				key: 'switchboard.language',
				newValue: JSON.stringify('zh-CN')
			})
		);
		await expect.element(screen.getByRole('button', { name: '发送' })).toBeInTheDocument();
		await expect.poll(() => document.documentElement.lang).toBe('zh-CN');
	});
});
