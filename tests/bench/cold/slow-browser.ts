/**
 * A Chromium on a persistent profile, every page and service worker of it on a slow link.
 *
 * Playwright's persistent context hides its browser-level DevTools session, and a service worker
 * is a target of its own that page-level emulation does not reach: its `fetch()` would run at full
 * speed. So the browser is started here (`--remote-debugging-port=0`), driven by Playwright over
 * CDP, and a second raw CDP connection auto-attaches to every page and service worker as it starts
 * (`waitForDebuggerOnStart`), applies the conditions, then lets it run.
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Target/#method-setAutoAttach
 * @see https://chromedevtools.github.io/devtools-protocol/tot/Network/#method-emulateNetworkConditions
 */
import { spawn } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../chromium.ts';

export interface LinkConditions {
	/** Round-trip time added to every request, ms. */
	latencyMs: number;
	downloadBytesPerSecond: number;
	uploadBytesPerSecond: number;
	/** Emulation.setCPUThrottlingRate: 4 is four times slower. */
	cpuSlowdown: number;
}

/** What the issue asks for: 1.6 Mbps down, 750 kbps up, 150 ms RTT, 4× CPU. */
export const SLOW_LINK: LinkConditions = {
	latencyMs: 150,
	downloadBytesPerSecond: 200_000,
	uploadBytesPerSecond: 93_750,
	cpuSlowdown: 4
};

interface CdpMessage {
	id?: number;
	method?: string;
	params?: Record<string, unknown>;
	sessionId?: string;
	error?: { message: string };
	result?: unknown;
}

/** A minimal flat-session CDP client over the browser's WebSocket. */
class RawCdp {
	#socket: WebSocket;
	#next = 1;
	#pending = new Map<number, (message: CdpMessage) => void>();
	#listeners: ((message: CdpMessage) => void)[] = [];

	private constructor(socket: WebSocket) {
		this.#socket = socket;
		socket.addEventListener('message', (event: MessageEvent) => {
			const message = JSON.parse(String(event.data)) as CdpMessage;
			if (message.id !== undefined) {
				this.#pending.get(message.id)?.(message);
				this.#pending.delete(message.id);
			} else for (const listener of this.#listeners) listener(message);
		});
	}

	static connect(url: string): Promise<RawCdp> {
		const socket = new WebSocket(url);
		return new Promise((resolve, reject) => {
			socket.addEventListener('open', () => resolve(new RawCdp(socket)), { once: true });
			socket.addEventListener('error', () => reject(new Error('CDP connection failed')), {
				once: true
			});
		});
	}

	onEvent(listener: (message: CdpMessage) => void): void {
		this.#listeners.push(listener);
	}

	/** Sends; an error answer (a domain a target lacks) resolves as `false`. */
	send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<boolean> {
		const id = this.#next++;
		return new Promise((resolve) => {
			this.#pending.set(id, (message) => resolve(message.error === undefined));
			this.#socket.send(
				JSON.stringify({ id, method, params, ...(sessionId === undefined ? {} : { sessionId }) })
			);
		});
	}

	close(): void {
		this.#socket.close();
	}
}

export interface SlowBrowser {
	browser: Browser;
	/** Targets attached and slowed so far, by type (`page`, `service_worker`). */
	slowed: Map<string, number>;
	/** Sets the network of every attached target (null: full speed), for waits that time nothing. */
	setNetwork(conditions: LinkConditions | null): Promise<void>;
	close(): Promise<void>;
}

function networkParams(conditions: LinkConditions | null): Record<string, unknown> {
	return conditions === null
		? { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
		: {
				offline: false,
				latency: conditions.latencyMs,
				downloadThroughput: conditions.downloadBytesPerSecond,
				uploadThroughput: conditions.uploadBytesPerSecond
			};
}

/** Starts Chromium on `profileDir` with every page and service worker under `conditions`. */
export async function launchSlowBrowser(
	profileDir: string,
	conditions: LinkConditions
): Promise<SlowBrowser> {
	const executable = chromiumLaunchOptions.executablePath ?? chromium.executablePath();
	const child = spawn(
		executable,
		[
			...chromiumLaunchOptions.args,
			// What Playwright's own launch passes (as root, the sandbox cannot run).
			'--no-sandbox',
			'--headless',
			'--no-default-browser-check',
			'--disable-field-trial-config',
			'--disable-background-timer-throttling',
			'--disable-backgrounding-occluded-windows',
			'--disable-renderer-backgrounding',
			'--disable-extensions',
			'--disable-default-apps',
			'--disable-dev-shm-usage',
			'--password-store=basic',
			'--use-mock-keychain',
			'--remote-debugging-port=0',
			`--user-data-dir=${profileDir}`,
			'about:blank'
		],
		{ stdio: ['ignore', 'ignore', 'pipe'] }
	);
	const wsUrl = await new Promise<string>((resolve, reject) => {
		let text = '';
		child.stderr?.on('data', (chunk: Buffer) => {
			text += chunk.toString();
			const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
			if (found?.[1] !== undefined) resolve(found[1]);
		});
		child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${text}`)));
	});
	const cdp = await RawCdp.connect(wsUrl);
	const slowed = new Map<string, number>();
	const sessions = new Set<string>();
	let network: LinkConditions | null = conditions;
	cdp.onEvent((message) => {
		if (message.method === 'Target.detachedFromTarget') {
			sessions.delete(String(message.params?.['sessionId']));
			return;
		}
		if (message.method !== 'Target.attachedToTarget' || message.params === undefined) return;
		const sessionId = String(message.params['sessionId']);
		const info = message.params['targetInfo'] as { type: string };
		void (async () => {
			if (info.type === 'page' || info.type === 'service_worker') {
				sessions.add(sessionId);
				await cdp.send('Network.enable', {}, sessionId);
				await cdp.send('Network.emulateNetworkConditions', networkParams(network), sessionId);
				await cdp.send(
					'Emulation.setCPUThrottlingRate',
					{ rate: conditions.cpuSlowdown },
					sessionId
				);
				slowed.set(info.type, (slowed.get(info.type) ?? 0) + 1);
			}
			await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
		})();
	});
	await cdp.send('Target.setAutoAttach', {
		autoAttach: true,
		waitForDebuggerOnStart: true,
		flatten: true
	});
	const browser = await chromium.connectOverCDP(wsUrl);
	return {
		browser,
		slowed,
		async setNetwork(next) {
			network = next;
			await Promise.all(
				[...sessions].map((id) =>
					cdp.send('Network.emulateNetworkConditions', networkParams(next), id)
				)
			);
		},
		async close() {
			const exited = new Promise<void>((resolve) => {
				if (child.exitCode !== null) resolve();
				else child.once('exit', () => resolve());
			});
			await cdp.send('Browser.close');
			cdp.close();
			await browser.close().catch(() => undefined);
			await exited;
		}
	};
}
