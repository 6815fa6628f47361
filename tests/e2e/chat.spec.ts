import { expect, test } from '@playwright/test';
import { openChat, send } from './chat-helpers.ts';

test('a prompt gets an answer that streams in and completes', async ({ page }) => {
	await openChat(page);
	// Slow pacing so the stream is seen part-way: the answer is on screen before it is complete.
	await send(page, 'hello #scenario:slow:60');
	const answer = page.locator('[data-role="assistant"]').last();
	await expect(answer).toHaveAttribute('data-turn-status', 'streaming');
	await expect(answer).toContainText('You said “hello”');
	await expect(answer).toHaveAttribute('data-turn-status', 'streaming');
	await expect(answer).not.toContainText('to see how Switchboard handles a failure');

	await expect(answer).toHaveAttribute('data-turn-status', 'completed', { timeout: 20_000 });
	await expect(answer).toContainText('to see how Switchboard handles a failure');
	await expect(page.getByRole('textbox', { name: 'Message' })).toBeEmpty();
});

test('"hello" gets the demo answer, and a second turn follows the first', async ({ page }) => {
	await openChat(page);
	await send(page, 'hello');
	const answers = page.locator('[data-role="assistant"]');
	await expect(answers.first()).toHaveAttribute('data-turn-status', 'completed');
	await expect(answers.first()).toContainText('You said “hello”');
	await expect(answers.first()).toContainText('Here is what a typical answer contains');
	await send(page, 'and again');
	await expect(answers).toHaveCount(2);
	await expect(answers.nth(1)).toHaveAttribute('data-turn-status', 'completed');
	await expect(answers.nth(1)).toContainText('You said “and again”');
});

test('Stop ends the turn as cancelled and keeps what arrived', async ({ page }) => {
	await openChat(page);
	await send(page, 'tell me more #scenario:slow:200');
	const answer = page.locator('[data-role="assistant"]').last();
	await expect(answer).toContainText('You said “tell me more”');
	await page.getByRole('button', { name: 'Stop' }).click();
	await expect(answer).toHaveAttribute('data-turn-status', 'cancelled');
	await expect(answer).toContainText('You said “tell me more”');
	await expect(answer).not.toContainText('to see how Switchboard handles a failure');
	await expect(answer.getByRole('alert')).toHaveCount(0);
	await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
});

test('a stream cut before its terminal event is shown as interrupted, never completed', async ({
	page
}) => {
	await openChat(page);
	await send(page, 'hello #scenario:cut');
	const answer = page.locator('[data-role="assistant"]').last();
	await expect(answer).toHaveAttribute('data-turn-status', 'interrupted');
	await expect(answer).toContainText('You said');
	await expect(answer.locator('[role="alert"]')).toHaveAttribute(
		'data-failure-kind',
		'stream_interrupted'
	);
});
