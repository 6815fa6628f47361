/**
 * One reasoning control per route, and the settings stored before it: an old record is read into
 * the new shape without losing anything, and every request it planned is planned the same.
 *
 * tests/fixtures/settings/reasoning-plans-before.json was recorded from the turn planner as it was
 * before the Messages route had a thinking setting of its own (the shared effort and summary
 * controls asked for thinking there): each entry is the request planned for one stored record
 * (`route effort summary thinking model`; conversation and instructions left out).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	DEFAULT_MODEL_SETTINGS,
	readSettings,
	type ChatSettings,
	type GatewayProfile,
	type ModelSettings
} from '../../../src/lib/chat/settings.ts';
import {
	effortChoice,
	reasoningControlOf,
	reasoningPatch,
	thinkingChoice,
	thinkingChoices
} from '../../../src/lib/chat/settings-reasoning.ts';
import { routeCanContinue } from '../../../src/lib/chat/route-abilities.ts';
import { planTurn } from '../../../src/lib/chat/turn-planner.ts';
import type { RouteKind } from '../../../src/lib/wire/index.ts';

interface Recorded {
	url: string;
	headers: Record<string, string>;
	body: Record<string, unknown>;
	canContinue: boolean;
}

const before = JSON.parse(
	readFileSync(
		new URL('../../fixtures/settings/reasoning-plans-before.json', import.meta.url),
		'utf8'
	)
) as Record<string, Recorded>;

const profile = (route: RouteKind, model: string): GatewayProfile => ({
	id: 'p',
	name: 'G',
	baseUrl: 'https://gw.example.com',
	route,
	area: 'codex',
	auth: 'api_key',
	keyHeader: 'x-api-key',
	defaultModel: model
});

function planned(route: RouteKind, settings: ChatSettings, model: string): Recorded {
	const modelSettings = settings.models[model] ?? DEFAULT_MODEL_SETTINGS;
	const { request } = planTurn({
		profile: profile(route, model),
		baseUrl: 'https://gw.example.com',
		settings,
		modelSettings,
		model,
		conversationId: 'conv-1',
		turns: [{ role: 'user', text: 'hello' }]
	});
	const {
		input: _i,
		messages: _m,
		instructions: _n,
		system: _s,
		...body
	} = JSON.parse(request.body) as Record<string, unknown>;
	return {
		url: request.url,
		headers: request.headers,
		body,
		canContinue: routeCanContinue(route, settings, modelSettings)
	};
}

describe('settings stored before one reasoning control per route', () => {
	it('are read without losing a value', () => {
		const stored = {
			instructions: 'Be brief.',
			imageGeneration: { enabled: true, outputFormat: 'webp' },
			reasoningEffort: 'high',
			reasoningSummary: false,
			models: { 'claude-x': { thinking: 'enabled', budgetTokens: 3000, longContext: true } }
		};
		expect(readSettings(stored)).toEqual({
			...stored,
			models: { 'claude-x': { thinking: 'enabled', budgetTokens: 3000, longContext: true } },
			// The effort asked the Messages route to think: it still does, with that effort.
			messagesThinking: { enabled: true, effort: 'high' }
		});
	});

	it('ask the Messages route to think exactly when the shared controls did', () => {
		const thinking = (value: object) => readSettings(value).messagesThinking;
		expect(thinking({})).toEqual({ enabled: false, effort: 'default' });
		expect(thinking({ reasoningSummary: true })).toEqual({ enabled: true, effort: 'default' });
		expect(thinking({ reasoningEffort: 'minimal' })).toEqual({ enabled: true, effort: 'minimal' });
		// Once saved in the new shape, the new value is what counts.
		expect(
			thinking({ reasoningEffort: 'high', messagesThinking: { enabled: false, effort: 'low' } })
		).toEqual({ enabled: false, effort: 'low' });
	});

	it.each(Object.keys(before))('%s: the same request as before', (key) => {
		const [route, effort, summary, thinking, model] = key.split(' ') as [
			RouteKind,
			string,
			string,
			string,
			string
		];
		const settings = readSettings({
			reasoningEffort: effort,
			reasoningSummary: summary === 'summary',
			models: { [model]: { thinking, budgetTokens: 3000 } }
		});
		expect(planned(route, settings, model)).toEqual(before[key]);
	});

	it('covers every route, effort, summary and thinking mode', () => {
		expect(Object.keys(before)).toHaveLength(3 * 4 * 2 * 3 * 2);
	});
});

describe('the reasoning control of each route', () => {
	const base = readSettings({});
	const flags = (patch: Partial<ModelSettings> = {}): ModelSettings => ({
		...DEFAULT_MODEL_SETTINGS,
		...patch
	});

	/** Applies choice `value` as the Settings panel does, and returns what is then stored. */
	function choose(
		route: RouteKind,
		value: string,
		settings: ChatSettings = base,
		model: ModelSettings = flags()
	): { settings: ChatSettings; model: ModelSettings } {
		const patch = reasoningPatch(route, value, model, 'enabled', settings.messagesThinking);
		if (patch === null) throw new Error(`no choice ${value}`);
		return {
			settings: { ...settings, ...patch.settings },
			model: { ...model, ...patch.model }
		};
	}

	it('is an effort on the Responses routes and thinking on Messages', () => {
		expect(reasoningControlOf('responses')).toBe('effort');
		expect(reasoningControlOf('backend')).toBe('effort');
		expect(reasoningControlOf('messages')).toBe('thinking');
	});

	it('effort: each choice reads back as chosen and is what the request asks', () => {
		for (const value of ['off', 'default', 'minimal', 'low', 'medium', 'high', 'xhigh']) {
			const chosen = choose('responses', value);
			expect(effortChoice(chosen.settings, chosen.model)).toBe(value);
			const body = planned(
				'responses',
				{ ...chosen.settings, models: { m: chosen.model } },
				'm'
			).body;
			expect(body['reasoning']).toEqual(
				value === 'off' || value === 'default' ? undefined : { effort: value }
			);
		}
	});

	it('effort: choosing one after off gives the model its thinking back', () => {
		const off = choose('responses', 'off');
		expect(off.model.thinking).toBe('off');
		expect(choose('responses', 'high', off.settings, off.model).model.thinking).toBe('enabled');
	});

	it('thinking: each choice reads back as chosen and is what the request asks', () => {
		const sent = (value: string) => {
			const chosen = choose('messages', value);
			expect(thinkingChoice(chosen.settings, chosen.model)).toBe(value);
			const body = planned(
				'messages',
				{ ...chosen.settings, models: { m: chosen.model } },
				'm'
			).body;
			return [body['thinking'], body['output_config']];
		};
		expect(sent('off')).toEqual([undefined, undefined]);
		expect(sent('adaptive')).toEqual([{ type: 'adaptive' }, undefined]);
		expect(sent('adaptive-high')).toEqual([{ type: 'adaptive' }, { effort: 'high' }]);
		expect(sent('budget-4096')).toEqual([{ type: 'enabled', budget_tokens: 4096 }, undefined]);
	});

	it('thinking: the Responses effort no longer turns Messages thinking on', () => {
		const chosen = choose('responses', 'high');
		expect(thinkingChoice(chosen.settings, chosen.model)).toBe('off');
		expect(planned('messages', chosen.settings, 'm').body['thinking']).toBeUndefined();
	});

	it('thinking: a stored budget that is none of the offered ones is offered too', () => {
		expect(thinkingChoices(3000)).toContain('budget-3000');
		expect(thinkingChoices(2048).filter((choice) => choice.startsWith('budget-'))).toEqual([
			'budget-1024',
			'budget-2048',
			'budget-4096',
			'budget-6144'
		]);
	});

	it('refuses a value it does not have', () => {
		expect(reasoningPatch('responses', 'ultra', flags(), 'enabled', base.messagesThinking)).toBe(
			null
		);
		expect(reasoningPatch('messages', 'budget-10', flags(), 'enabled', base.messagesThinking)).toBe(
			null
		);
	});
});
