import type { HttpRow } from './types.ts';

/** Models, context, thinking, encrypted content, sign-in, region, permissions, request errors. */
export const REQUEST_ROWS: HttpRow[] = [
	{
		name: '503 model_not_found "No available channel for model X under group G" (seed)',
		shape: 'nested',
		seed: 'S13-503-no-channel',
		status: 503,
		body: `{"error":{"code":"model_not_found","message":"No available channel for model claude-opus-4-7 under group default (distributor) (request id: 2026090817025620850abcd)","type":"new_api_error"}}`,
		expect: {
			kind: 'model_unavailable',
			status: 503,
			code: 'model_not_found',
			requestId: '2026090817025620850abcd',
			messageIncludes: 'No available channel for model claude-opus-4-7 under group default'
		}
	},
	{
		name: '503 one-api zh-CN "当前分组 … 下对于模型 … 无可用渠道"',
		shape: 'nested',
		status: 503,
		body: `{"error":{"message":"当前分组 default 下对于模型 gpt-4o 无可用渠道 (request id: 20260212101010123456789)","type":"new_api_error"}}`,
		expect: { kind: 'model_unavailable', status: 503, requestId: '20260212101010123456789' }
	},
	{
		name: '503 zh-TW "當前分組 … 下對於模型 … 無可用渠道"',
		shape: 'nested',
		status: 503,
		body: `{"error":{"message":"當前分組 vip 下對於模型 claude-sonnet-4-5 無可用渠道","type":"new_api_error","code":""}}`,
		expect: { kind: 'model_unavailable', noCode: true }
	},
	{
		name: '404 model_not_found "does not exist or you do not have access"',
		shape: 'nested',
		status: 404,
		body: `{"error":{"message":"The model \`gpt-9-turbo\` does not exist or you do not have access to it.","type":"invalid_request_error","param":null,"code":"model_not_found"}}`,
		expect: { kind: 'model_unavailable', status: 404, code: 'model_not_found' }
	},
	{
		name: '400 flat retired model naming its successor (seed)',
		shape: 'flat',
		seed: 'S05-retired-model',
		status: 400,
		body: `{"error":"The model 'claude-3-opus-20240229' has been retired. Please use 'claude-opus-4-1' instead.","type":"error"}`,
		context: { model: 'claude-3-opus-20240229', route: 'messages' },
		expect: { kind: 'model_retired', status: 400, successorModel: 'claude-opus-4-1' }
	},
	{
		name: '404 deprecated model sent as model_not_found, no successor',
		shape: 'nested',
		status: 404,
		body: `{"error":{"message":"The model \`text-davinci-003\` has been deprecated, learn more here: https://platform.openai.com/docs/deprecations","type":"invalid_request_error","param":null,"code":"model_not_found"}}`,
		expect: { kind: 'model_retired', code: 'model_not_found' }
	},
	{
		name: 'typed: "no longer available. Please switch to …"',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"claude-2.1 is no longer available. Please switch to claude-sonnet-4-5."}}`,
		expect: { kind: 'model_retired', successorModel: 'claude-sonnet-4-5' }
	},
	{
		name: 'flat zh-CN "模型 … 已下线，请改用 …"',
		shape: 'flat',
		status: 400,
		body: `{"error":"模型 gpt-4-32k 已下线，请改用 gpt-4.1","type":"error"}`,
		expect: { kind: 'model_retired', successorModel: 'gpt-4.1' }
	},
	{
		name: '410 model_deprecated "; use `o3` instead"',
		shape: 'nested',
		status: 410,
		body: `{"error":{"message":"The model \`o1-preview\` has been deprecated; use \`o3\` instead.","type":"invalid_request_error","param":"model","code":"model_deprecated"}}`,
		expect: { kind: 'model_retired', code: 'model_deprecated', successorModel: 'o3' }
	},
	{
		name: '400 nested context_too_large with param input (seed)',
		shape: 'nested',
		seed: 'S02-context-too-large',
		status: 400,
		body: `{"error":{"message":"Your input exceeds the context window of this model. Please adjust your input and try again.","type":"invalid_request_error","param":"input","code":"context_too_large"}}`,
		expect: { kind: 'context_too_large', status: 400, code: 'context_too_large' }
	},
	{
		name: '400 context_length_exceeded "maximum context length"',
		shape: 'nested',
		status: 400,
		body: `{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`,
		expect: { kind: 'context_too_large', code: 'context_length_exceeded' }
	},
	{
		name: 'typed "prompt is too long: N tokens > M maximum" (a ">" that is not markup)',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 215034 tokens > 200000 maximum"},"request_id":"req_011CPZ8n4kU2"}`,
		expect: {
			kind: 'context_too_large',
			requestId: 'req_011CPZ8n4kU2',
			messageIncludes: 'prompt is too long: 215034 tokens > 200000 maximum'
		}
	},
	{
		name: 'typed "input length and `max_tokens` exceed context limit"',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"input length and \`max_tokens\` exceed context limit: 187022 + 32000 > 200000, decrease input length or \`max_tokens\` and try again"}}`,
		expect: { kind: 'context_too_large' }
	},
	{
		name: 'zh-CN "上下文长度超过模型上限"',
		shape: 'nested',
		status: 400,
		body: `{"error":{"message":"请求的上下文长度超过模型上限","type":"new_api_error","code":""}}`,
		expect: { kind: 'context_too_large' }
	},
	{
		name: '400 flat "long context beta" (seed)',
		shape: 'flat',
		seed: 'S06-long-context',
		status: 400,
		body: `{"error":"The long context beta is not yet available for this subscription.","type":"error"}`,
		expect: { kind: 'long_context_required', status: 400 }
	},
	{
		name: 'typed "Extra usage is required for long context requests."',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"Extra usage is required for long context requests."},"request_id":"req_011CV1LongCtx"}`,
		expect: { kind: 'long_context_required', requestId: 'req_011CV1LongCtx' }
	},
	{
		name: '400 typed, param tools: encrypted tool parameters not configured (seed)',
		shape: 'typed',
		seed: 'S01-encrypted-tools',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"tools.0: encrypted tool parameters are not configured for this model","param":"tools"}}`,
		expect: { kind: 'encrypted_content_unsupported', status: 400 }
	},
	{
		name: '400 "Encrypted content is not supported with this model."',
		shape: 'nested',
		status: 400,
		body: `{"error":{"message":"Encrypted content is not supported with this model.","type":"invalid_request_error","param":"include","code":"unsupported_parameter"}}`,
		expect: { kind: 'encrypted_content_unsupported', code: 'unsupported_parameter' }
	},
	{
		name: '400 invalid_encrypted_content',
		shape: 'nested',
		status: 400,
		body: `{"error":{"message":"The encrypted content for item rs_68a1f0c2 could not be verified.","type":"invalid_request_error","param":null,"code":"invalid_encrypted_content"}}`,
		expect: { kind: 'encrypted_content_unsupported', code: 'invalid_encrypted_content' }
	},
	{
		name: '400 typed empty thinking block in an earlier message (seed)',
		shape: 'typed',
		seed: 'S03-empty-thinking-block',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"messages.3.content.0.thinking: each thinking block must contain thinking"}}`,
		expect: { kind: 'thinking_block_invalid', status: 400, code: 'invalid_request_error' }
	},
	{
		name: 'typed "Invalid `signature` in `thinking` block"',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"messages.1.content.0: Invalid \`signature\` in \`thinking\` block"}}`,
		expect: { kind: 'thinking_block_invalid' }
	},
	{
		name: '400 typed "thinking.type.disabled is not supported" (seed)',
		shape: 'typed',
		seed: 'S04-thinking-mode',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"\\"thinking.type.disabled\\" is not supported for this model. Use \\"thinking.type.adaptive\\" and \\"output_config.effort\\" to control thinking behavior."}}`,
		expect: { kind: 'thinking_mode_unsupported', status: 400 }
	},
	{
		name: 'typed "thinking.type.enabled is not supported" on an adaptive-only model',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"\\"thinking.type.enabled\\" is not supported for this model. Use \\"thinking.type.adaptive\\" instead."}}`,
		expect: { kind: 'thinking_mode_unsupported' }
	},
	{
		name: 'typed: enabled thinking needs budget_tokens',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"invalid_request_error","message":"thinking.enabled.budget_tokens: Field required"}}`,
		expect: { kind: 'thinking_mode_unsupported' }
	}
];
