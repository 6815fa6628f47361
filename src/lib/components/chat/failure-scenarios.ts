/**
 * The failures the demo gateway's gallery offers: a choice of its scenarios (ERROR_SCENARIOS and
 * STREAM_SCENARIOS in src/lib/server/demo-gateway, which the browser never imports), one per kind
 * of card a person meets, from waiting a moment to a broken gateway. `name` is what the prompt
 * says (`#scenario:<name>`); `kind` is the failure the app shows for it, whose title names the
 * entry. tests/unit/chat/failure-scenarios.test.ts keeps both true against the gateway.
 */
import type { FailureKind } from '../../failure/types.ts';

export interface FailureScenario {
	name: string;
	/** A kind whose card title depends on nothing else (so it names the entry). */
	kind: Exclude<FailureKind, 'auth_expired' | 'network'>;
}

export const FAILURE_SCENARIOS: readonly FailureScenario[] = [
	{ name: 'rate-limited', kind: 'rate_limited' },
	{ name: 'overloaded', kind: 'overloaded' },
	{ name: 'usage-limit', kind: 'usage_limit' },
	{ name: 'insufficient-balance', kind: 'insufficient_balance' },
	{ name: 'context-too-large', kind: 'context_too_large' },
	{ name: 'model-retired', kind: 'model_retired' },
	{ name: 'model-unavailable', kind: 'model_unavailable' },
	{ name: 'forbidden', kind: 'forbidden' },
	{ name: 'not-found', kind: 'not_found' },
	{ name: 'server-error', kind: 'server_error' },
	{ name: 'bad-gateway-html', kind: 'bad_gateway' },
	{ name: 'gateway-timeout', kind: 'origin_timeout' },
	{ name: 'cut', kind: 'stream_interrupted' },
	{ name: 'failed-mid-stream', kind: 'upstream_failed' },
	{ name: 'html-200', kind: 'malformed_response' }
];

/** The prompt that plays `scenario` on the demo gateway. */
export function scenarioPrompt(scenario: FailureScenario): string {
	return `#scenario:${scenario.name}`;
}
