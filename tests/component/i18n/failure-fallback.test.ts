/**
 * A failure shown before its card has loaded (or without it) says the app's own sentence in the
 * language shown, and a gateway's message as it was sent.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import FailureFallback from '../../../src/lib/components/failure/FailureFallback.svelte';
import { classifyHttp } from '../../../src/lib/failure/index.ts';
import { LOCALE_CONTEXT } from '../../../src/lib/i18n/context.ts';
import { Locale } from '../../../src/lib/i18n/locale.svelte.ts';

async function chinese(): Promise<Locale> {
	const locale = new Locale({ browserLanguages: ['zh-CN'] });
	await vi.waitFor(() => expect(locale.language).toBe('zh-CN'));
	return locale;
}

describe('FailureFallback in Simplified Chinese', () => {
	it('our sentence in Chinese, the gateway’s as sent', async () => {
		const locale = await chinese();
		const ours = classifyHttp(503, new Headers(), '');
		const screen = await render(FailureFallback, {
			props: { failure: ours, unavailable: true, onretry: () => {} },
			context: new Map([[LOCALE_CONTEXT, locale]])
		});
		await expect
			.element(screen.getByRole('alert'))
			.toHaveTextContent(
				'网关或其前面的代理返回了错误，但没有说明原因（503 Service Unavailable）。'
			);
		await expect.element(screen.getByRole('button', { name: '重试' })).toBeVisible();
		expect(screen.getByRole('alert').element().textContent).not.toContain(ours.message);

		const theirs = classifyHttp(
			500,
			new Headers(),
			JSON.stringify({ error: { message: 'upstream exploded' } })
		);
		await screen.rerender({ failure: theirs });
		await expect.element(screen.getByRole('alert')).toHaveTextContent('upstream exploded');
	});
});
