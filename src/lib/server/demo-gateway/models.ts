/**
 * The demo gateway's models. Some stand for a failure of their own, so that the one-click fixes
 * (switch to the successor, pick another model) can be tried end to end:
 * - `demo-legacy` is retired (its successor is `demo`);
 * - `codex-auto-review` is a safety-classifier model that is always rate-limited.
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
	{ id: 'codex-auto-review', displayName: 'Auto-review classifier' }
];

const CREATED = 1_767_225_600; // 2026-01-01T00:00:00Z

export function modelScenario(model: string): ErrorScenarioName | null {
	if (model === 'demo-legacy') return 'model-retired';
	if (model === 'codex-auto-review') return 'classifier-unavailable';
	return null;
}

/**
 * `GET /v1/models`: the OpenAI list shape, or the Anthropic one when both `x-api-key` and
 * `anthropic-version` are sent (as new-api does; shared/reference/wire.md).
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
