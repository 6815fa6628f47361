/**
 * The model the chat page opens with (src/lib/chat/start-up-model.ts): the open conversation's,
 * else the current one if listed, else the default, the first listed, or the current one.
 */
import { describe, expect, it } from 'vitest';
import { startUpModel } from '../../../src/lib/chat/start-up-model.ts';

const models = ['demo', 'demo-adaptive', 'demo-legacy'];

describe('startUpModel', () => {
	it("takes the open conversation's model, listed or not", () => {
		expect(
			startUpModel({ current: 'demo', models, defaultModel: 'demo', saved: 'demo-legacy' })
		).toBe('demo-legacy');
		expect(startUpModel({ current: '', models: [], defaultModel: '', saved: 'custom-x' })).toBe(
			'custom-x'
		);
	});

	it('keeps a current model the gateway lists', () => {
		expect(
			startUpModel({ current: 'demo-adaptive', models, defaultModel: 'demo', saved: undefined })
		).toBe('demo-adaptive');
	});

	it('falls back to the default, then the first listed, then what there was', () => {
		expect(startUpModel({ current: 'gone', models, defaultModel: 'demo-legacy', saved: '' })).toBe(
			'demo-legacy'
		);
		expect(startUpModel({ current: 'gone', models, defaultModel: '', saved: undefined })).toBe(
			'demo'
		);
		expect(startUpModel({ current: 'typed', models: [], defaultModel: '', saved: undefined })).toBe(
			'typed'
		);
		expect(startUpModel({ current: '', models: [], defaultModel: '', saved: undefined })).toBe('');
	});
});
