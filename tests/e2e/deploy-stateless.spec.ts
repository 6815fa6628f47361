/**
 * No server-side sessions: two replicas that share SESSION_SECRET, behind a round-robin that
 * alternates per request, serve one signed-in person. Each refresh rotates the sealed cookie, and
 * the next refresh is answered by the other replica, which can open what its twin sealed.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROUND_ROBIN_URL } from './servers.ts';
import { signIn } from './support/sign-in.ts';

async function signInThroughRoundRobin(page: Page): Promise<void> {
	await page.goto(`${ROUND_ROBIN_URL}/`);
	await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('demo');
	await signIn(page);
}

/** One refresh as the page makes it (same origin, the session header, no token in the body). */
function refreshFromPage(page: Page): Promise<{ status: number; replica: string | null }> {
	return page.evaluate(async () => {
		const response = await fetch('/api/oauth/token', {
			method: 'POST',
			headers: { 'x-switchboard-session': '1' },
			body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'switchboard' })
		});
		return { status: response.status, replica: response.headers.get('x-replica') };
	});
}

test('two replicas with one SESSION_SECRET serve one signed-in person, turn by turn', async ({
	page
}) => {
	const replicas = new Set<string>();
	page.on('response', (response) => {
		const replica = response.headers()['x-replica'];
		if (replica !== undefined) replicas.add(replica);
	});
	await signInThroughRoundRobin(page);
	expect([...replicas].sort()).toEqual(['A', 'B']);

	// Four refreshes in a row alternate between the replicas; each opens the cookie the other sealed.
	const answers = [];
	for (let round = 0; round < 4; round++) answers.push(await refreshFromPage(page));
	expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
	expect(new Set(answers.map((answer) => answer.replica))).toEqual(new Set(['A', 'B']));

	// A reload restores the session, whichever replica answers.
	for (let round = 0; round < 2; round++) {
		await page.reload();
		await expect(page.locator('[data-account-menu]')).toBeVisible();
	}
});
