import { describe, expect, it } from 'vitest';
import { classifyHttp } from '../../../src/lib/failure/index.ts';
import { successorFromMessage } from '../../../src/lib/failure/successor.ts';

function retired(message: string, model?: string) {
	const body = JSON.stringify({ error: message, type: 'error' });
	return classifyHttp(400, new Headers(), body, model === undefined ? {} : { model });
}

describe('successor model of a retired model', () => {
	it.each([
		["The model 'gpt-4.5-preview' has been retired. Please use 'gpt-5.1' instead.", 'gpt-5.1'],
		[
			'The model `claude-3-sonnet-20240229` has been deprecated; please use `claude-sonnet-4-5` going forward.',
			'claude-sonnet-4-5'
		],
		['claude-2.1 is no longer available. Please switch to claude-sonnet-4-5.', 'claude-sonnet-4-5'],
		['The model o1-preview has been deprecated. Please migrate to o3.', 'o3'],
		['Model gpt-4-32k was retired and has been replaced by gpt-4.1.', 'gpt-4.1'],
		[
			'The model "gemini-1.0-pro" has been discontinued. Use "gemini-2.5-pro" instead.',
			'gemini-2.5-pro'
		],
		['模型 gpt-4-32k 已下线，请改用 gpt-4.1', 'gpt-4.1'],
		['模型 claude-2 已棄用，請改用「claude-sonnet-4-5」', 'claude-sonnet-4-5']
	])('%s → %s', (message, successor) => {
		const failure = retired(message);
		expect(failure.kind).toBe('model_retired');
		expect(failure.successorModel).toBe(successor);
	});

	it('is absent when no replacement is named', () => {
		const failure = retired(
			'The model `text-davinci-003` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations'
		);
		expect(failure.kind).toBe('model_retired');
		expect(failure.successorModel).toBeUndefined();
	});

	it('never names the retired model itself, nor a plain word', () => {
		expect(
			successorFromMessage("Model 'x-1' has been retired. Please use 'x-1' instead.", 'x-1')
		).toBeUndefined();
		expect(
			successorFromMessage('This model has been retired. Please use another model instead.')
		).toBeUndefined();
		expect(
			successorFromMessage('The model has been retired, switch to the latest model')
		).toBeUndefined();
	});

	it('does not call a deprecated parameter a retired model', () => {
		const failure = classifyHttp(
			400,
			new Headers(),
			`{"error":{"message":"The parameter \`functions\` is deprecated, use \`tools\` instead.","type":"invalid_request_error","code":null}}`
		);
		expect(failure.kind).toBe('bad_request');
		expect(failure.successorModel).toBeUndefined();
	});
});
