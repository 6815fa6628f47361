/**
 * Helpers for the sign-in specs: signing in through the test authorization server's login form,
 * watching the token route, and reading back everything a script on the page could read.
 */
import { expect, type Page, type Request } from '@playwright/test';
import { AUTH_SERVER_URL } from '../servers.ts';

/** Opens the chat and waits until it is ready (model chosen, sign-in state known). */
export async function openApp(page: Page): Promise<void> {
	await page.goto('/');
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await expect(page.locator('[data-auth-status]')).not.toHaveAttribute(
		'data-auth-status',
		/restoring|completing/
	);
}

/** Clicks "Sign in", completes the test server's login form as `account`, and waits to be back. */
export async function signIn(page: Page, account = 'ada'): Promise<void> {
	await page.getByRole('button', { name: 'Sign in', exact: true }).click();
	await page.waitForURL(`${AUTH_SERVER_URL}/interaction/**`);
	await page.getByLabel('Account').fill(account);
	await page.getByRole('button', { name: 'Continue' }).click();
	await expect(accountMenu(page)).toBeVisible();
}

export function accountMenu(page: Page) {
	return page.locator('[data-account-menu]');
}

export async function signOut(page: Page): Promise<void> {
	await accountMenu(page).locator('summary').click();
	await page.getByRole('button', { name: 'Sign out' }).click();
	await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

/** The grant type of a request to the token route, or `null` for any other request. */
export function tokenGrant(request: Request): string | null {
	if (!request.url().endsWith('/api/oauth/token') || request.method() !== 'POST') return null;
	return new URLSearchParams(request.postData() ?? '').get('grant_type');
}

/** Every access token the token route hands the page, and every code and verifier sent to it. */
export function watchTokenRoute(page: Page): { secrets: string[] } {
	const watched = { secrets: [] as string[] };
	page.on('request', (request) => {
		if (tokenGrant(request) === null) return;
		const form = new URLSearchParams(request.postData() ?? '');
		for (const name of ['code', 'code_verifier']) {
			const value = form.get(name);
			if (value !== null) watched.secrets.push(value);
		}
	});
	page.on('response', (response) => {
		if (tokenGrant(response.request()) === null || !response.ok()) return;
		response
			.json()
			.then((body: unknown) => {
				const token = (body as { access_token?: unknown }).access_token;
				if (typeof token === 'string') watched.secrets.push(token);
			})
			.catch(() => undefined);
	});
	return watched;
}

/**
 * Everything a script on the page can read: the address, history length, `document.cookie`,
 * localStorage, sessionStorage and every IndexedDB record, as one string.
 */
export function readableByScripts(page: Page): Promise<string> {
	return page.evaluate(async () => {
		const parts: string[] = [location.href, document.cookie];
		for (const storage of [localStorage, sessionStorage]) {
			for (let index = 0; index < storage.length; index++) {
				const key = storage.key(index) ?? '';
				parts.push(key, storage.getItem(key) ?? '');
			}
		}
		for (const info of await indexedDB.databases()) {
			if (info.name === undefined) continue;
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const open = indexedDB.open(info.name ?? '');
				open.onsuccess = () => resolve(open.result);
				open.onerror = () => reject(open.error ?? new Error('open failed'));
			});
			for (const name of Array.from(db.objectStoreNames)) {
				const records = await new Promise<unknown[]>((resolve, reject) => {
					const request = db.transaction(name, 'readonly').objectStore(name).getAll();
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error ?? new Error('read failed'));
				});
				parts.push(name, JSON.stringify(records));
			}
			db.close();
		}
		return parts.join('\n');
	});
}
