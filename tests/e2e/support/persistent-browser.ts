/**
 * A browser with a profile on disk that a test can crash and start again: what a person's browser
 * does when the machine loses power or the process is killed. Only the profile directory survives,
 * exactly as the browser left it on disk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, chromium, type BrowserContext, type Page } from '@playwright/test';
import { openChat } from '../chat-helpers.ts';
import { chromiumLaunchOptions } from '../../chromium.ts';

/** Starts Chromium (headless) on the profile in `userDataDir`. */
export function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
	return chromium.launchPersistentContext(userDataDir, {
		...chromiumLaunchOptions,
		headless: true,
		baseURL
	});
}

/** Command lines of the live processes, by pid (Linux `/proc`). */
function processes(): Map<number, string[]> {
	const found = new Map<number, string[]>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
			found.set(Number(entry), args);
		} catch {
			// The process ended while we looked.
		}
	}
	return found;
}

/** Processes started for this profile: the browser and the helpers it spawned. */
function profileProcesses(userDataDir: string): number[] {
	const flag = `--user-data-dir=${userDataDir}`;
	return [...processes()].filter(([, args]) => args.includes(flag)).map(([pid]) => pid);
}

/**
 * Kills the browser process with SIGKILL: no `pagehide`, no unload, no chance to write anything.
 * Resolves once Playwright saw the browser go and no process of the profile is left (a helper
 * still holding the profile would make the next launch hand over to it).
 */
export async function killBrowser(context: BrowserContext, userDataDir: string): Promise<void> {
	const flag = `--user-data-dir=${userDataDir}`;
	// The browser process is the one without `--type=` (renderers, GPU and utilities carry one).
	const browser = [...processes()].find(
		([, args]) => args.includes(flag) && !args.some((arg) => arg.startsWith('--type='))
	);
	if (browser === undefined) throw new Error(`no Chromium process runs with ${flag}`);
	const closed = new Promise((resolve) => context.once('close', resolve));
	process.kill(browser[0], 'SIGKILL');
	await closed;
	await expect.poll(() => profileProcesses(userDataDir), { timeout: 10_000 }).toEqual([]);
}

/**
 * A crash, lived: the chat opened in a browser on a fresh profile, `before` run in it, the browser
 * killed, started again on the same profile, the chat opened, and `after` run there. The profile
 * is removed at the end, whatever happened.
 */
export async function acrossACrash(
	appUrl: string,
	before: (page: Page) => Promise<void>,
	after: (page: Page) => Promise<void>
): Promise<void> {
	const profile = await mkdtemp(join(tmpdir(), 'switchboard-profile-'));
	try {
		const first = await launchProfile(profile, appUrl);
		const page = first.pages()[0] ?? (await first.newPage());
		await openChat(page);
		await before(page);
		await killBrowser(first, profile);

		const again = await launchProfile(profile, appUrl);
		// A tab of its own: after a crash the browser may close the tab it started with (seen on
		// a loaded machine: "Target page … has been closed" on its first navigation).
		const reopened = await again.newPage();
		await Promise.all(
			again
				.pages()
				.filter((tab) => tab !== reopened)
				.map((tab) => tab.close())
		);
		await openChat(reopened);
		await after(reopened);
		await again.close();
	} finally {
		await rm(profile, { recursive: true, force: true });
	}
}
