/**
 * The markdown renderer's own words (a code block's copy button, the footnotes' links, a remote
 * image's placeholder) in the language shown, and again in the new one when it changes; the
 * text's own words stay as written.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import MarkdownView from '../../../src/lib/components/render/MarkdownView.svelte';
import { LOCALE_CONTEXT } from '../../../src/lib/i18n/context.ts';
import { Locale } from '../../../src/lib/i18n/locale.svelte.ts';

const TEXT = [
	'A claim[^1].',
	'',
	'```',
	'echo hello',
	'```',
	'',
	'![a chart](https://images.example.com/chart.png)',
	'',
	'[^1]: The source.'
].join('\n');

describe('the renderer’s labels', () => {
	afterEach(() => vi.restoreAllMocks());

	it('are Chinese in Chinese, and English again after switching', async () => {
		vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
		const locale = new Locale({ browserLanguages: ['zh-CN'] });
		await vi.waitFor(() => expect(locale.language).toBe('zh-CN'));
		const screen = await render(MarkdownView, {
			props: { text: TEXT },
			context: new Map([[LOCALE_CONTEXT, locale]])
		});

		const copy = screen.getByRole('button', { name: '复制' });
		await expect.element(copy).toBeVisible();
		await expect.element(screen.getByText('代码', { exact: true })).toBeVisible();
		await expect
			.element(screen.getByRole('button', { name: /加载来自 images\.example\.com 的图片/ }))
			.toBeVisible();
		await expect.element(screen.getByRole('region', { name: '脚注' })).toBeInTheDocument();
		await expect.element(screen.getByRole('link', { name: '返回引用 1' })).toBeInTheDocument();
		await expect.element(screen.getByText('The source.')).toBeInTheDocument();
		await copy.click();
		await expect.element(screen.getByRole('button', { name: '已复制' })).toBeVisible();

		await locale.choose('en');
		await expect.element(screen.getByRole('button', { name: 'Copy' })).toBeVisible();
		await expect
			.element(screen.getByRole('button', { name: /Load image from images\.example\.com/ }))
			.toBeVisible();
		await expect
			.element(screen.getByRole('link', { name: 'Back to reference 1' }))
			.toBeInTheDocument();
		// Rendered again, not twice.
		expect(screen.container.querySelectorAll('.md-code')).toHaveLength(1);
		expect(screen.container.querySelectorAll('section.md-footnotes')).toHaveLength(1);
	});
});
