import { afterEach, describe, expect, it } from 'vitest';
import {
	checkReport,
	checkSummary,
	explainContext,
	explainStep,
	pendingSteps,
	secretValues,
	type StepState
} from '../../../src/lib/connection-check/index.ts';
import { runCheck, targetFor, PAGE_ORIGIN } from './check-target.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

const NOW = Date.UTC(2026, 4, 4, 21, 0, 0);
let gateway: TestGateway | undefined;
afterEach(async () => {
	await gateway?.close();
	gateway = undefined;
});

describe('checkReport', () => {
	it('says what was checked and what each step found, and never holds the key, even where the gateway echoed it', async () => {
		gateway = await startTestGateway({ cors: 'allow', key: 'sk-right', requestId: 'req_401_a' });
		const key = 'sk-live-5f2c9d7e1a0b';
		const target = targetFor(gateway.url, { key });
		const steps = await runCheck(target);
		const context = explainContext(target);
		// The gateway quoted the key back, so the problem sentence on screen holds it...
		expect(explainStep(steps[2] as StepState, context).problem).toContain(key);
		const report = checkReport({ steps, context, secrets: await secretValues(target), now: NOW });
		// ...and the report does not.
		expect(report).not.toContain(key);
		expect(report).not.toContain('5f2c9d7e1a0b');
		expect(report).toContain('Incorrect API key provided: [redacted]');
		expect(report.split('\n').slice(0, 4)).toEqual([
			'Switchboard connection check, 2026-05-04T21:00:00.000Z',
			`Page origin: ${PAGE_ORIGIN}`,
			`Gateway: ${gateway.url} (responses route; the browser calls it directly)`,
			'Credentials: API key (sent, not shown)'
		]);
		expect(report).toContain('1. Reachable: passed');
		expect(report).toContain('3. Credentials accepted: failed');
		expect(report).toContain('   Fix: Check the API key');
		expect(report).toContain('   Request id: req_401_a');
		expect(report).toContain('5. Streamed answer: skipped');
	});
});

describe('explainStep and checkSummary', () => {
	const context = explainContext(targetFor('https://gw.example.com', { key: 'k' }));

	it('a pending or running step has a label and a result word, no sentences', () => {
		const [first] = pendingSteps();
		expect(explainStep(first as StepState, context)).toEqual({
			label: 'Reachable',
			result: 'Waiting'
		});
		expect(explainStep({ step: 'cors', state: 'running' }, context)).toEqual({
			label: 'CORS allowed',
			result: 'Checking…'
		});
	});

	it.each<[StepState, string, string]>([
		[
			{ step: 'reachable', state: 'failed', outcome: { kind: 'offline' } },
			'This device is offline.',
			'Connect to a network, then run the check again.'
		],
		[
			{ step: 'reachable', state: 'failed', outcome: { kind: 'blocked_by_policy' } },
			"This app's Content-Security-Policy does not allow connections to gw.example.com.",
			'Reload this page; if it is still blocked, tell whoever runs Switchboard (its policy should allow GATEWAY_URL).'
		],
		[
			{
				step: 'auth',
				state: 'failed',
				outcome: {
					kind: 'refused',
					failure: { kind: 'forbidden', status: 403, message: 'IP not allowed' }
				}
			},
			'The gateway refused the API key: IP not allowed.',
			"Ask the gateway's operator to allow this key or account from here (quote the request id), or use another gateway."
		],
		[
			{
				step: 'stream',
				state: 'failed',
				outcome: {
					kind: 'failed',
					model: 'demo-legacy',
					failure: {
						kind: 'model_retired',
						message: 'The model demo-legacy has been retired.',
						successorModel: 'demo'
					}
				}
			},
			'A streamed request to demo-legacy failed: The model demo-legacy has been retired.',
			'Use demo instead (choose it in the chat).'
		],
		[
			{
				step: 'stream',
				state: 'failed',
				outcome: {
					kind: 'interrupted',
					model: 'm',
					failure: {
						kind: 'stream_stalled',
						message: 'The answer sent nothing for 30 s, so the app stopped waiting.'
					}
				}
			},
			'The streamed answer stopped arriving: The answer sent nothing for 30 s, so the app stopped waiting. Something between the browser and the gateway holds streamed answers back.',
			"Turn proxy buffering off for the gateway's path (nginx: proxy_buffering off) and give streamed answers a long read timeout."
		],
		[
			{
				step: 'stream',
				state: 'failed',
				outcome: {
					kind: 'request_invalid',
					message: 'The value of the authorization header is not valid.'
				}
			},
			'The request could not be built: The value of the authorization header is not valid.',
			'Paste the API key again, without spaces or line breaks around it.'
		]
	])('%o → the problem and the fix', (state, problem, fix) => {
		expect(explainStep(state, context)).toMatchObject({ result: 'Failed', problem, fix });
	});

	it('the summary says where the check is, or where it stopped and why', () => {
		const steps = pendingSteps();
		expect(checkSummary(steps, context)).toBe('Not run yet.');
		const running = steps.map((step): StepState =>
			step.step === 'reachable' ? { step: 'reachable', state: 'running' } : step
		);
		expect(checkSummary(running, context)).toBe('Checking: Reachable…');
		const failed: StepState[] = [
			{ step: 'reachable', state: 'failed', outcome: { kind: 'offline' } },
			...steps
				.slice(1)
				.map((step): StepState => ({ step: step.step, state: 'skipped', after: 'reachable' }))
		];
		expect(checkSummary(failed, context)).toBe('Failed at "Reachable". This device is offline.');
	});
});
