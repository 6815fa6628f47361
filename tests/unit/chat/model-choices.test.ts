import { describe, expect, it } from 'vitest';
import {
	initialActive,
	MAX_RENDERED_MODELS,
	modelChoices,
	modelEntries
} from '../../../src/lib/chat/model-choices.ts';

const ids = (choices: ReturnType<typeof modelChoices>): string[] =>
	choices.options.map((entry) => entry.id);

describe('the model picker lists what matches the search', () => {
	const models = ['gpt-5.1', 'gpt-4o-mini', 'claude-sonnet-4-5', 'o3'];

	it('shows every model, in the gateway’s order, with nothing typed', () => {
		const choices = modelChoices(models, [], '');
		expect(ids(choices)).toEqual(models);
		expect(choices.typed).toBeNull();
		expect(choices.hidden).toBe(0);
	});

	it('matches a substring of the id, in any case', () => {
		expect(ids(modelChoices(models, [], 'GPT'))).toEqual(['gpt-5.1', 'gpt-4o-mini']);
		expect(ids(modelChoices(models, [], '  sonnet '))).toEqual(['claude-sonnet-4-5']);
	});

	it('matches the display name too', () => {
		const list = [
			{ id: 'claude-opus-4-6', name: 'Claude Opus 4.6' },
			{ id: 'deepseek-chat', name: '深度求索 对话' }
		];
		expect(ids(modelChoices(list, [], 'opus 4.6'))).toEqual(['claude-opus-4-6']);
		expect(ids(modelChoices(list, [], '求索'))).toEqual(['deepseek-chat']);
	});

	it('is safe for Chinese text and full-width letters typed with an input method', () => {
		const list = ['qwen-max', '通义千问-plus', 'glm-4'];
		expect(ids(modelChoices(list, [], '千问'))).toEqual(['通义千问-plus']);
		// Full-width Latin letters (an IME in full-width mode) fold to the ASCII ones.
		expect(ids(modelChoices(list, [], 'ＱＷＥＮ'))).toEqual(['qwen-max']);
	});

	it('offers the typed text as the last choice unless it is exactly a listed id', () => {
		const typed = modelChoices(models, [], 'gpt-6-preview');
		expect(ids(typed)).toEqual([]);
		expect(typed.typed).toBe('gpt-6-preview');
		expect(modelChoices(models, [], 'gpt').typed).toBe('gpt');
		expect(modelChoices(models, [], 'o3').typed).toBeNull();
	});

	it('still takes a typed id when the gateway listed nothing', () => {
		const choices = modelChoices([], [], 'my-model');
		expect(choices.options).toEqual([]);
		expect(choices.typed).toBe('my-model');
		expect(initialActive(choices, 'my-model', '')).toBe(0);
	});
});

describe('recent picks and owners', () => {
	it('puts recent picks on top, each model once, an unlisted one included', () => {
		const choices = modelChoices(['a', 'b', 'c'], ['c', 'typed-before'], '');
		expect(choices.groups.map((group) => group.kind)).toEqual(['recent', 'all']);
		expect(ids(choices)).toEqual(['c', 'typed-before', 'a', 'b']);
	});

	it('filters the recent picks like the rest', () => {
		const choices = modelChoices(['alpha', 'beta'], ['beta', 'gamma'], 'am');
		expect(ids(choices)).toEqual(['gamma']);
		expect(choices.typed).toBe('am');
	});

	it('groups by owner when the list names more than one', () => {
		const list = [
			{ id: 'gpt-5.1', owner: 'openai' },
			{ id: 'claude-sonnet-4-5', owner: 'anthropic' },
			{ id: 'o3', owner: 'openai' }
		];
		const choices = modelChoices(list, [], '');
		expect(choices.groups.map((group) => [group.label, group.options.map((e) => e.id)])).toEqual([
			['openai', ['gpt-5.1', 'o3']],
			['anthropic', ['claude-sonnet-4-5']]
		]);
	});

	it('reads the owner from a provider/model id, and keeps one owner as a plain list', () => {
		expect(modelEntries(['openai/gpt-4o', 'plain'])).toEqual([
			{ id: 'openai/gpt-4o', owner: 'openai' },
			{ id: 'plain' }
		]);
		const one = modelChoices([{ id: 'demo', owner: 'switchboard-demo' }, 'demo-2'], [], '');
		expect(one.groups.map((group) => group.kind)).toEqual(['owner', 'owner']);
		const single = modelChoices(
			[
				{ id: 'demo', owner: 'switchboard-demo' },
				{ id: 'demo-2', owner: 'switchboard-demo' }
			],
			[],
			''
		);
		expect(single.groups.map((group) => group.kind)).toEqual(['all']);
	});
});

describe('long lists', () => {
	const many = Array.from({ length: 500 }, (_, index) => `model-${String(index).padStart(3, '0')}`);

	it('render at most the cap and count the rest', () => {
		const choices = modelChoices(many, [], '');
		expect(choices.options).toHaveLength(MAX_RENDERED_MODELS);
		expect(choices.hidden).toBe(500 - MAX_RENDERED_MODELS);
	});

	it('narrow as the person types, down to nothing hidden', () => {
		const choices = modelChoices(many, [], 'model-4');
		expect(choices.options).toHaveLength(100);
		expect(choices.hidden).toBe(0);
		expect(modelChoices(many, [], 'model-49').options).toHaveLength(10);
	});
});

describe('the highlighted choice', () => {
	const models = ['demo', 'demo-adaptive', 'demo-legacy'];

	it('is the current model with nothing typed', () => {
		expect(initialActive(modelChoices(models, [], ''), '', 'demo-legacy')).toBe(2);
	});

	it('is the exact id typed, else the first match', () => {
		const listed = ['demo-adaptive', 'demo'];
		expect(initialActive(modelChoices(listed, [], 'demo'), 'demo', 'demo-adaptive')).toBe(1);
		expect(initialActive(modelChoices(models, [], 'leg'), 'leg', 'demo')).toBe(0);
	});

	it('is none when nothing can be chosen', () => {
		expect(initialActive(modelChoices([], [], ''), '', '')).toBe(-1);
	});
});
