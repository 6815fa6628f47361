import type { StreamRow } from './types.ts';

/** In-stream errors as the wire reducers hand them over (parsed `data:` payloads, or their text). */
export const STREAM_ROWS: StreamRow[] = [
	{
		name: 'response.failed event with response.error upstream_error (seed, streaming)',
		seed: 'S11-502-upstream',
		payload: {
			type: 'response.failed',
			response: {
				id: 'resp_ad53',
				object: 'response',
				model: 'gpt-5.5',
				status: 'failed',
				output: [],
				error: { code: 'upstream_error', message: 'Upstream request failed' }
			}
		},
		expect: {
			kind: 'upstream_failed',
			code: 'upstream_error',
			messageIncludes: 'Upstream request failed'
		}
	},
	{
		name: 'the response object of response.failed, passed alone',
		payload: {
			id: 'resp_ad54',
			object: 'response',
			status: 'failed',
			error: { code: 'server_error', message: 'The model produced invalid output.' }
		},
		expect: { kind: 'server_error', code: 'server_error' }
	},
	{
		name: 'Responses error event, nested insufficient_quota',
		payload: {
			type: 'error',
			sequence_number: 2,
			error: {
				type: 'insufficient_quota',
				code: 'insufficient_quota',
				message: 'You exceeded your current quota, please check your plan and billing details.',
				param: null
			}
		},
		expect: { kind: 'insufficient_balance', code: 'insufficient_quota' }
	},
	{
		name: 'Responses error event, flat code/message, with a retry hint',
		payload: {
			type: 'error',
			code: 'rate_limit_exceeded',
			message: 'Rate limit reached. Please try again in 2.5s.',
			param: null,
			sequence_number: 7
		},
		expect: { kind: 'rate_limited', code: 'rate_limit_exceeded', retryAfterMs: 2500 }
	},
	{
		name: 'error event with error as a string code',
		payload: { type: 'error', error: 'context_length_exceeded' },
		expect: { kind: 'context_too_large', code: 'context_length_exceeded' }
	},
	{
		name: 'error event with only a top-level message',
		payload: { type: 'error', message: 'Your input exceeds the context window of this model.' },
		expect: { kind: 'context_too_large' }
	},
	{
		name: 'data-only frame {"error":{…}} as text, zh-CN overload',
		payload:
			'{"error":{"message":"当前分组上游负载已饱和，请稍后再试 (request id: 20260504210001)","type":"new_api_error"}}',
		expect: { kind: 'overloaded', requestId: '20260504210001' }
	},
	{
		name: 'Anthropic event: error overloaded_error',
		payload: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
		context: { route: 'messages' },
		expect: { kind: 'overloaded', code: 'overloaded_error', messageIncludes: 'Overloaded' }
	},
	{
		name: 'Anthropic event: error api_error',
		payload: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
		expect: { kind: 'server_error', code: 'api_error' }
	},
	{
		name: 'response.failed with a null error',
		payload: {
			type: 'response.failed',
			response: { id: 'resp_x', object: 'response', status: 'failed', error: null }
		},
		expect: { kind: 'server_error', noCode: true }
	},
	{
		name: 'in-stream rate limit on the classifier model',
		payload: { type: 'error', error: { type: 'rate_limit_error', message: 'Rate limited' } },
		context: { model: 'codex-auto-review' },
		expect: { kind: 'classifier_unavailable' }
	},
	{
		name: 'in-stream retired model with successor',
		payload: {
			type: 'error',
			error: {
				type: 'invalid_request_error',
				message: 'The model `gpt-4.5-preview` has been retired. Please use `gpt-5.1` instead.'
			}
		},
		expect: { kind: 'model_retired', successorModel: 'gpt-5.1' }
	}
];
