/**
 * Renaming a conversation from the keyboard, in Chromium: the name field replaces the row's
 * buttons while it is open, so closing it (Enter saves, Escape cancels) would drop the focus to
 * the page; it goes back to the row's ✎, where the person started.
 */
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import ConversationItem from '../../../src/lib/components/conversations/ConversationItem.svelte';
import type { ConversationRecord } from '../../../src/lib/chat/storage/records.ts';

const record: ConversationRecord = {
	id: 'c1',
	title: 'Harbours',
	createdAt: 1_700_000_000_000,
	updatedAt: 1_700_000_000_000,
	model: 'demo',
	profileId: 'default',
	draft: ''
};

async function renameWith(key: '{Enter}' | '{Escape}', onrename = vi.fn()) {
	const screen = await render(ConversationItem, {
		record,
		active: false,
		position: 1,
		setSize: 1,
		top: 0,
		height: 48,
		highlight: () => null,
		hit: undefined,
		onselect: () => {},
		onrename,
		ondelete: () => {}
	});
	const rename = screen.getByRole('button', { name: 'Rename Harbours' });
	(rename.element() as HTMLElement).focus();
	await userEvent.keyboard('{Enter}');
	const field = screen.getByLabelText('New name');
	await expect.element(field).toHaveFocus();
	await field.fill('Lighthouses');
	await userEvent.keyboard(key);
	return screen;
}

describe('ConversationItem rename', () => {
	it('Enter saves the name and gives the focus back to ✎', async () => {
		const onrename = vi.fn();
		const screen = await renameWith('{Enter}', onrename);
		expect(onrename).toHaveBeenCalledWith('Lighthouses');
		await expect.element(screen.getByRole('button', { name: 'Rename Harbours' })).toHaveFocus();
	});

	it('Escape leaves the name as it was and gives the focus back to ✎', async () => {
		const onrename = vi.fn();
		const screen = await renameWith('{Escape}', onrename);
		expect(onrename).not.toHaveBeenCalled();
		await expect.element(screen.getByRole('button', { name: 'Rename Harbours' })).toHaveFocus();
	});
});
