/**
 * One visit to the chat page, measured in the page's own clock (`performance.now()`, 0 at the
 * start of the navigation):
 * - composer usable: the first moment the composer's textarea (`#composer`) is in the page,
 *   visible and enabled. ChatPane enables it only when the configuration has loaded
 *   (`loadState === 'ready'`), a model is chosen (`app.model !== ''`) and no other tab is
 *   answering in the conversation — exactly when a prompt can be sent;
 * - conversation shown (returning visit): the reopened conversation's answer shows its table and
 *   its code block;
 * - the requests for the configuration and the model list (Resource Timing: start and end), and
 *   every other request of the start-up, for the waterfall;
 * - first token: from the click on Send to the first text of the new answer in the DOM; and on the
 *   way, when the turn's request left and when its first bytes came back (watchTurnRequest).
 */
import type { Page } from '@playwright/test';

export interface Timed {
	/** Path (and query) under the app's origin. */
	name: string;
	kind: string;
	start: number;
	end: number;
	/** Bytes over the network (0: a cache or the service worker answered). */
	transferred: number;
}

export interface VisitResult {
	composerUsable: number;
	conversationShown: number | null;
	/** The page's own document: when its response ended, and whether a service worker answered. */
	document: { end: number; fromWorker: boolean; transferred: number };
	config: Timed | null;
	models: Timed | null;
	/** Everything fetched until the composer was usable and the model list had arrived. */
	requests: Timed[];
	firstToken: number;
	/**
	 * The turn's request, from the click on Send: when it left; its first byte by Resource Timing;
	 * and (`firstData`) when its first body bytes reached the browser's network layer, which
	 * includes the emulated latency that Resource Timing's `responseStart` leaves out. Stages
	 * measured before `firstData` was recorded lack it.
	 */
	send: { requestStart: number; firstByte: number; firstData?: number } | null;
}

/** Installed into every document before its scripts: watches for the composer. */
function probe(): void {
	const state = {
		composerUsable: null as number | null,
		conversationShown: null as number | null
	};
	(window as unknown as { __cold: typeof state }).__cold = state;
	const check = (): void => {
		const composer = document.getElementById('composer');
		if (
			state.composerUsable === null &&
			composer instanceof HTMLTextAreaElement &&
			!composer.disabled &&
			composer.checkVisibility()
		)
			state.composerUsable = performance.now();
		const answer = document.querySelector('[data-role="assistant"] [data-markdown]');
		if (
			state.conversationShown === null &&
			answer?.querySelector('table') != null &&
			answer.querySelector('pre') !== null
		)
			state.conversationShown = performance.now();
	};
	new MutationObserver(check).observe(document, {
		subtree: true,
		childList: true,
		attributes: true
	});
	const frame = (): void => {
		check();
		if (state.composerUsable === null || state.conversationShown === null)
			requestAnimationFrame(frame);
	};
	requestAnimationFrame(frame);
}

export async function installProbe(page: Page): Promise<void> {
	// tsx compiles this file with esbuild's keepNames, whose `__name` helper the functions sent to
	// the page would call.
	await page.addInitScript('globalThis.__name = (target) => target;');
	await page.addInitScript(probe);
}

function timings(origin: string): {
	document: VisitResult['document'];
	requests: Timed[];
} {
	const path = (url: string): string => {
		const parsed = new URL(url);
		return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : url;
	};
	const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
	return {
		document: {
			end: navigation?.responseEnd ?? 0,
			fromWorker: (navigation?.workerStart ?? 0) > 0 && (navigation?.transferSize ?? 0) === 0,
			transferred: navigation?.transferSize ?? 0
		},
		requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
			(entry) => ({
				name: path(entry.name),
				kind: entry.initiatorType,
				start: entry.startTime,
				end: entry.responseEnd,
				transferred: entry.transferSize
			})
		)
	};
}

const isConfig = (request: Timed): boolean => request.name.endsWith('/api/config');
const isModels = (request: Timed): boolean => request.name.endsWith('/v1/models');

/**
 * Opens `url` in `page`, waits until the composer is usable (and, when `reopened`, the last
 * conversation is shown) and the model list has arrived, then sends `prompt` and measures its first
 * token. The prompt is typed, then sent a second later, as a person reads what they typed.
 */
export async function visit(
	page: Page,
	url: string,
	prompt: string,
	reopened: boolean
): Promise<VisitResult> {
	await page.goto(url, { waitUntil: 'commit' });
	await page.waitForFunction(
		(wantConversation) => {
			const state = (
				window as unknown as {
					__cold?: { composerUsable: number | null; conversationShown: number | null };
				}
			).__cold;
			return (
				state !== undefined &&
				state.composerUsable !== null &&
				(!wantConversation || state.conversationShown !== null)
			);
		},
		reopened,
		{ timeout: 60_000, polling: 100 }
	);
	// The model list may still be on its way (fetched in the background on a returning visit).
	await page.waitForFunction(
		() =>
			performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/v1/models')),
		undefined,
		{ timeout: 60_000, polling: 100 }
	);
	const origin = new URL(url).origin;
	const state = await page.evaluate(() => {
		const cold = (
			window as unknown as {
				__cold: { composerUsable: number; conversationShown: number | null };
			}
		).__cold;
		return { ...cold };
	});
	const measured = await page.evaluate(timings, origin);
	const composer = page.locator('#composer');
	await composer.pressSequentially(prompt);
	await page.waitForTimeout(1000);
	await page.evaluate(() => {
		const before = document.querySelectorAll('[data-role="assistant"]').length;
		(window as unknown as { __coldAnswer: Promise<number> }).__coldAnswer = new Promise(
			(resolve) => {
				let clickAt = 0;
				document.addEventListener(
					'click',
					(event) => {
						clickAt = event.timeStamp;
						(window as unknown as { __coldClickAt: number }).__coldClickAt = clickAt;
					},
					{ capture: true, once: true }
				);
				const observer = new MutationObserver(() => {
					const all = document.querySelectorAll('[data-role="assistant"]');
					if (all.length <= before) return;
					const text = all[all.length - 1]?.querySelector('[data-markdown]')?.textContent ?? '';
					if (text.trim() === '') return;
					observer.disconnect();
					resolve(performance.now() - clickAt);
				});
				observer.observe(document.body, { subtree: true, childList: true, characterData: true });
			}
		);
	});
	const network = await watchTurnRequest(page);
	await page.getByRole('button', { name: 'Send' }).click();
	const firstToken = await page.evaluate(
		() => (window as unknown as { __coldAnswer: Promise<number> }).__coldAnswer
	);
	await page
		.locator('[data-role="assistant"]')
		.last()
		.and(page.locator('[data-turn-status="completed"]'))
		.waitFor({ timeout: 60_000 });
	const send = await page.evaluate(() => {
		const clickAt = (window as unknown as { __coldClickAt: number }).__coldClickAt;
		const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
			(each) => each.startTime >= clickAt && /\/(?:responses|messages)(?:\?|$)/.test(each.name)
		);
		return entry === undefined
			? null
			: { requestStart: entry.startTime - clickAt, firstByte: entry.responseStart - clickAt };
	});
	const leftToData = network.leftToFirstData();
	await network.stop();
	const usableAt = state.composerUsable;
	const modelsEnd = measured.requests.filter(isModels).map((request) => request.end);
	return {
		composerUsable: usableAt,
		conversationShown: state.conversationShown,
		document: measured.document,
		config: measured.requests.find(isConfig) ?? null,
		models: measured.requests.find(isModels) ?? null,
		requests: measured.requests.filter(
			(request) => request.start <= Math.max(usableAt, ...modelsEnd)
		),
		firstToken,
		send:
			send === null || leftToData === null
				? send
				: { ...send, firstData: send.requestStart + leftToData }
	};
}

/**
 * Watches the network layer (CDP `Network` events, which carry the emulated link's latency) for
 * the turn's request: how long after it was sent its first body bytes arrived. The offset is
 * added to the page's own departure time, so both are in the page's clock.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Network/#event-dataReceived
 */
async function watchTurnRequest(
	page: Page
): Promise<{ leftToFirstData(): number | null; stop(): Promise<void> }> {
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Network.enable');
	let turnId: string | null = null;
	let sentAt: number | null = null;
	let firstDataAt: number | null = null;
	cdp.on('Network.requestWillBeSent', (event) => {
		if (turnId !== null || !/\/(?:responses|messages)(?:\?|$)/.test(event.request.url)) return;
		turnId = event.requestId;
		sentAt = event.timestamp;
	});
	cdp.on('Network.dataReceived', (event) => {
		if (event.requestId === turnId && firstDataAt === null) firstDataAt = event.timestamp;
	});
	return {
		leftToFirstData: () =>
			sentAt === null || firstDataAt === null ? null : (firstDataAt - sentAt) * 1000,
		stop: () => cdp.detach()
	};
}
