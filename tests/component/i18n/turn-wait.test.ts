/**
 * An automatic retry's wait says which failure it follows, with the failure card's own headline
 * in the language shown (the card it replaced said the same).
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { TurnWaiting } from '../../../src/lib/chat/chat-session.svelte.ts';
import TurnWait from '../../../src/lib/components/chat/TurnWait.svelte';
import type { Failure } from '../../../src/lib/failure/index.ts';
import { LOCALE_CONTEXT } from '../../../src/lib/i18n/context.ts';
import { Locale } from '../../../src/lib/i18n/locale.svelte.ts';

const timedOut: Failure = {
	kind: 'network',
	networkCase: 'timeout',
	message: 'No response from the gateway within 30 s.'
};

function waiting(after: Failure | null): TurnWaiting {
	return { phase: 'requesting', attempt: 2, after, since: Date.now(), lastEventAt: () => 0 };
}

const textOf = (root: HTMLElement, selector: string): string | undefined =>
	root.querySelector(selector)?.textContent ?? undefined;

async function localeFor(language: string): Promise<Locale> {
	const locale = new Locale({ browserLanguages: [language] });
	await vi.waitFor(() => expect(locale.ready).toBe(true));
	return locale;
}

describe('TurnWait during an automatic retry', () => {
	it('says the failure it follows, in English', async () => {
		const screen = await render(TurnWait, {
			props: { waiting: waiting(timedOut), idle: 'Answering…' },
			context: new Map([[LOCALE_CONTEXT, await localeFor('en')]])
		});
		await vi.waitFor(() =>
			expect(textOf(screen.container, '[data-turn-retry-after="network"]')).toBe(
				'Trying again after: The connection to the gateway timed out.'
			)
		);
		expect(textOf(screen.container, '[data-turn-wait="connecting"]')).toMatch(/attempt 2/);
	});

	it('says it in Simplified Chinese, with the card’s Chinese headline', async () => {
		const locale = await localeFor('zh-CN');
		await vi.waitFor(() => expect(locale.language).toBe('zh-CN'));
		const screen = await render(TurnWait, {
			props: { waiting: waiting(timedOut), idle: '正在回答…' },
			context: new Map([[LOCALE_CONTEXT, locale]])
		});
		await vi.waitFor(() =>
			expect(textOf(screen.container, '[data-turn-retry-after="network"]')).toMatch(
				/^上次失败：.+。正在重试。$/
			)
		);
		expect(textOf(screen.container, '[data-turn-retry-after]')).not.toMatch(/[A-Za-z]/);
	});

	it('a first attempt says only the wait', async () => {
		const screen = await render(TurnWait, {
			props: { waiting: waiting(null), idle: 'Answering…' },
			context: new Map([[LOCALE_CONTEXT, await localeFor('en')]])
		});
		await vi.waitFor(() =>
			expect(textOf(screen.container, '[data-turn-wait="connecting"]')).toMatch(/attempt 2/)
		);
		expect(screen.container.querySelector('[data-turn-retry-after]')).toBeNull();
	});
});
