import type { HttpRow } from './types.ts';

/** 2026-05-04T21:00:00Z: the fixed clock of every row that reads one. */
export const NOW = Date.UTC(2026, 4, 4, 21, 0, 0);

/** Balance, payment, plan usage, rate limits and the safety classifier. */
export const BILLING_ROWS: HttpRow[] = [
	{
		name: '402 nested, numeric-string code, type insufficient_balance (seed)',
		shape: 'nested',
		seed: 'S07-402-balance',
		status: 402,
		body: `{"error":{"code":"402","message":"Insufficient account balance","type":"insufficient_balance"}}`,
		expect: {
			kind: 'insufficient_balance',
			status: 402,
			code: 'insufficient_balance',
			messageIncludes: 'Insufficient account balance'
		}
	},
	{
		name: '403 new-api zh-CN insufficient_user_quota with request id suffix',
		shape: 'nested',
		status: 403,
		body: `{"error":{"message":"用户额度不足, 剩余额度: ＄0.000000 (request id: 20260908170256208508264)","type":"new_api_error","param":"","code":"insufficient_user_quota"}}`,
		expect: {
			kind: 'insufficient_balance',
			status: 403,
			code: 'insufficient_user_quota',
			requestId: '20260908170256208508264',
			messageIncludes: '用户额度不足'
		}
	},
	{
		name: '403 new-api zh-TW quota message, code empty',
		shape: 'nested',
		status: 403,
		body: `{"error":{"message":"使用者額度不足，剩餘額度: ＄0.000000 (request id: 2026090817025620850zhTW)","type":"new_api_error","param":"","code":""}}`,
		expect: {
			kind: 'insufficient_balance',
			status: 403,
			noCode: true,
			requestId: '2026090817025620850zhTW'
		}
	},
	{
		name: '403 pre_consume_token_quota_failed (zh-CN), chained relays append two request ids',
		shape: 'nested',
		status: 403,
		body: `{"error":{"message":"预扣费额度失败, 用户剩余额度: ＄0.012000, 需要预扣费额度: ＄0.080000 (request id: 20260908170311861inner) (request id: 20260908170311990outer)","type":"new_api_error","param":"","code":"pre_consume_token_quota_failed"}}`,
		expect: {
			kind: 'insufficient_balance',
			code: 'pre_consume_token_quota_failed',
			requestId: '20260908170311861inner',
			messageIncludes: '预扣费额度失败'
		}
	},
	{
		name: 'flat {"code":"INSUFFICIENT_BALANCE"} sent as 400',
		shape: 'flat',
		status: 400,
		body: `{"code":"INSUFFICIENT_BALANCE","message":"Insufficient balance. Please top up your account to continue."}`,
		expect: {
			kind: 'insufficient_balance',
			status: 400,
			code: 'INSUFFICIENT_BALANCE',
			messageIncludes: 'top up'
		}
	},
	{
		name: '429 insufficient_quota beats the rate-limit status',
		shape: 'nested',
		status: 429,
		body: `{"error":{"message":"You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`,
		headers: { 'x-request-id': 'req_7f3a1c9e2b4d4f0aa1b2c3d4e5f60718' },
		expect: {
			kind: 'insufficient_balance',
			status: 429,
			code: 'insufficient_quota',
			requestId: 'req_7f3a1c9e2b4d4f0aa1b2c3d4e5f60718'
		}
	},
	{
		name: 'typed billing_error "credit balance is too low" with request_id field',
		shape: 'typed',
		status: 400,
		body: `{"type":"error","error":{"type":"billing_error","message":"Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits."},"request_id":"req_011CSHoEeqs5C35K2UUqR7Fy"}`,
		expect: {
			kind: 'insufficient_balance',
			code: 'billing_error',
			requestId: 'req_011CSHoEeqs5C35K2UUqR7Fy'
		}
	},
	{
		name: '402 numeric code "Insufficient credits"',
		shape: 'nested',
		status: 402,
		body: `{"error":{"message":"Insufficient credits. Add more using https://openrouter.ai/settings/credits","code":402}}`,
		expect: { kind: 'insufficient_balance', status: 402, messageIncludes: 'Insufficient credits' }
	},
	{
		name: '401 one-api "token quota exhausted" (zh-CN) is balance, not sign-in',
		shape: 'nested',
		status: 401,
		body: `{"error":{"code":"","message":"该令牌额度已用尽 TokenStatusExhausted[sk-duK***qqX] (request id: 20260115093012345678901)","type":"new_api_error"}}`,
		expect: {
			kind: 'insufficient_balance',
			status: 401,
			noCode: true,
			requestId: '20260115093012345678901'
		}
	},
	{
		name: 'flat {"success":false,"message":"余额不足…"}',
		shape: 'flat',
		status: 403,
		body: `{"success":false,"message":"余额不足，请充值后再试"}`,
		expect: { kind: 'insufficient_balance', status: 403, messageIncludes: '余额不足' }
	},
	{
		name: 'plain-text zh-TW balance message',
		shape: 'plain',
		status: 403,
		body: '餘額不足，請儲值後再試\n',
		expect: { kind: 'insufficient_balance', status: 403, messageIncludes: '餘額不足' }
	},
	{
		name: '402 card declined (payment authorization, seed)',
		shape: 'nested',
		seed: 'S17-payment-authorization',
		status: 402,
		body: `{"error":{"code":"card_declined","decline_code":"insufficient_funds","message":"Your card was declined.","type":"card_error"}}`,
		expect: { kind: 'payment_authorization_failed', status: 402, code: 'card_declined' }
	},
	{
		name: 'flat zh-CN payment authorization refused',
		shape: 'flat',
		status: 400,
		body: `{"success":false,"message":"支付失败：银行卡授权被拒绝"}`,
		expect: { kind: 'payment_authorization_failed', messageIncludes: '支付失败' }
	},
	{
		name: 'FastAPI detail: payment authorization failed',
		shape: 'detail',
		status: 402,
		body: `{"detail":"Payment authorization failed: the issuer declined the transaction."}`,
		expect: { kind: 'payment_authorization_failed', status: 402 }
	},
	{
		name: '429 usage_limit_reached with resets_in_seconds and resets_at',
		shape: 'nested',
		status: 429,
		body: `{"error":{"type":"usage_limit_reached","message":"The usage limit has been reached","plan_type":"plus","resets_at":1777936568,"resets_in_seconds":13872}}`,
		context: { now: NOW },
		expect: {
			kind: 'usage_limit',
			status: 429,
			code: 'usage_limit_reached',
			retryAfterMs: 13_872_000
		}
	},
	{
		name: '429 FastAPI detail object with usage_limit_reached and "try again in 2 hours"',
		shape: 'detail',
		status: 429,
		body: `{"detail":{"code":"usage_limit_reached","message":"You've hit your usage limit. Upgrade to Pro or try again in 2 hours."}}`,
		expect: { kind: 'usage_limit', code: 'usage_limit_reached', retryAfterMs: 7_200_000 }
	},
	{
		name: '429 rate_limit_error naming a plan reset is a usage limit',
		shape: 'typed',
		status: 429,
		body: `{"type":"error","error":{"type":"rate_limit_error","message":"5-hour limit reached","resets_in_seconds":600}}`,
		context: { now: NOW },
		expect: { kind: 'usage_limit', retryAfterMs: 600_000 }
	},
	{
		name: '429 rate_limit_exceeded "try again in 11.054s" + x-request-id header',
		shape: 'nested',
		status: 429,
		body: `{"error":{"message":"Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 29500, Requested 1200. Please try again in 11.054s. Visit https://platform.openai.com/account/rate-limits to learn more.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`,
		headers: { 'x-request-id': 'req_0d1e2f3a4b5c6d7e' },
		expect: {
			kind: 'rate_limited',
			code: 'rate_limit_exceeded',
			retryAfterMs: 11_054,
			requestId: 'req_0d1e2f3a4b5c6d7e'
		}
	},
	{
		name: '429 typed rate_limit_error with Retry-After seconds and request-id header',
		shape: 'typed',
		status: 429,
		body: `{"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}`,
		headers: { 'retry-after': '30', 'request-id': 'req_011CV9yTq3v4Xk' },
		expect: {
			kind: 'rate_limited',
			code: 'rate_limit_error',
			retryAfterMs: 30_000,
			requestId: 'req_011CV9yTq3v4Xk'
		}
	},
	{
		name: '429 flat numeric code, zh-CN "请求过于频繁"',
		shape: 'flat',
		status: 429,
		body: `{"code":429,"message":"请求过于频繁"}`,
		expect: { kind: 'rate_limited', status: 429, messageIncludes: '请求过于频繁' }
	},
	{
		name: '200 that is really a rate limit (zh-TW), numeric code',
		shape: 'flat',
		status: 200,
		body: `{"code":429,"message":"請求過於頻繁，請稍後再試"}`,
		expect: { kind: 'rate_limited', status: 200 }
	},
	{
		name: '429 plain status text only',
		shape: 'plain',
		status: 429,
		body: 'Too Many Requests',
		expect: { kind: 'rate_limited', status: 429 }
	},
	{
		name: '429 empty body with retry-after-ms header',
		shape: 'empty',
		status: 429,
		body: '',
		headers: { 'retry-after-ms': '500', 'retry-after': '1' },
		expect: { kind: 'rate_limited', retryAfterMs: 500 }
	},
	{
		name: '429 with Retry-After as an HTTP date (RFC 9110 §10.2.3)',
		shape: 'nested',
		status: 429,
		body: `{"error":{"message":"Too many concurrent requests","type":"rate_limit_error"}}`,
		headers: { 'retry-after': 'Mon, 04 May 2026 21:00:45 GMT' },
		context: { now: NOW },
		expect: { kind: 'rate_limited', retryAfterMs: 45_000 }
	},
	{
		name: '429 concurrency limit (zh-CN), "<nil>" code',
		shape: 'nested',
		status: 429,
		body: `{"error":{"message":"当前用户并发请求数超过限制，请稍后再试","type":"new_api_error","param":"","code":"<nil>"}}`,
		expect: { kind: 'rate_limited', noCode: true }
	},
	{
		name: 'Google-style array body RESOURCE_EXHAUSTED',
		shape: 'array',
		status: 429,
		body: `[{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}]`,
		expect: { kind: 'rate_limited', code: 'RESOURCE_EXHAUSTED' }
	},
	{
		name: '429 on the classifier model while other models work (seed)',
		shape: 'nested',
		seed: 'S10-classifier-429',
		status: 429,
		body: `{"error":{"message":"Rate limit reached for codex-auto-review. Please try again in 20s.","type":"requests","param":null,"code":"rate_limit_exceeded"}}`,
		context: { model: 'codex-auto-review', route: 'responses' },
		expect: { kind: 'classifier_unavailable', status: 429, retryAfterMs: 20_000 }
	},
	{
		name: '503 HTML page on the classifier model',
		shape: 'html',
		status: 503,
		body: '<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>',
		context: { model: 'codex-auto-review' },
		expect: { kind: 'classifier_unavailable', status: 503 }
	},
	{
		name: '500 on a configured classifier model (CLASSIFIER_MODELS)',
		shape: 'typed',
		status: 500,
		body: `{"type":"error","error":{"type":"api_error","message":"Internal server error"}}`,
		context: { model: 'Safety-Mini', classifierModels: ['safety-mini', 'codex-auto-review'] },
		expect: { kind: 'classifier_unavailable', status: 500 }
	}
];
