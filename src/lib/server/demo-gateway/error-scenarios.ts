/**
 * The demo gateway's HTTP failure scenarios: one for every row of the seed table in
 * docs/reference/failures.md (status and body shape exactly as described there), plus the other
 * shapes relays and proxies really send. Each is chosen by `#scenario:<name>` in the last user message.
 *
 * `proxyPage` marks answers that come from a proxy in front of the gateway (nginx, Cloudflare,
 * Envoy): those carry no CORS headers in reality, so the standalone gateway omits them too and a
 * cross-origin browser sees a network error, exactly as it would in production.
 */

export interface ErrorScenario {
	status: number;
	statusText?: string;
	contentType: 'application/json' | 'text/html' | 'text/plain' | 'application/problem+json' | null;
	/** The body; `{requestId}` is replaced by the response's request id. */
	body: string;
	/**
	 * The body on `/v1/messages` when the failure comes from the service itself, in the Messages
	 * API's shape (`{"type":"error","error":{type,message},"request_id"}`); relay and proxy bodies
	 * are the same on every route.
	 * @see https://docs.claude.com/en/api/errors
	 */
	messagesBody?: string;
	headers?: Readonly<Record<string, string>>;
	/** `https`: a `Location` naming the request's own URL over https, as nginx redirects plain http. */
	redirect?: 'https';
	proxyPage?: boolean;
	/** What the client should classify this as (documentation and tests; the gateway never uses it). */
	expectedKind: string;
	summary: string;
}

const json = (value: unknown): string => JSON.stringify(value);

const anthropicBody = (type: string, message: string): string =>
	json({ type: 'error', error: { type, message }, request_id: '{requestId}' });

const CLOUDFLARE_522_PAGE = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html class="no-js" lang="en-US">
<head>
<title>gw.example.com | 522: Connection timed out</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="robots" content="noindex, nofollow" />
<script>window.__cf = 1; alert('scripts in error pages must never run');</script>
</head>
<body>
<div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">
<h1><span class="inline-block">Connection timed out</span> <span class="code-label">Error code 522</span></h1>
<div class="clearfix">Visit <a href="https://www.cloudflare.com/5xx-error-landing">cloudflare.com</a> for more information.</div>
<div class="cf-error-footer">Cloudflare Ray ID: <strong>8c1f2a3b4d5e6f70</strong> &bull; Performance &amp; security by Cloudflare</div>
</div></div>
</body>
</html>
`;

/** nginx's own error and redirect page for `statusLine` (`502 Bad Gateway`), byte for byte. */
const nginxPage = (statusLine: string): string =>
	`<html>\r\n<head><title>${statusLine}</title></head>\r\n<body>\r\n<center><h1>${statusLine}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

export const ERROR_SCENARIOS = {
	// --- The seed table, row by row ---------------------------------------------------------------
	'encrypted-content-unsupported': {
		status: 400,
		contentType: 'application/json',
		body: json({
			type: 'error',
			error: {
				type: 'invalid_request_error',
				message:
					'Encrypted content is not supported with this model. The tool parameters are encrypted, but model demo is not configured to accept encrypted content.',
				param: 'tools'
			}
		}),
		expectedKind: 'encrypted_content_unsupported',
		summary:
			'400, typed nested, param tools: encrypted tool parameters the model is not configured for'
	},
	'context-too-large': {
		status: 400,
		contentType: 'application/json',
		messagesBody: anthropicBody(
			'invalid_request_error',
			'prompt is too long: 215000 tokens > 200000 maximum'
		),
		body: json({
			error: {
				message:
					'Your input exceeds the context window of this model. Please adjust your input and try again.',
				type: 'invalid_request_error',
				param: 'input',
				code: 'context_too_large'
			}
		}),
		expectedKind: 'context_too_large',
		summary: '400, nested with param input and code context_too_large'
	},
	'thinking-block-invalid': {
		status: 400,
		contentType: 'application/json',
		messagesBody: anthropicBody(
			'invalid_request_error',
			'messages.3.content.0.thinking: each thinking block must contain thinking'
		),
		body: json({
			type: 'error',
			error: {
				type: 'invalid_request_error',
				message: 'messages.3.content.0.thinking: each thinking block must contain thinking'
			}
		}),
		expectedKind: 'thinking_block_invalid',
		summary: '400, message only: an empty thinking block in an earlier message'
	},
	'thinking-mode-unsupported': {
		status: 400,
		contentType: 'application/json',
		messagesBody: anthropicBody(
			'invalid_request_error',
			'"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
		),
		body: json({
			type: 'error',
			error: {
				type: 'invalid_request_error',
				message:
					'"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
			}
		}),
		expectedKind: 'thinking_mode_unsupported',
		summary: '400, message only: disabling thinking is not supported (adaptive is the default)'
	},
	'model-retired': {
		status: 400,
		contentType: 'application/json',
		body: json({
			error: "The model 'demo-legacy' has been retired. Please use 'demo' instead.",
			type: 'error'
		}),
		expectedKind: 'model_retired',
		summary: '400, flat message: the model is retired and the message names its successor (demo)'
	},
	'long-context-required': {
		status: 400,
		contentType: 'application/json',
		body: json({
			error:
				'This request exceeds the standard context window. Extra usage is required for long context requests: enable the long context option for this model.',
			type: 'error'
		}),
		expectedKind: 'long_context_required',
		summary: '400, flat message: the larger context option must be enabled'
	},
	'insufficient-balance': {
		status: 402,
		contentType: 'application/json',
		body: json({
			error: { code: '402', message: 'Insufficient account balance', type: 'insufficient_balance' }
		}),
		expectedKind: 'insufficient_balance',
		summary: '402, code "402", type insufficient_balance'
	},
	'region-unsupported': {
		status: 403,
		contentType: 'application/json',
		body: json({
			error: {
				code: 'unsupported_country_region_territory',
				message: 'Country, region, or territory not supported',
				param: null,
				type: 'request_forbidden'
			}
		}),
		expectedKind: 'region_unsupported',
		summary: '403, unsupported_country_region_territory (as the token exchange answers it)'
	},
	'asset-timeout': {
		status: 408,
		statusText: 'Request Timeout',
		contentType: 'text/html',
		body: "<html><head><title>408 Request Time-out</title></head><body><h1>408 Request Time-out</h1>Your browser didn't send a complete request in time.</body></html>\n",
		proxyPage: true,
		expectedKind: 'asset_timeout',
		summary: '408 from the server in front: a static asset timed out'
	},
	'classifier-unavailable': {
		status: 429,
		contentType: 'application/json',
		headers: { 'retry-after': '20' },
		messagesBody: anthropicBody(
			'rate_limit_error',
			'Rate limit reached for codex-auto-review in organization org-demo on requests per min (RPM): Limit 60, Used 60, Requested 1. Please try again in 20s.'
		),
		body: json({
			error: {
				message:
					'Rate limit reached for codex-auto-review in organization org-demo on requests per min (RPM): Limit 60, Used 60, Requested 1. Please try again in 20s.',
				type: 'requests',
				param: null,
				code: 'rate_limit_exceeded'
			}
		}),
		expectedKind: 'classifier_unavailable (when the request was for a classifier model)',
		summary:
			'429 on the safety-classifier model while other models work (requests for codex-auto-review always get this)'
	},
	'upstream-failed': {
		status: 502,
		contentType: 'application/json',
		body: json({
			error: { message: 'Upstream request failed', type: 'upstream_error', code: 'upstream_error' }
		}),
		expectedKind: 'upstream_failed',
		summary:
			'502, nested upstream_error "Upstream request failed" (see failed-mid-stream for the stream form)'
	},
	'bad-gateway': {
		status: 502,
		statusText: 'Bad Gateway',
		contentType: null,
		body: '',
		proxyPage: true,
		expectedKind: 'bad_gateway',
		summary: '502 with the status text only (empty body)'
	},
	'model-unavailable': {
		status: 503,
		contentType: 'application/json',
		body: json({
			error: {
				code: 'model_not_found',
				message:
					'No available channel for model demo under group default (distributor) (request id: {requestId})',
				type: 'new_api_error'
			}
		}),
		expectedKind: 'model_unavailable',
		summary: "503 model_not_found: no channel for the model in the caller's group"
	},
	'origin-timeout': {
		status: 522,
		statusText: '',
		contentType: 'text/html',
		body: CLOUDFLARE_522_PAGE,
		proxyPage: true,
		expectedKind: 'origin_timeout',
		summary: '522 Cloudflare HTML connection-timeout page (no CORS headers)'
	},
	'token-exchange-failed': {
		status: 502,
		contentType: 'application/json',
		body: json({
			error: 'token_exchange_failed',
			error_description:
				'Token exchange failed: error sending request for url (https://auth.example.com/oauth/token)'
		}),
		expectedKind: 'token_exchange_failed',
		summary:
			"502 as Switchboard's own token route answers when the authorization server is unreachable"
	},
	'payment-authorization-failed': {
		status: 402,
		contentType: 'application/json',
		body: json({
			error: {
				code: 'payment_authorization_failed',
				message:
					'Your payment method was declined while authorizing the top-up. Verify your card details or use another payment method.',
				type: 'payment_error'
			}
		}),
		expectedKind: 'payment_authorization_failed',
		summary: '402 payment_authorization_failed: a top-up authorization was declined'
	},

	// --- Other shapes met in the wild ---------------------------------------------------------------
	'quota-exhausted-zh': {
		status: 403,
		contentType: 'application/json',
		body: json({
			error: {
				message: '用户额度不足, 剩余额度: ＄0.000000 (request id: {requestId})',
				type: 'new_api_error',
				param: '',
				code: 'insufficient_user_quota'
			}
		}),
		expectedKind: 'insufficient_balance',
		summary: '403 new-api insufficient_user_quota with a zh-CN message'
	},
	'balance-flat': {
		status: 402,
		contentType: 'application/json',
		body: json({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient credits. Please top up.' }),
		expectedKind: 'insufficient_balance',
		summary: '402 flat {code, message}'
	},
	'usage-limit': {
		status: 429,
		contentType: 'application/json',
		body: json({
			error: {
				type: 'usage_limit_reached',
				message: 'The usage limit has been reached',
				plan_type: 'plus',
				resets_in_seconds: 13872
			}
		}),
		expectedKind: 'usage_limit',
		summary: '429 usage_limit_reached with resets_in_seconds (hosted plans)'
	},
	'rate-limited': {
		status: 429,
		contentType: 'application/json',
		headers: { 'retry-after': '3', 'retry-after-ms': '2500' },
		messagesBody: anthropicBody(
			'rate_limit_error',
			'This request would exceed the rate limit for your organization of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.'
		),
		body: json({
			error: {
				message: 'Rate limit reached for requests. Please try again in 2.5s.',
				type: 'rate_limit_error',
				param: null,
				code: 'rate_limit_exceeded'
			}
		}),
		expectedKind: 'rate_limited',
		summary: '429 rate_limit_exceeded with Retry-After and retry-after-ms'
	},
	'rate-limited-zh': {
		status: 429,
		contentType: 'application/json',
		body: json({
			error: {
				message: '当前分组上游负载已饱和，请稍后再试 (request id: {requestId})',
				type: 'new_api_error',
				param: '',
				code: '<nil>'
			}
		}),
		// "The current group's upstream load is saturated, try again later": overloaded, not a limit.
		expectedKind: 'overloaded',
		summary: '429 new-api channel saturation message (zh-CN) with code "<nil>"'
	},
	overloaded: {
		status: 529,
		contentType: 'application/json',
		body: json({
			type: 'error',
			error: { type: 'overloaded_error', message: 'Overloaded' },
			request_id: '{requestId}'
		}),
		expectedKind: 'overloaded',
		summary: '529 typed overloaded_error with a request_id field'
	},
	'auth-expired': {
		status: 401,
		contentType: 'application/json',
		messagesBody: anthropicBody(
			'authentication_error',
			'OAuth token has expired. Please obtain a new token or refresh your existing token.'
		),
		body: json({
			error: {
				message: 'Your authentication token has expired. Please try signing in again.',
				type: 'invalid_request_error',
				code: 'token_expired',
				param: null
			}
		}),
		expectedKind: 'auth_expired',
		summary: '401 expired token'
	},
	forbidden: {
		status: 403,
		contentType: 'application/json',
		body: json({
			error: {
				message: 'This token has no access to model demo (request id: {requestId})',
				type: 'new_api_error',
				param: '',
				code: ''
			}
		}),
		expectedKind: 'forbidden',
		summary: '403 other: the token may not use this model'
	},
	'not-found': {
		status: 404,
		contentType: 'text/plain',
		body: '404 page not found',
		expectedKind: 'not_found',
		summary: '404 plain text (wrong base URL or route)'
	},
	'request-too-large': {
		status: 413,
		statusText: 'Payload Too Large',
		contentType: 'text/html',
		body: nginxPage('413 Request Entity Too Large'),
		proxyPage: true,
		expectedKind: 'request_too_large',
		summary: '413 nginx page'
	},
	'bad-request': {
		status: 400,
		contentType: 'application/json',
		messagesBody: anthropicBody(
			'invalid_request_error',
			'max_tokens: Input should be less than or equal to 64000'
		),
		body: json({
			error: {
				message: "Invalid value: 'maximum'. Supported values are: 'low', 'medium' and 'high'.",
				type: 'invalid_request_error',
				param: 'reasoning.effort',
				code: 'invalid_value'
			}
		}),
		expectedKind: 'bad_request',
		summary: '400 other validation error'
	},
	'validation-as-500': {
		status: 500,
		contentType: 'application/json',
		body: json({
			error: {
				message: 'messages: at least one message is required',
				type: 'invalid_request_error',
				code: 'invalid_request'
			}
		}),
		expectedKind: 'bad_request',
		summary: '500 that is really a validation error (code invalid_request)'
	},
	'server-error': {
		status: 500,
		contentType: 'application/json',
		messagesBody: anthropicBody('api_error', 'Internal server error'),
		body: json({
			error: {
				message: 'The server had an error while processing your request. Sorry about that!',
				type: 'server_error',
				param: null,
				code: null
			}
		}),
		expectedKind: 'server_error',
		summary: '500 server_error'
	},
	'bad-gateway-html': {
		status: 502,
		statusText: 'Bad Gateway',
		contentType: 'text/html',
		body: nginxPage('502 Bad Gateway'),
		proxyPage: true,
		expectedKind: 'bad_gateway',
		summary: '502 nginx HTML page'
	},
	'upstream-reset': {
		status: 503,
		statusText: 'Service Unavailable',
		contentType: 'text/plain',
		body: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure',
		proxyPage: true,
		expectedKind: 'bad_gateway',
		summary: '503 Envoy plain text'
	},
	'origin-timeout-json': {
		status: 522,
		contentType: 'application/problem+json',
		body: json({
			type: 'https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/error-522/',
			title: 'Error 522: Connection timed out',
			status: 522,
			detail: 'The origin web server did not respond in time.',
			error_code: 522,
			error_name: 'connection_timeout',
			error_category: 'origin',
			ray_id: '8c1f2a3b4d5e6f70',
			retryable: true,
			retry_after: 120,
			owner_action_required: true
		}),
		proxyPage: true,
		expectedKind: 'origin_timeout',
		summary: '522 Cloudflare problem JSON with retry_after'
	},
	'gateway-timeout': {
		status: 504,
		statusText: 'Gateway Time-out',
		contentType: 'text/html',
		body: "<html><body><h1>504 Gateway Time-out</h1>\nThe server didn't respond in time.\n</body></html>\n",
		proxyPage: true,
		expectedKind: 'origin_timeout',
		summary: '504 HTML page'
	},
	'moved-to-https': {
		status: 301,
		statusText: 'Moved Permanently',
		contentType: 'text/html',
		body: nginxPage('301 Moved Permanently'),
		redirect: 'https',
		proxyPage: true,
		expectedKind: 'not_found',
		summary:
			"301 to the same address over https, nginx's answer to plain http (through the relay: a card saying so; called directly, the browser follows it)"
	},
	'json-then-sse': {
		status: 502,
		contentType: 'application/json',
		body:
			json({
				error: {
					message: 'Upstream request failed',
					type: 'upstream_error',
					code: 'upstream_error'
				}
			}) + 'event: response.created\ndata: {"type":"response.created","sequence_number":0}\n\n',
		expectedKind: 'upstream_failed',
		summary: '502 with a JSON body followed directly by SSE text (seen from a relay)'
	}
} as const satisfies Readonly<Record<string, ErrorScenario>>;

export type ErrorScenarioName = keyof typeof ERROR_SCENARIOS;

export function isErrorScenario(name: string): name is ErrorScenarioName {
	return Object.hasOwn(ERROR_SCENARIOS, name);
}
