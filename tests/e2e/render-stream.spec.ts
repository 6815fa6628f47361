import { expect, test, type Locator } from '@playwright/test';
import { lastAnswer, openChat, send } from './chat-helpers.ts';

/** Live rendering in the real app: structure as it streams, code, reasoning, refusals, usage. */

test('an answer streams in as markdown: list, table, highlighted code with a copy button', async ({
	page,
	context
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await openChat(page);
	// 60 ms a token: long enough (several seconds) that a busy CI machine still sees it streaming.
	await send(page, 'hello #scenario:slow:60');
	const answer = lastAnswer(page);
	await expect(answer.locator('[data-markdown] strong').first()).toHaveText('demo');
	await expect(answer).toHaveAttribute('data-turn-status', 'streaming');
	await expect(answer).toHaveAttribute('data-turn-status', 'completed', { timeout: 40_000 });
	const markdown = answer.locator('[data-markdown]');
	await expect(markdown.locator('ol > li')).toHaveCount(3);
	await expect(markdown.locator('tbody > tr')).toHaveCount(2);
	await expect(markdown.locator('td code').first()).toHaveText('/v1/responses');
	await expect(markdown.locator('code .hljs-keyword').first()).toHaveText('function');
	await markdown.getByRole('button', { name: 'Copy' }).click();
	await expect(markdown.getByRole('button', { name: 'Copied' })).toBeVisible();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
		'function greet(name: string): string {\n\treturn `Hello, ${name}!`;\n}\n'
	);
});

test('reasoning streams into a collapsible section that closes once the answer starts', async ({
	page
}) => {
	await openChat(page);
	await send(page, 'hello #scenario:reasoning');
	const answer = lastAnswer(page);
	await expect(answer).toHaveAttribute('data-turn-status', 'completed');
	const reasoning = answer.locator('details[data-reasoning]');
	await expect(reasoning).not.toHaveAttribute('open');
	await reasoning.getByText('Reasoning').click();
	await expect(reasoning.locator('strong')).toHaveText('Reading the request');
	await expect(answer.locator('[data-usage]')).toContainText(/Tokens: [\d,]+ in · [\d,]+ out/);
});

test('a refusal is shown as one, apart from an answer', async ({ page }) => {
	await openChat(page);
	await send(page, 'hello #scenario:refusal');
	const refusal = lastAnswer(page).locator('[data-refusal]');
	await expect(refusal).toContainText('The model declined to answer');
	await expect(refusal).toContainText("I'm sorry, but I can't help with that request.");
});

/** The conversation's scroll container shows its end (within a line). */
function isAtBottom(scroller: Locator): Promise<boolean> {
	return scroller.evaluate(
		(element) => element.scrollHeight - element.scrollTop - element.clientHeight < 60
	);
}

test('the view follows the stream at the bottom; scrolled up, it stays and offers "Jump to latest"', async ({
	page
}) => {
	test.slow(); // a 16 s answer
	await openChat(page);
	const scroller = page.locator('[data-follow-stream]');
	const atBottom = (): Promise<boolean> => isAtBottom(scroller);
	// 96 KB at 2,000 tokens/s: about 16 s of streaming, paced by the clock, so that scrolling up
	// and reading the position still happen mid-answer on a busy CI machine.
	await send(page, '#scenario:bench:96_2000');
	const answer = lastAnswer(page);
	await expect(answer.locator('table').first()).toBeVisible();
	// Followed to the bottom of an answer already long enough to scroll up through: at the top
	// of a view that does not scroll yet, a wheel turned up moves nothing, and the view follows on.
	await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(2_000);
	await expect.poll(atBottom).toBe(true);
	await scroller.hover();
	await page.mouse.wheel(0, -1500);
	// The wheel scrolls smoothly, over several frames (on a busy machine with pauses between them):
	// the position is read once it has held still for three reads in a row, 150 ms apart.
	const positions: number[] = [];
	await expect
		.poll(
			async () => {
				positions.push(await scroller.evaluate((element) => element.scrollTop));
				const last = positions.slice(-3);
				return last.length === 3 && last.every((position) => position === last[0]);
			},
			{ intervals: [150] }
		)
		.toBe(true);
	const jump = page.getByRole('button', { name: /Jump to latest/ });
	await expect(jump).toBeVisible();
	await expect(answer).toHaveAttribute('data-turn-status', 'streaming');
	const position = await scroller.evaluate((element) => element.scrollTop);
	await page.waitForTimeout(300);
	expect(await scroller.evaluate((element) => element.scrollTop)).toBe(position);
	await jump.click();
	await expect.poll(atBottom).toBe(true);
	await expect(jump).toBeHidden();
	await expect(answer).toHaveAttribute('data-turn-status', 'completed', { timeout: 30_000 });
	await expect.poll(atBottom).toBe(true);
});

test("scrolled up, the person's own message takes the view down and follows its answer", async ({
	page
}) => {
	await openChat(page);
	const scroller = page.locator('[data-follow-stream]');
	const atBottom = (): Promise<boolean> => isAtBottom(scroller);
	// A long answer to scroll up through, sent quickly.
	await send(page, '#scenario:bench:24_20000');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed', {
		timeout: 30_000
	});
	await scroller.hover();
	await page.mouse.wheel(0, -4000);
	const jump = page.getByRole('button', { name: /Jump to latest/ });
	await expect(jump).toBeVisible();

	// 30 ms a token: the answer is still streaming when its first lines are checked.
	await send(page, 'and one more thing #scenario:slow:30');
	await expect(page.locator('[data-role="user"]').last()).toBeInViewport();
	await expect(jump).toBeHidden();
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed', {
		timeout: 40_000
	});
	await expect.poll(atBottom).toBe(true);
});
