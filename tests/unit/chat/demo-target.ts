/**
 * The app's side of the chat tests: the demo gateway as the page's target, planned as the app
 * plans a Responses turn, and a blank conversation. Free of Node's modules, so the component
 * tests (in Chromium) use it too; demo-session.ts adds the gateway itself, in-process.
 */
import type { TurnTarget } from '../../../src/lib/chat/chat-session.svelte.ts';
import type { Conversation } from '../../../src/lib/chat/storage/records.ts';
import { DEFAULT_MODEL_SETTINGS, DEFAULT_SETTINGS } from '../../../src/lib/chat/settings.ts';
import { planTurn } from '../../../src/lib/chat/turn-planner.ts';
import type { RouteKind } from '../../../src/lib/wire/index.ts';

export const DEMO_BASE = 'http://gateway.test';

/** The demo gateway as the page's target: the Responses route (or `route`), no thinking. */
export function demoTarget(model = 'demo', route: RouteKind = 'responses'): () => TurnTarget {
	return () => ({
		model,
		classifierModels: [],
		plan: (turns, conversationId, summary) =>
			planTurn({
				profile: {
					id: 'demo',
					name: 'Demo',
					baseUrl: DEMO_BASE,
					route,
					area: 'codex',
					auth: 'none',
					keyHeader: 'x-api-key',
					defaultModel: model
				},
				baseUrl: DEMO_BASE,
				settings: DEFAULT_SETTINGS,
				modelSettings: { ...DEFAULT_MODEL_SETTINGS, thinking: 'off' },
				model,
				conversationId,
				turns,
				summary
			})
	});
}

export function blankConversation(id = 'c1'): Conversation {
	return {
		id,
		title: 'New conversation',
		createdAt: 1,
		updatedAt: 1,
		model: 'demo',
		profileId: 'default',
		draft: '',
		messages: []
	};
}
