import { afterEach, describe, expect, it } from 'vitest';
import {
	checkReport,
	explainContext,
	explainStep,
	type StepState
} from '../../../src/lib/connection-check/index.ts';
import { runCheck, states, targetFor, PAGE_ORIGIN } from './check-target.ts';
import { closedPort } from '../../local-server.ts';
import { startTestGateway, type GatewayBehaviour, type TestGateway } from './test-gateway.ts';

let gateway: TestGateway | undefined;
afterEach(async () => {
	await gateway?.close();
	gateway = undefined;
});

async function gatewayWith(behaviour: GatewayBehaviour): Promise<TestGateway> {
	gateway = await startTestGateway(behaviour);
	return gateway;
}

function step(steps: readonly StepState[], name: StepState['step']): StepState {
	const found = steps.find((candidate) => candidate.step === name);
	if (found === undefined) throw new Error(`no step ${name}`);
	return found;
}

describe('runConnectionCheck against a real local gateway', () => {
	it('passes every step on a gateway that allows this origin, the key and a stream', async () => {
		const { url } = await gatewayWith({
			cors: 'allow',
			key: 'sk-good-key',
			stream: 'responses/text',
			requestId: 'req_models_1'
		});
		const target = targetFor(url, { key: 'sk-good-key' });
		const steps = await runCheck(target);
		expect(states(steps)).toEqual({
			reachable: 'passed',
			cors: 'passed',
			auth: 'passed',
			models: 'passed',
			stream: 'passed'
		});
		const context = explainContext(target);
		expect(explainStep(step(steps, 'models'), context).note).toBe(
			'The gateway lists 2 models: gw-large, gw-small.'
		);
		expect(step(steps, 'models')).toMatchObject({ requestId: 'req_models_1' });
		expect(explainStep(step(steps, 'stream'), context).note).toBe(
			'gw-large streamed an answer to its end.'
		);
		const turn = gateway?.requests.find((request) => request.method === 'POST');
		expect(turn?.path).toBe('/v1/responses');
		expect(turn?.headers.authorization).toBe('Bearer sk-good-key');
	});

	it('no CORS at all: reachable passes, CORS fails naming the origin and GATEWAY_MODE=relay, the rest is skipped', async () => {
		const { url } = await gatewayWith({ cors: 'none', stream: 'responses/text' });
		const target = targetFor(url, { key: 'sk-any' });
		const steps = await runCheck(target);
		expect(states(steps)).toEqual({
			reachable: 'passed',
			cors: 'failed',
			auth: 'skipped',
			models: 'skipped',
			stream: 'skipped'
		});
		expect(step(steps, 'cors')).toMatchObject({ outcome: { kind: 'no_cors' } });
		const cors = explainStep(step(steps, 'cors'), explainContext(target));
		expect(cors.problem).toBe(
			`The gateway does not allow this origin (${PAGE_ORIGIN}): its answers carry no CORS headers for it, so the browser may not read them.`
		);
		expect(cors.fix).toBe(
			`Set GATEWAY_MODE=relay on the Switchboard server, or allow ${PAGE_ORIGIN} (and the Authorization, Content-Type headers) in the gateway's CORS settings.`
		);
		expect(explainStep(step(steps, 'auth'), explainContext(target)).note).toBe(
			'Not checked: "CORS allowed" failed first.'
		);
		expect(gateway?.requests.some((request) => request.method === 'POST')).toBe(false);
	});

	it('a gateway the person added: the CORS fix does not offer GATEWAY_MODE as theirs to set', async () => {
		const { url } = await gatewayWith({ cors: 'none' });
		const target = targetFor(url, { configuredByServer: false });
		const steps = await runCheck(target);
		const fix = explainStep(step(steps, 'cors'), explainContext(target)).fix ?? '';
		expect(fix).toMatch(new RegExp(`^Allow ${PAGE_ORIGIN} \\(and the Content-Type headers\\)`));
		expect(fix).toContain('ask whoever runs Switchboard');
	});

	it('a preflight that allows * but not Authorization: CORS fails, naming Authorization', async () => {
		const { url } = await gatewayWith({ cors: 'wildcard-headers', stream: 'responses/text' });
		const target = targetFor(url, { key: 'sk-any' });
		const steps = await runCheck(target);
		expect(step(steps, 'cors')).toMatchObject({
			state: 'failed',
			outcome: {
				kind: 'preflight_refused',
				headers: ['authorization', 'content-type'],
				refused: ['authorization']
			}
		});
		const cors = explainStep(step(steps, 'cors'), explainContext(target));
		expect(cors.problem).toBe(
			`The gateway allows this origin (${PAGE_ORIGIN}), but its preflight refuses the Authorization header that chat requests send.`
		);
		expect(cors.fix).toContain('a * there does not cover Authorization');
		expect(cors.fix).toContain('GATEWAY_MODE=relay');
	});

	it('the backend route: the preflight carries the account and session headers, and names the one refused', async () => {
		const allowHeaders = [
			'authorization',
			'content-type',
			'service-account-id',
			'version',
			'originator',
			'session-id'
		];
		const { url } = await gatewayWith({ cors: { allowHeaders } });
		const target = targetFor(url, {
			route: 'backend',
			credentialSource: 'oauth',
			key: 'access-token-1'
		});
		const steps = await runCheck(target);
		expect(step(steps, 'cors')).toMatchObject({
			state: 'failed',
			outcome: { kind: 'preflight_refused', refused: ['session_id'] }
		});
		const preflight = gateway?.requests.find(
			(request) =>
				request.method === 'OPTIONS' &&
				String(request.headers['access-control-request-headers']).includes(',')
		);
		expect(String(preflight?.headers['access-control-request-headers']).split(',')).toEqual(
			expect.arrayContaining([
				'authorization',
				'content-type',
				'originator',
				'session-id',
				'session_id',
				'version'
			])
		);
	});

	it('401: credentials refused, classified, with a fix about the key; the rest is skipped', async () => {
		const { url } = await gatewayWith({ cors: 'allow', key: 'sk-right' });
		const target = targetFor(url, { key: 'sk-wrong-0123' });
		const steps = await runCheck(target);
		expect(states(steps)).toMatchObject({ auth: 'failed', models: 'skipped', stream: 'skipped' });
		expect(step(steps, 'auth')).toMatchObject({
			outcome: { kind: 'refused', failure: { kind: 'auth_expired', status: 401 } }
		});
		const auth = explainStep(step(steps, 'auth'), explainContext(target));
		expect(auth.problem).toMatch(/^The gateway refused the API key: Incorrect API key provided/);
		expect(auth.fix).toContain('Check the API key');
	});

	it('401 without any key: says the gateway needs one', async () => {
		const { url } = await gatewayWith({ cors: 'allow', key: 'sk-right' });
		const target = targetFor(url, { credentialSource: 'api_key' });
		const steps = await runCheck(target);
		const auth = explainStep(step(steps, 'auth'), explainContext(target));
		expect(auth.problem).toMatch(/^The gateway refused the request without credentials/);
		expect(auth.fix).toBe("This gateway needs a key: add one with the chat header's key menu.");
	});

	it('an HTML page at /v1/models: the model list fails, quoting the page title and pointing at the base URL', async () => {
		const { url } = await gatewayWith({ cors: 'allow', models: 'html' });
		const target = targetFor(url);
		const steps = await runCheck(target);
		expect(states(steps)).toMatchObject({ auth: 'passed', models: 'failed', stream: 'skipped' });
		const models = explainStep(step(steps, 'models'), explainContext(target));
		expect(models.problem).toBe(
			`${url}/v1/models answered with an HTML page ("Sign in · Corporate Access Portal"), not a model list.`
		);
		expect(models.fix).toMatch(/^An HTML page usually means a wrong base URL/);
	});

	it.each([
		['wrong-json', { kind: 'wrong_shape', keys: ['models', 'ok'] }],
		['empty', { kind: 'empty' }],
		['not-found', { kind: 'http_error', failure: { kind: 'not_found', status: 404 } }]
	] as const)('/v1/models %s: the model list fails with %o', async (mode, outcome) => {
		const { url } = await gatewayWith({ cors: 'allow', models: mode });
		const steps = await runCheck(targetFor(url));
		expect(step(steps, 'models')).toMatchObject({ state: 'failed', outcome });
		expect(step(steps, 'stream').state).toBe('skipped');
	});

	it("the relay's own 502 (the gateway behind it is down): the fix is on the server, not in the browser", async () => {
		const { url } = await gatewayWith({ cors: 'none', models: 'relay-unreachable' });
		const target = targetFor(`${url}/api/relay`, {
			origin: url,
			path: 'relay',
			upstreamHost: 'gw.intranet.test'
		});
		const steps = await runCheck(target);
		expect(states(steps)).toMatchObject({ reachable: 'passed', cors: 'passed', models: 'failed' });
		expect(step(steps, 'models')).toMatchObject({
			outcome: {
				kind: 'http_error',
				relayError: 'upstream_unreachable',
				failure: { kind: 'bad_gateway' }
			}
		});
		const models = explainStep(step(steps, 'models'), explainContext(target));
		expect(models.problem).toBe(
			`${url}/api/relay/v1/models answered: Bad gateway: the relay could not reach the gateway gw.intranet.test (connection refused).`
		);
		expect(models.fix).toMatch(
			/^The relay on this server could not use the gateway: check GATEWAY_URL/
		);
		expect(explainStep(step(steps, 'reachable'), explainContext(target)).note).toBe(
			'This server answers: it relays to the configured gateway at gw.intranet.test (GATEWAY_MODE=relay).'
		);
		const report = checkReport({ steps, context: explainContext(target), secrets: [], now: 0 });
		expect(report).toContain(
			`Gateway: ${url}/api/relay (responses route; through the relay on this server to gw.intranet.test (GATEWAY_MODE=relay))`
		);
	});

	it('a stream that ends without its terminal event: interrupted, and the fix is proxy buffering', async () => {
		const { url } = await gatewayWith({ cors: 'allow', stream: 'responses/cut' });
		const target = targetFor(url);
		const steps = await runCheck(target);
		expect(step(steps, 'stream')).toMatchObject({
			state: 'failed',
			outcome: { kind: 'interrupted', failure: { kind: 'stream_interrupted' } }
		});
		const stream = explainStep(step(steps, 'stream'), explainContext(target));
		expect(stream.problem).toBe(
			'The stream ended before its last event: the connection drops streamed answers.'
		);
		expect(stream.fix).toContain('proxy_buffering off');
	});

	it('a stream that ends incomplete (the token limit) passes, and says that is fine', async () => {
		const { url } = await gatewayWith({ cors: 'allow', stream: 'responses/incomplete' });
		const target = targetFor(url, { model: 'gw-small' });
		const steps = await runCheck(target);
		expect(step(steps, 'stream')).toMatchObject({
			state: 'passed',
			outcome: { kind: 'incomplete', model: 'gw-small' }
		});
		expect(explainStep(step(steps, 'stream'), explainContext(target)).note).toContain(
			'that is fine'
		);
		const body: unknown = gateway?.requests.find((request) => request.method === 'POST');
		expect(body).toBeDefined();
	});

	it('sends the tiny output limit and the chosen model on the Responses route', async () => {
		const seen: unknown[] = [];
		const { url } = await gatewayWith({ cors: 'allow', stream: 'responses/text' });
		const recording: typeof fetch = async (input, init) => {
			if (init?.method === 'POST' && typeof init.body === 'string')
				seen.push(JSON.parse(init.body));
			return fetch(input, init);
		};
		await runCheck(targetFor(url, { model: 'gw-small' }), { fetch: recording });
		expect(seen).toEqual([
			expect.objectContaining({ model: 'gw-small', max_output_tokens: 16, stream: true })
		]);
	});

	it('an unreachable (closed) port fails at "reachable" with a plain sentence naming the address', async () => {
		const port = await closedPort();
		const target = targetFor(`http://127.0.0.1:${port}`, { configuredByServer: false });
		const steps = await runCheck(target);
		expect(states(steps)).toEqual({
			reachable: 'failed',
			cors: 'skipped',
			auth: 'skipped',
			models: 'skipped',
			stream: 'skipped'
		});
		const reachable = explainStep(step(steps, 'reachable'), explainContext(target));
		expect(reachable.problem).toBe(`The gateway refused the connection (127.0.0.1:${port}).`);
		expect(reachable.fix).toContain(
			`the gateway's base URL in Settings (now http://127.0.0.1:${port})`
		);
	});

	it('offline: fails at "reachable" without sending anything', async () => {
		const { url, requests } = await gatewayWith({ cors: 'allow' });
		const steps = await runCheck(targetFor(url), { online: () => false });
		expect(step(steps, 'reachable')).toMatchObject({
			state: 'failed',
			outcome: { kind: 'offline' }
		});
		expect(requests).toHaveLength(0);
	});

	it('an https page and an http gateway (not loopback): mixed content, nothing sent', async () => {
		const target = targetFor('http://gateway.intranet.test', {
			origin: 'https://chat.intranet.test'
		});
		let sent = 0;
		const steps = await runCheck(target, {
			fetch: (input, init) => {
				sent += 1;
				return fetch(input, init);
			}
		});
		expect(step(steps, 'reachable')).toMatchObject({
			state: 'failed',
			outcome: { kind: 'mixed_content' }
		});
		expect(sent).toBe(0);
	});

	it('a gateway on this origin needs no CORS', async () => {
		const { url } = await gatewayWith({ cors: 'none', stream: 'responses/text' });
		const target = targetFor(url, { origin: url, path: 'demo' });
		const steps = await runCheck(target);
		expect(states(steps)).toMatchObject({ reachable: 'passed', cors: 'passed', stream: 'passed' });
		const context = explainContext(target);
		expect(explainStep(step(steps, 'reachable'), context).note).toBe(
			'This server answers: it runs the built-in demo gateway.'
		);
		expect(explainStep(step(steps, 'cors'), context).note).toBe(
			"Not needed: the gateway is on this server's origin."
		);
	});

	it('a host that accepts the connection but never answers: "reachable" ends at its deadline', async () => {
		const { url } = await gatewayWith({ cors: 'allow', hang: 'everything' });
		const target = targetFor(url);
		const steps = await runCheck(target, { stepTimeoutMs: 300 });
		expect(step(steps, 'reachable')).toMatchObject({
			state: 'failed',
			outcome: { kind: 'timed_out', afterMs: 300 }
		});
		expect(explainStep(step(steps, 'reachable'), explainContext(target)).problem).toBe(
			`${new URL(url).host} did not answer within 1 s.`
		);
	});

	it('a streamed answer that never comes ends at the stream deadline, saying so', async () => {
		const { url } = await gatewayWith({ cors: 'allow', hang: 'turns' });
		const target = targetFor(url);
		const steps = await runCheck(target, { streamTimeoutMs: 300 });
		expect(states(steps)).toMatchObject({ models: 'passed', stream: 'failed' });
		const stream = explainStep(step(steps, 'stream'), explainContext(target));
		expect(step(steps, 'stream')).toMatchObject({ outcome: { kind: 'timed_out', afterMs: 300 } });
		expect(stream.problem).toBe('No complete answer arrived within 1 s.');
	});

	it('cancelling ends the running step and the rest as cancelled, and reports each change', async () => {
		const { url } = await gatewayWith({ cors: 'allow', hang: 'turns' });
		const controller = new AbortController();
		const seen: string[] = [];
		const steps = await runCheck(targetFor(url), {
			signal: controller.signal,
			onUpdate: (current) => {
				const running = current.find((candidate) => candidate.state === 'running');
				if (running !== undefined && seen.at(-1) !== running.step) seen.push(running.step);
				if (running?.step === 'stream') setTimeout(() => controller.abort(), 20);
			}
		});
		expect(seen).toEqual(['reachable', 'cors', 'auth', 'models', 'stream']);
		expect(states(steps)).toEqual({
			reachable: 'passed',
			cors: 'passed',
			auth: 'passed',
			models: 'passed',
			stream: 'cancelled'
		});
	});
});
