/**
 * Math and diagrams in a real answer (`#scenario:math`): KaTeX typesets the math, and is loaded
 * only by an answer that has math; mermaid draws in a sandboxed frame with an opaque origin, which
 * cannot reach the app's page or storage; a diagram mermaid cannot read stays code with a note;
 * all of it from the app's own files, without a policy violation, also under BASE_PATH.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { lastAnswer, openChat, send } from './chat-helpers.ts';
import { SUB_PATH, SUB_PATH_APP_URL } from './servers.ts';
import { failChunksContaining } from './support/unreachable-code.ts';

// Mermaid is a few MB, loaded by each diagram's frame: on a busy machine, drawing takes a while.
test.describe.configure({ timeout: 120_000 });

/** What the page loads from now on (the frames' requests included), and its console. */
function watch(page: Page): { responses: Response[]; console: string[] } {
	const seen = { responses: [] as Response[], console: [] as string[] };
	page.on('response', (response) => seen.responses.push(response));
	page.on('console', (message) => seen.console.push(message.text()));
	return seen;
}

/** Whether any script among `responses` is KaTeX (its parser's error message is in it). */
async function loadedKatex(responses: readonly Response[]): Promise<boolean> {
	for (const response of responses) {
		if (!new URL(response.url()).pathname.endsWith('.js')) continue;
		const body = await response.text().catch(() => '');
		if (body.includes('KaTeX parse error')) return true;
	}
	return false;
}

const KATEX_FONT = /\/KaTeX_[\w.-]+\.woff2$/;
const isKatexAsset = (url: string): boolean =>
	KATEX_FONT.test(new URL(url).pathname) || /\/[^/]*katex[^/]*\.css$/i.test(new URL(url).pathname);

test('an answer without math loads no KaTeX and no mermaid; an answer with math does', async ({
	page
}) => {
	await openChat(page);
	const plain = watch(page);
	await send(page, 'a plain answer, prices $5 and $10 included');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page).locator('[data-rendered]')).toHaveCount(1);
	await page.waitForLoadState('networkidle');
	expect(plain.responses.map((response) => response.url()).filter(isKatexAsset)).toEqual([]);
	expect(await loadedKatex(plain.responses)).toBe(false);
	expect(plain.responses.some((response) => /mermaid/.test(response.url()))).toBe(false);
	await expect(lastAnswer(page).locator('.katex')).toHaveCount(0);

	const math = watch(page);
	await send(page, 'show me some math #scenario:math');
	const answer = lastAnswer(page);
	await expect(answer).toHaveAttribute('data-turn-status', 'completed');
	// Inline ($…$, \(…\), $a\,b$) and display ($$ block, \[ block) formulas, typeset.
	await expect(answer.locator('.md-math.md-math-done .katex')).toHaveCount(5);
	await expect(answer.locator('.md-math-block .katex-display')).toHaveCount(2);
	await expect(answer.locator('annotation[encoding="application/x-tex"]').nth(3)).toHaveText(
		'a\\,b'
	);
	// Prices and code stay text.
	await expect(answer).toContainText('the plan costs $5 a month, or $50 a year');
	await expect(answer.locator('code', { hasText: '$x$' })).toHaveCount(1);
	// Its fonts load once the formulas are laid out (sections off screen are skipped).
	await answer.locator('.md-math-block').first().scrollIntoViewIfNeeded();
	await expect
		.poll(() =>
			math.responses.some((response) => KATEX_FONT.test(new URL(response.url()).pathname))
		)
		.toBe(true);
	expect(await loadedKatex(math.responses)).toBe(true);
	// KaTeX's fonts are the app's own files (the build's, bundled by Vite), loaded successfully.
	for (const response of math.responses.filter((each) => isKatexAsset(each.url()))) {
		expect(new URL(response.url()).origin).toBe(new URL(page.url()).origin);
		expect(response.status()).toBe(200);
	}
	// The math is typeset in KaTeX's fonts, not a fallback.
	const family = await answer
		.locator('.katex .mathnormal')
		.first()
		.evaluate((element) => getComputedStyle(element).fontFamily);
	expect(family).toContain('KaTeX_Math');
	expect(await page.evaluate(() => document.fonts.check('italic 16px KaTeX_Math', 'x'))).toBe(true);
	expect(math.console.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
});

test('a mermaid block is drawn in a sandboxed frame with an opaque origin', async ({ page }) => {
	await openChat(page);
	// Something of the app's in its storage, that the frame must not reach.
	await page.evaluate(() => localStorage.setItem('render-math-secret', 'the app only'));
	const seen = watch(page);
	await send(page, 'draw it #scenario:math');
	const answer = lastAnswer(page);
	await expect(answer).toHaveAttribute('data-turn-status', 'completed');
	// Drawn once mermaid (a few MB, loaded by the frame) has started: give it time.
	// The diagram's code block, whichever of Diagram / Code it shows.
	const block = answer.locator('.md-code', { hasText: 'E[Diagram frame]' });
	await expect(block).toHaveAttribute('data-diagram', 'shown', { timeout: 60_000 });
	const frame = block.locator('iframe[data-diagram-frame]');
	await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
	const drawing = block.frameLocator('iframe[data-diagram-frame]');
	await expect(drawing.locator('svg')).toBeVisible();
	await expect(drawing.locator('svg')).toContainText('Diagram frame');
	// The frame is as tall as its drawing (it posted its height).
	const height = await frame.evaluate((element) => element.getBoundingClientRect().height);
	expect(height).toBeGreaterThan(40);

	// Its document runs with an opaque origin: no storage, no cookies, no way into the page.
	const handle = await frame.elementHandle();
	const content = await handle?.contentFrame();
	if (content === null || content === undefined) throw new Error('no frame');
	const reach = await content.evaluate(() => {
		const attempt = (run: () => unknown): string => {
			try {
				return `reached: ${String(run())}`;
			} catch (error) {
				return error instanceof Error ? error.name : 'blocked';
			}
		};
		return {
			origin: self.origin,
			localStorage: attempt(() => localStorage.getItem('render-math-secret')),
			cookie: attempt(() => document.cookie),
			indexedDB: attempt(() => indexedDB.open('x')),
			parent: attempt(() => window.parent.document.title)
		};
	});
	expect(reach).toEqual({
		origin: 'null',
		localStorage: 'SecurityError',
		cookie: 'SecurityError',
		indexedDB: 'SecurityError',
		parent: 'SecurityError'
	});

	// Diagram / Code: the code is a click away, and Copy copies it either way.
	await block.getByRole('button', { name: 'Code' }).click();
	await expect(block).toHaveAttribute('data-diagram', 'code');
	await expect(block.locator('pre')).toBeVisible();
	await expect(frame).toBeHidden();
	await expect(block.getByRole('button', { name: 'Code' })).toHaveAttribute('aria-pressed', 'true');
	await block.getByRole('button', { name: 'Diagram' }).click();
	await expect(frame).toBeVisible();
	await expect(block.locator('pre')).toBeHidden();

	// The diagram mermaid cannot read stays code, with a short note; no frame is left.
	const broken = answer.locator('.md-code[data-diagram="failed"]');
	await expect(broken).toHaveCount(1, { timeout: 60_000 });
	await expect(broken.locator('pre')).toContainText('A[Unclosed --> B');
	await expect(broken.locator('.md-diagram-note')).toContainText('could not be drawn');
	await expect(broken.locator('iframe')).toHaveCount(0);

	// mermaid came from the app itself, only into the frame; no policy was violated.
	const scripts = seen.responses
		.map((response) => response.url())
		.filter((url) => /mermaid/.test(url));
	expect(scripts.length).toBeGreaterThan(0);
	for (const url of scripts) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
	expect(seen.console.filter((line) => /Content Security Policy/i.test(line))).toEqual([]);
	expect(await page.evaluate(() => 'mermaid' in window)).toBe(false);
});

test('if the diagram code cannot load, the blocks stay code with a note, the answer whole', async ({
	page
}) => {
	// The app server "goes away" for the page's diagram code only (its own chunk, loaded with the
	// first closed mermaid block).
	await failChunksContaining(page, 'data-diagram-frame');
	await openChat(page);
	await send(page, 'draw it #scenario:math');
	const answer = lastAnswer(page);
	await expect(answer).toHaveAttribute('data-turn-status', 'completed');
	const diagram = answer.locator('.md-code', { hasText: 'E[Diagram frame]' });
	await expect(diagram).toHaveAttribute('data-diagram', 'failed');
	await expect(diagram.locator('pre')).toContainText('E[Diagram frame]');
	await expect(diagram.locator('.md-diagram-note')).toContainText('could not be drawn');
	await expect(diagram.locator('iframe')).toHaveCount(0);
	// Every diagram of the answer says so; the rest of the answer is all there.
	await expect(answer.locator('.md-code[data-diagram="failed"]')).toHaveCount(2);
	await expect(answer.locator('.md-math.md-math-done .katex')).toHaveCount(5);
});

test('the diagram frame says it is ready only once its document is whole', async ({ page }) => {
	// Its script listens for the drawing's source just before it says it is ready. Run from the
	// document's head before the body was parsed, a busy machine's answer could come first and
	// find no place to draw ("Cannot set properties of null", seen in CI under load).
	await page.addInitScript(() => {
		if (window.parent === window) return;
		const listen = window.addEventListener.bind(window);
		window.addEventListener = ((type: string, ...rest: [EventListener, unknown?]) => {
			if (type === 'message')
				Object.assign(window, { placeWhenListening: document.getElementById('diagram') !== null });
			return listen(type, ...(rest as [EventListener]));
		}) as typeof window.addEventListener;
	});
	await openChat(page);
	await send(page, 'draw it #scenario:math');
	const drawn = lastAnswer(page).locator(
		'.md-code[data-diagram="shown"] iframe[data-diagram-frame]'
	);
	await expect(drawn).toHaveCount(1, { timeout: 60_000 });
	// The frame of the diagram drawn (the one with a mistake is gone once it says so).
	const frame = await (await drawn.elementHandle())?.contentFrame();
	const placed = await frame?.evaluate(
		() => (window as { placeWhenListening?: boolean }).placeWhenListening
	);
	expect(placed).toBe(true);
});

test('the diagram document runs nothing unless framed in the sandbox', async ({ page }) => {
	await page.goto('/mermaid-frame.html');
	// Opened as a page of its own it has the app's origin, so its script does nothing at all.
	await page.waitForLoadState('load');
	expect(await page.evaluate(() => self.origin)).not.toBe('null');
	expect(await page.evaluate(() => 'mermaid' in window)).toBe(false);
	expect(await page.locator('#diagram').innerHTML()).toBe('');
});

test('math and diagrams work under BASE_PATH, every request under the prefix', async ({
	page
}, testInfo) => {
	test.skip(testInfo.project.name !== 'built-in demo gateway', 'one sub-path server');
	const seen = watch(page);
	await page.goto(`${SUB_PATH_APP_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await send(page, 'math under a prefix #scenario:math');
	const answer = lastAnswer(page);
	await expect(answer).toHaveAttribute('data-turn-status', 'completed');
	await expect(answer.locator('.md-math-block .katex-display')).toHaveCount(2);
	const frame = answer.locator('.md-code[data-diagram="shown"] iframe[data-diagram-frame]');
	await expect(frame).toHaveCount(1, { timeout: 60_000 });
	await expect(frame.contentFrame().locator('svg')).toBeVisible();
	const frameSrc = await frame.getAttribute('src');
	expect(new URL(frameSrc ?? '').pathname).toBe(`${SUB_PATH}/mermaid-frame.html`);
	await answer.locator('.md-math-block').first().scrollIntoViewIfNeeded();
	await expect
		.poll(() =>
			seen.responses.some((response) => KATEX_FONT.test(new URL(response.url()).pathname))
		)
		.toBe(true);
	const origin = new URL(SUB_PATH_APP_URL).origin;
	const ours = seen.responses
		.map((response) => response.url())
		.filter((url) => url.startsWith(origin));
	expect(ours.filter((url) => !new URL(url).pathname.startsWith(`${SUB_PATH}/`))).toEqual([]);
	expect(ours.some((url) => /mermaid/.test(url))).toBe(true);
	expect(seen.responses.filter((response) => response.status() >= 400).map((r) => r.url())).toEqual(
		[]
	);
});

test('"Copy text" of an answer with math gives each formula as its TeX, not typeset glyphs', async ({
	page,
	context
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await openChat(page);
	await send(page, 'copy the math #scenario:math');
	await expect(lastAnswer(page)).toHaveAttribute('data-turn-status', 'completed');
	await expect(lastAnswer(page).locator('.katex').first()).toBeVisible();
	const copyText = page.locator('[data-message-action="copy-text"]').last();
	await lastAnswer(page).hover();
	await copyText.click();
	const text = await page.evaluate(() => navigator.clipboard.readText());
	expect(text).toContain('$ax^2 + bx + c = 0$');
	expect(text).toContain('\\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
	expect(text).toContain('Prices stay text');
});
