/**
 * A conversation nobody has named yet is stored with the default title, a marker: its row says
 * it in the language shown, and renaming it without a change keeps the marker.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { DEFAULT_TITLE } from '../../../src/lib/chat/chat-message.ts';
import ConversationItem from '../../../src/lib/components/conversations/ConversationItem.svelte';
import { LOCALE_CONTEXT } from '../../../src/lib/i18n/context.ts';
import { Locale } from '../../../src/lib/i18n/locale.svelte.ts';

describe('a conversation row in Simplified Chinese', () => {
	it('shows the default title in Chinese, and keeps it a marker', async () => {
		const locale = new Locale({ browserLanguages: ['zh-CN'] });
		await vi.waitFor(() => expect(locale.language).toBe('zh-CN'));
		const renamed: string[] = [];
		const record = {
			id: 'c1',
			title: DEFAULT_TITLE,
			createdAt: 1,
			updatedAt: 1,
			model: 'demo',
			profileId: 'default',
			draft: ''
		};
		const screen = await render(ConversationItem, {
			props: {
				record,
				active: false,
				position: 1,
				setSize: 1,
				top: 0,
				height: 40,
				highlight: () => null,
				hit: undefined,
				onselect: () => {},
				onrename: (title: string) => renamed.push(title),
				ondelete: () => {}
			},
			context: new Map([[LOCALE_CONTEXT, locale]])
		});
		await expect.element(screen.getByRole('button', { name: '新对话', exact: true })).toBeVisible();
		await screen.getByRole('button', { name: '重命名“新对话”' }).click();
		const field = screen.getByRole('textbox', { name: '新名称' });
		await expect.element(field).toHaveValue('新对话');
		await screen.getByRole('button', { name: '保存' }).click();
		expect(renamed).toEqual([DEFAULT_TITLE]);

		await locale.choose('en');
		await expect
			.element(screen.getByRole('button', { name: 'New conversation', exact: true }))
			.toBeVisible();
		await expect
			.element(screen.getByRole('button', { name: 'Delete New conversation' }))
			.toBeVisible();
	});
});
