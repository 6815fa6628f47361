/**
 * The demo gateway's models. Some stand for a failure of their own, so that the one-click fixes
 * (switch to the successor, pick another model) can be tried end to end:
 * - `demo-legacy` is retired (its successor is `demo`);
 * - `codex-auto-review` is a safety-classifier model that is always rate-limited;
 * - `demo-long-context` needs the larger context option (the long-context beta header).
 */
import type { ErrorScenarioName } from './error-scenarios.ts';

interface DemoModel {
	id: string;
	displayName: string;
}

export const DEMO_MODELS: readonly DemoModel[] = [
	{ id: 'demo', displayName: 'Demo' },
	{ id: 'demo-adaptive', displayName: 'Demo (adaptive thinking only)' },
	{ id: 'demo-legacy', displayName: 'Demo Legacy (retired)' },
	{ id: 'demo-long-context', displayName: 'Demo (needs the larger context option)' },
	{ id: 'codex-auto-review', displayName: 'Auto-review classifier' }
];

const CREATED = 1_767_225_600; // 2026-01-01T00:00:00Z

/** The long-context beta a request must ask for to use `demo-long-context`. */
const LONG_CONTEXT_BETA = /\bcontext-1m-/;

export function modelScenario(model: string, headers: Headers): ErrorScenarioName | null {
	if (model === 'demo-legacy') return 'model-retired';
	if (
		model === 'demo-long-context' &&
		!LONG_CONTEXT_BETA.test(headers.get('anthropic-beta') ?? '')
	) {
		return 'long-context-required';
	}
	if (model === 'codex-auto-review') return 'classifier-unavailable';
	return null;
}

/**
 * `GET /v1/models`: the OpenAI list shape, or the Anthropic one when both `x-api-key` and
 * `anthropic-version` are sent (as new-api does; docs/reference/wire.md).
 */
export function demoModelList(headers: Headers): unknown {
	if (headers.has('x-api-key') && headers.has('anthropic-version')) {
		return {
			data: DEMO_MODELS.map((model) => ({
				id: model.id,
				type: 'model',
				display_name: model.displayName,
				created_at: new Date(CREATED * 1000).toISOString()
			})),
			has_more: false,
			first_id: DEMO_MODELS[0]?.id ?? null,
			last_id: DEMO_MODELS.at(-1)?.id ?? null
		};
	}
	return {
		object: 'list',
		data: DEMO_MODELS.map((model) => ({
			id: model.id,
			object: 'model',
			created: CREATED,
			owned_by: 'switchboard-demo'
		}))
	};
}
