/**
 * The connection check page's component, rendered in Chromium: five steps with their results as
 * they change, a live summary, "Run again", cancel, and a report without the key. The probes talk
 * to an in-page stand-in for the gateway (the probes themselves are tested against a real local
 * gateway in tests/unit/connection-check, and the whole page end to end in
 * tests/e2e/deploy-connection-check.spec.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { gatewayCredentials } from '../../../src/lib/auth/gateway-credentials.ts';
import ConnectionCheck from '../../../src/lib/components/connection/ConnectionCheck.svelte';
import {
	ConnectionCheckState,
	type CheckProbes
} from '../../../src/lib/components/connection/connection-check.svelte.ts';
import { browserCorsProbe, type CheckTarget } from '../../../src/lib/connection-check/index.ts';
import { GatewayClient } from '../../../src/lib/gateway/gateway-client.ts';

const KEY = 'sk-component-9f8e7d6c';
const COMPLETED =
	'event: response.completed\ndata: {"type":"response.completed","sequence_number":0,"response":{"id":"resp_1","object":"response","status":"completed","output":[{"id":"msg_1","type":"message","role":"assistant","status":"completed","content":[{"type":"output_text","text":"OK","annotations":[]}]}]}}\n\n';

/** This page's origin: the gateway is "this server", so CORS does not apply. */
function target(): CheckTarget {
	const notSignedIn = {
		signedIn: false,
		account: null,
		accessToken: () => Promise.resolve(null),
		refresh: () => Promise.resolve(false)
	};
	const endpoint = {
		baseUrl: `${location.origin}/gateway`,
		route: 'responses',
		area: 'codex'
	} as const;
	const authorizer = gatewayCredentials(
		{ auth: 'api_key', configuredByServer: true },
		notSignedIn,
		{ key: () => KEY },
		() => 'x'
	);
	return {
		...endpoint,
		origin: location.origin,
		path: 'direct',
		configuredByServer: true,
		model: '',
		classifierModels: [],
		credentialSource: 'api_key',
		hasCredential: true,
		gateway: new GatewayClient(endpoint, authorizer)
	};
}

type Answer = (url: string, init: RequestInit | undefined) => Promise<Response>;

/** A stand-in gateway: a model list that quotes the key back, and a completed stream. */
const healthy: Answer = (url) =>
	Promise.resolve(
		url.endsWith('/v1/models')
			? new Response(JSON.stringify({ data: [{ id: 'gw-model' }], note: KEY }), {
					headers: { 'content-type': 'application/json', 'x-request-id': 'req_list_7' }
				})
			: new Response(COMPLETED, { headers: { 'content-type': 'text/event-stream' } })
	);

function probes(answer: Answer): CheckProbes {
	const fetchFn: typeof fetch = (input, init) =>
		answer(input instanceof Request ? input.url : String(input), init);
	return { fetch: fetchFn, online: () => true, cors: browserCorsProbe(fetchFn) };
}

function setUp(answer: Answer): ConnectionCheckState {
	return new ConnectionCheckState(() => Promise.resolve({ target: target() }), probes(answer));
}

function stepElement(name: string): Element | null {
	return document.querySelector(`[data-check-step="${name}"]`);
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe('ConnectionCheck', () => {
	it('lists the five steps and shows each one passing, with the request id the gateway gave', async () => {
		const check = setUp(healthy);
		const screen = await render(ConnectionCheck, { check, chatHref: '/' });
		expect(
			[...document.querySelectorAll('[data-check-step]')].map((element) => [
				element.getAttribute('data-check-step'),
				element.getAttribute('data-check-result')
			])
		).toEqual([
			['reachable', 'pending'],
			['cors', 'pending'],
			['auth', 'pending'],
			['models', 'pending'],
			['stream', 'pending']
		]);
		await check.run();
		await expect.element(screen.getByRole('status')).toHaveTextContent('All steps passed.');
		for (const name of ['reachable', 'cors', 'auth', 'models', 'stream']) {
			expect(stepElement(name)?.getAttribute('data-check-result')).toBe('passed');
		}
		await expect
			.element(screen.getByRole('textbox', { name: 'Request id' }))
			.toHaveValue('req_list_7');
		await expect.element(screen.getByText('gw-model streamed an answer to its end.')).toBeVisible();
		await expect
			.element(screen.getByRole('link', { name: 'Back to the chat' }))
			.toHaveAttribute('href', '/');
	});

	it('a failed step says what is wrong and how to fix it; the steps after it are skipped', async () => {
		const check = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
		const screen = await render(ConnectionCheck, { check, chatHref: '/' });
		await check.run();
		expect(stepElement('reachable')?.getAttribute('data-check-result')).toBe('failed');
		for (const name of ['cors', 'auth', 'models', 'stream']) {
			expect(stepElement(name)?.getAttribute('data-check-result')).toBe('skipped');
		}
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent(
				`Failed at "Reachable". The browser could not connect to ${location.host}`
			);
		await expect.element(screen.getByText('How to fix it:')).toBeVisible();
		await expect
			.element(screen.getByText('Not checked: "Reachable" failed first.').first())
			.toBeVisible();
	});

	it('shows the running step, and Cancel ends it; Run again starts over', async () => {
		// Answers nothing until the request is aborted.
		const hanging: Answer = (_url, init) =>
			new Promise((_resolve, reject) => {
				init?.signal?.addEventListener('abort', () =>
					reject(new DOMException('The request was aborted.', 'AbortError'))
				);
			});
		const check = setUp(hanging);
		const screen = await render(ConnectionCheck, { check, chatHref: '/' });
		const running = check.run();
		await expect
			.poll(() => stepElement('reachable')?.getAttribute('data-check-result'))
			.toBe('running');
		await expect.element(screen.getByRole('status')).toHaveTextContent('Checking: Reachable…');
		await screen.getByRole('button', { name: 'Cancel' }).click();
		await running;
		expect(stepElement('reachable')?.getAttribute('data-check-result')).toBe('cancelled');
		await expect.element(screen.getByRole('status')).toHaveTextContent('The check was cancelled.');
		await screen.getByRole('button', { name: 'Run again' }).click();
		await expect
			.poll(() => stepElement('reachable')?.getAttribute('data-check-result'))
			.toBe('running');
		check.cancel();
	});

	it('Copy report copies a plain-text report without the key, even where the gateway echoed it', async () => {
		const copied: string[] = [];
		vi.spyOn(navigator.clipboard, 'writeText').mockImplementation((text) => {
			copied.push(text);
			return Promise.resolve();
		});
		const echoing: Answer = (url) =>
			Promise.resolve(
				url.endsWith('/v1/models')
					? new Response(
							JSON.stringify({
								error: { message: `Incorrect API key provided: ${KEY}`, code: 'invalid_api_key' }
							}),
							{ status: 401, headers: { 'content-type': 'application/json' } }
						)
					: new Response(null, { status: 404 })
			);
		const check = setUp(echoing);
		const screen = await render(ConnectionCheck, { check, chatHref: '/' });
		await check.run();
		expect(stepElement('auth')?.getAttribute('data-check-result')).toBe('failed');
		await screen.getByRole('button', { name: 'Copy report' }).click();
		await expect.element(screen.getByRole('button', { name: 'Report copied' })).toBeVisible();
		expect(copied).toHaveLength(1);
		const [report] = copied;
		expect(report).toContain('3. Credentials accepted: failed');
		expect(report).toContain('Incorrect API key provided: [redacted]');
		expect(report).not.toContain(KEY);
	});
});
