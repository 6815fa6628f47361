/**
 * The chat, the model list and the connection check send the same headers for the same gateway
 * profile. Driven through AppState as the page drives it (a profile, a pasted key, a prompt; the
 * check's target taken from the same AppState), against the demo gateway handler in-process.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import { AppState } from '../../../src/lib/chat/app-state.svelte.ts';
import { checkTarget } from '../../../src/lib/components/connection/app-target.ts';
import {
	inspectingCorsProbe,
	runConnectionCheck
} from '../../../src/lib/connection-check/index.ts';
import { handleDemoRequest } from '../../../src/lib/server/demo-gateway/index.ts';
import type { RouteKind } from '../../../src/lib/wire/index.ts';

const ORIGIN = 'http://app.test';
const KEY = 'sk-test-0123456789';

interface Sent {
	method: string;
	path: string;
	headers: Record<string, string>;
}

/** Every request that reached the gateway, as it saw it. */
let sent: Sent[] = [];

async function gateway(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
	const request = new Request(input, init);
	const url = new URL(request.url);
	if (init?.mode !== 'no-cors') {
		sent.push({
			method: request.method,
			path: url.pathname,
			headers: Object.fromEntries(request.headers)
		});
	}
	return handleDemoRequest(request, { mountPath: '/gw', cors: false });
}

/** Not signed in, no sign-in configured: the API key is what goes out. */
const signedOut = {
	signedIn: false,
	account: null,
	available: false,
	accessToken: () => Promise.resolve(null),
	refresh: () => Promise.resolve(false),
	configure: () => undefined,
	restore: () => Promise.resolve()
} as unknown as AuthSession;

async function appOn(route: RouteKind): Promise<AppState> {
	const app = new AppState('/api/config', signedOut);
	app.settings.addProfile({
		id: `p-${route}`,
		name: 'Gateway',
		baseUrl: `${ORIGIN}/gw`,
		route,
		area: 'codex',
		auth: 'api_key',
		keyHeader: 'x-api-key',
		defaultModel: 'demo'
	});
	app.access.apiKey.configure(`p-${route}`, `${ORIGIN}/gw`);
	app.access.apiKey.set(KEY, false);
	await app.selectProfile(`p-${route}`);
	return app;
}

const models = (): Sent[] => sent.filter((request) => request.path === '/gw/v1/models');
const turns = (): Sent[] => sent.filter((request) => request.method === 'POST');
/** The headers that name a session: a chat and the check are different sessions. */
const withoutSession = (headers: Record<string, string>): Record<string, string> =>
	Object.fromEntries(
		Object.entries(headers).filter(([name]) => name !== 'session_id' && name !== 'session-id')
	);

beforeEach(() => {
	sent = [];
	vi.stubGlobal('location', new URL(`${ORIGIN}/`));
	vi.stubGlobal('document', { cookie: '' });
	vi.stubGlobal('fetch', gateway);
});
afterEach(() => {
	vi.unstubAllGlobals();
});

describe('one header table for the chat, the model list and the connection check', () => {
	it('the model list sends x-api-key and anthropic-version on the messages route', async () => {
		const app = await appOn('messages');
		expect(models().map((request) => request.headers)).toEqual([
			{
				'x-api-key': KEY,
				'anthropic-version': '2023-06-01',
				'anthropic-dangerous-direct-browser-access': 'true'
			}
		]);
		// new-api, and the demo gateway, answer in the Anthropic shape only for these two headers.
		expect(app.models).toContain('demo');
	});

	for (const route of ['responses', 'backend', 'messages'] as const) {
		it(`${route}: the connection check sends what the chat sends`, async () => {
			const app = await appOn(route);
			await app.library.open();
			await app.session?.send('hello');
			const [chatList] = models();
			const [chatTurn] = turns();
			expect(chatTurn?.headers['content-type']).toBe('application/json');

			sent = [];
			const target = checkTarget(app);
			const steps = await runConnectionCheck(target, {
				fetch: gateway,
				online: () => true,
				cors: inspectingCorsProbe(gateway, ORIGIN)
			});
			expect(steps.map((step) => step.state)).toEqual([
				'passed',
				'passed',
				'passed',
				'passed',
				'passed'
			]);
			const [checkList] = models();
			const [checkTurn] = turns();
			expect(checkList?.headers).toEqual(chatList?.headers);
			expect(withoutSession(checkTurn?.headers ?? {})).toEqual(
				withoutSession(chatTurn?.headers ?? {})
			);
			if (route === 'backend') {
				expect(checkTurn?.headers['session_id']).toBe('connection-check');
				expect(chatTurn?.headers['session_id']).toBe(app.session?.id);
			}
		});
	}

	it('sends no account header without an account id (an API key on the backend route)', async () => {
		const app = await appOn('backend');
		await app.library.open();
		await app.session?.send('hello');
		const [turn] = turns();
		expect(turn?.headers).not.toHaveProperty('service-account-id');
		expect(Object.values(turn?.headers ?? {})).not.toContain('');
		expect(turn?.headers['authorization']).toBe(`Bearer ${KEY}`);
	});
});
