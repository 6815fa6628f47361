/**
 * Code highlighting runs in a worker of the app's own (highlight-worker.ts) and colours the plain
 * text in place: the same characters before and after. When the worker cannot load, the code is
 * still all there — highlighted on the page instead, or, if that cannot load either, plain — and
 * nothing throws.
 */
import { expect, test, type Page } from '@playwright/test';
import { lastAnswer, openChat, send } from './chat-helpers.ts';
import { failChunksContaining } from './support/unreachable-code.ts';

const CODE = 'function greet(name: string): string {\n\treturn `Hello, ${name}!`;\n}\n';

/** Fails the test on any error the page does not catch. */
function recordPageErrors(page: Page): Error[] {
	const errors: Error[] = [];
	page.on('pageerror', (error) => errors.push(error));
	return errors;
}

async function failWorkerScripts(page: Page): Promise<void> {
	await page.route('**/_app/immutable/workers/*.js', (route) =>
		route.abort('internetdisconnected')
	);
}

test('a code block is highlighted by the worker, with its text unchanged', async ({ page }) => {
	const errors = recordPageErrors(page);
	await openChat(page);
	expect(page.workers().filter((worker) => worker.url().includes('highlight'))).toEqual([]);
	const started = page.waitForEvent('worker', (worker) => worker.url().includes('highlight'));
	await send(page, 'hello #scenario:instant');
	await started;
	const code = lastAnswer(page).locator('pre code').first();
	await expect(code).toHaveClass(/\bhljs\b/);
	await expect(code.locator('.hljs-keyword').first()).toHaveText('function');
	await expect(code.locator('.hljs-string').first()).toContainText('Hello, ');
	expect(await code.textContent()).toBe(CODE);
	expect(errors).toEqual([]);
});

test('a code block is coloured line by line while it is still streaming', async ({ page }) => {
	const errors = recordPageErrors(page);
	await openChat(page);
	test.setTimeout(60_000);
	// The render benchmark's long answer (30–90-line code blocks in eight languages) at 200
	// tokens/s: a block takes a few seconds to stream, longer than the 2 s a busy page may wait for
	// an idle period to colour in (at 3,000 tokens/s a busy page colours a block once it has closed).
	await send(page, 'a long one #scenario:bench:40_200_llm');
	// One atomic look per frame: a block still open — its preview line, a text node after its
	// chunks, is still arriving — whose complete lines are already coloured.
	const seen = await page.waitForFunction(
		() => {
			const answers = document.querySelectorAll('[data-turn-status]');
			const answer = answers[answers.length - 1];
			if (answer?.getAttribute('data-turn-status') !== 'streaming') return null;
			for (const code of answer.querySelectorAll('pre code')) {
				const tail = code.lastChild;
				if (tail?.nodeType !== Node.TEXT_NODE || tail.textContent === '') continue;
				const coloured = code.querySelector('.md-chunk > span[class^="hljs-"]');
				if (coloured !== null)
					return { final: code.classList.contains('hljs'), preview: tail.textContent };
			}
			return null;
		},
		undefined,
		{ polling: 'raf', timeout: 40_000 }
	);
	const open = (await seen.jsonValue()) as { final: boolean; preview: string } | null;
	expect(open?.final).toBe(false);
	expect(open?.preview).not.toBe('');
	await page.getByRole('button', { name: 'Stop' }).click();
	expect(errors).toEqual([]);
});

test.describe('when code cannot load', () => {
	// The app's service worker would answer from its cache, where page.route cannot reach.
	test.use({ serviceWorkers: 'block' });

	test('when the worker cannot load, the page highlights the code itself', async ({ page }) => {
		const errors = recordPageErrors(page);
		await failWorkerScripts(page);
		await openChat(page);
		const workerFailed = page.waitForEvent('requestfailed', (request) =>
			request.url().includes('/_app/immutable/workers/')
		);
		await send(page, 'hello #scenario:instant');
		await workerFailed;
		const code = lastAnswer(page).locator('pre code').first();
		await expect(code.locator('.hljs-keyword').first()).toHaveText('function');
		await expect(code).toHaveClass(/\bhljs\b/);
		expect(await code.textContent()).toBe(CODE);
		expect(errors).toEqual([]);
	});

	test('when neither the worker nor highlight.js can load, the code stays plain and whole', async ({
		page
	}) => {
		const errors = recordPageErrors(page);
		await failWorkerScripts(page);
		// highlight.js's main-thread chunk: the one that registers its languages.
		await failChunksContaining(page, 'registerLanguage');
		await openChat(page);
		const workerFailed = page.waitForEvent('requestfailed', (request) =>
			request.url().includes('/_app/immutable/workers/')
		);
		// The main-thread attempt is made, and fails (so "plain" below is not just "not yet").
		const highlighterFailed = page.waitForEvent('requestfailed', (request) =>
			request.url().includes('/_app/immutable/chunks/')
		);
		await send(page, 'hello #scenario:instant');
		await workerFailed;
		await highlighterFailed;
		const answer = lastAnswer(page);
		await expect(answer).toHaveAttribute('data-turn-status', 'completed');
		const code = answer.locator('pre code').first();
		await expect(code).toHaveText(CODE, { useInnerText: false });
		expect(await code.locator('span[class^="hljs-"]').count()).toBe(0);
		expect(await code.textContent()).toBe(CODE);
		expect(errors).toEqual([]);
	});
});
