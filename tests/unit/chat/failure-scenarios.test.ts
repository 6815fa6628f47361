/**
 * The failure gallery's list (the browser's copy of some demo gateway scenario names) stays true to
 * the gateway: every name is a scenario the demo gateway plays, and each HTTP scenario is classified
 * as the kind whose card title names it in the gallery.
 */
import { describe, expect, it } from 'vitest';
import {
	FAILURE_SCENARIOS,
	scenarioPrompt
} from '../../../src/lib/components/chat/failure-scenarios.ts';
import { classifyHttp } from '../../../src/lib/failure/index.ts';
import type { ErrorScenario } from '../../../src/lib/server/demo-gateway/error-scenarios.ts';
import { ERROR_SCENARIOS, STREAM_SCENARIOS } from '../../../src/lib/server/demo-gateway/index.ts';

const isHttpScenario = (name: string): name is keyof typeof ERROR_SCENARIOS =>
	Object.hasOwn(ERROR_SCENARIOS, name);

describe('the failure gallery', () => {
	it('offers each scenario once, and only scenarios the demo gateway plays', () => {
		const names = FAILURE_SCENARIOS.map((scenario) => scenario.name);
		expect(new Set(names).size).toBe(names.length);
		for (const name of names) {
			expect(isHttpScenario(name) || Object.hasOwn(STREAM_SCENARIOS, name), name).toBe(true);
		}
	});

	it('shows each kind of card once', () => {
		const kinds = FAILURE_SCENARIOS.map((scenario) => scenario.kind);
		expect(new Set(kinds).size).toBe(kinds.length);
	});

	it.each(FAILURE_SCENARIOS.filter((scenario) => isHttpScenario(scenario.name)))(
		'#scenario:$name is shown as $kind',
		({ name, kind }) => {
			const scenario: ErrorScenario = ERROR_SCENARIOS[name as keyof typeof ERROR_SCENARIOS];
			const headers = new Headers(scenario.headers);
			if (scenario.contentType !== null) headers.set('content-type', scenario.contentType);
			const failure = classifyHttp(scenario.status, headers, scenario.body, {
				model: 'demo',
				route: 'responses',
				classifierModels: ['codex-auto-review']
			});
			expect(failure.kind).toBe(kind);
		}
	);

	it('sends the token the demo gateway reads', () => {
		expect(scenarioPrompt({ name: 'insufficient-balance', kind: 'insufficient_balance' })).toBe(
			'#scenario:insufficient-balance'
		);
	});
});
