import type { HttpRow } from './types.ts';

const CLOUDFLARE_522 = `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>gw.example.com | 522: Connection timed out</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<link rel="stylesheet" id="cf_styles-css" href="/cdn-cgi/styles/main.css" />
</head>
<body>
<div id="cf-wrapper"><div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
<span class="inline-block">Connection timed out</span>
<span class="code-label">Error code 522</span>
</h1>
<div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_522&utm_campaign=gw.example.com" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>
<div class="mt-3">2026-05-04 21:00:00 UTC</div>
</header>
<script>(function(){var a=document.getElementById('cf-footer-ip-reveal')})();</script>
<p>Cloudflare Ray ID: <strong class="font-semibold">8f2b3c4d5e6f7a8b</strong></p>
</div></div>
</body>
</html>`;

const CLOUDFLARE_524 = CLOUDFLARE_522.replace(
	/522: Connection timed out/g,
	'524: A timeout occurred'
).replace(/Error code 522/g, 'Error code 524');

/** Overload, upstream and proxy failures, timeouts, server errors, the app's assets, odd answers. */
export const SERVER_ROWS: HttpRow[] = [
	{
		name: '529 typed overloaded_error with request_id',
		shape: 'typed',
		status: 529,
		body: `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_011CSHoverload"}`,
		expect: {
			kind: 'overloaded',
			status: 529,
			code: 'overloaded_error',
			requestId: 'req_011CSHoverload'
		}
	},
	{
		name: '503 server_is_overloaded',
		shape: 'nested',
		status: 503,
		body: `{"error":{"message":"The server is overloaded or not ready yet.","type":"server_error","param":null,"code":"server_is_overloaded"}}`,
		expect: { kind: 'overloaded', code: 'server_is_overloaded' }
	},
	{
		name: '503 slow_down',
		shape: 'nested',
		status: 503,
		body: `{"error":{"message":"Please reduce your request rate.","type":"server_error","param":null,"code":"slow_down"}}`,
		expect: { kind: 'overloaded', code: 'slow_down' }
	},
	{
		name: '429 new-api zh-CN "当前分组上游负载已饱和"',
		shape: 'nested',
		status: 429,
		body: `{"error":{"message":"当前分组上游负载已饱和，请稍后再试 (request id: 20260504210000123456789)","type":"new_api_error","param":"","code":""}}`,
		expect: {
			kind: 'overloaded',
			status: 429,
			requestId: '20260504210000123456789',
			messageIncludes: '上游负载已饱和'
		}
	},
	{
		name: '529 empty body',
		shape: 'empty',
		status: 529,
		body: '',
		expect: { kind: 'overloaded', status: 529 }
	},
	{
		name: '502 nested upstream_error "Upstream request failed" (seed)',
		shape: 'nested',
		seed: 'S11-502-upstream',
		status: 502,
		body: `{"error":{"message":"Upstream request failed","type":"upstream_error","code":"upstream_error"}}`,
		expect: {
			kind: 'upstream_failed',
			status: 502,
			code: 'upstream_error',
			messageIncludes: 'Upstream request failed'
		}
	},
	{
		name: '502 typed upstream_error',
		shape: 'typed',
		status: 502,
		body: `{"type":"error","error":{"type":"upstream_error","message":"Upstream request failed"}}`,
		expect: { kind: 'upstream_failed', code: 'upstream_error' }
	},
	{
		name: '502 JSON followed directly by SSE text',
		shape: 'json+sse',
		status: 502,
		body: `{"error":{"message":"Upstream request failed","type":"upstream_error","code":"upstream_error"}}event: response.failed\ndata: {"type":"response.failed","response":{"id":"resp_ad53","status":"failed","error":{"code":"upstream_error","message":"Upstream request failed"}}}\n\n`,
		expect: {
			kind: 'upstream_failed',
			code: 'upstream_error',
			messageIncludes: 'Upstream request failed'
		}
	},
	{
		name: '500 zh-TW "上游請求失敗"',
		shape: 'nested',
		status: 500,
		body: `{"error":{"message":"上游請求失敗，請稍後再試","type":"new_api_error"}}`,
		expect: { kind: 'upstream_failed', status: 500 }
	},
	{
		name: 'SSE error frame as the body of a 502',
		shape: 'stream',
		status: 502,
		body: `event: error\ndata: {"type":"error","error":{"type":"upstream_error","code":"upstream_error","message":"Upstream request failed"}}\n\n`,
		expect: { kind: 'upstream_failed', code: 'upstream_error' }
	},
	{
		name: '502 status text only (seed)',
		shape: 'plain',
		seed: 'S12-502-status-text',
		status: 502,
		body: 'Bad Gateway',
		expect: { kind: 'bad_gateway', status: 502, noCode: true }
	},
	{
		name: '502 nginx HTML',
		shape: 'html',
		status: 502,
		body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
		expect: { kind: 'bad_gateway', status: 502 }
	},
	{
		name: '520 empty body',
		shape: 'empty',
		status: 520,
		body: '',
		expect: { kind: 'bad_gateway', status: 520 }
	},
	{
		name: '503 Envoy plain text',
		shape: 'plain',
		status: 503,
		body: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure',
		expect: { kind: 'bad_gateway', status: 503, messageIncludes: 'upstream connect error' }
	},
	{
		name: '503 "no healthy upstream"',
		shape: 'plain',
		status: 503,
		body: 'no healthy upstream',
		expect: { kind: 'bad_gateway', status: 503 }
	},
	{
		name: '502 flat status-text JSON with a camelCase requestId',
		shape: 'flat',
		status: 502,
		body: `{"error":"Bad Gateway","requestId":"9f1c2a7e-5b3d-4e6f-8a9b-0c1d2e3f4a5b"}`,
		expect: { kind: 'bad_gateway', requestId: '9f1c2a7e-5b3d-4e6f-8a9b-0c1d2e3f4a5b' }
	},
	{
		name: '522 Cloudflare HTML connection-timeout page (seed)',
		shape: 'html',
		seed: 'S14-522-html',
		status: 522,
		body: CLOUDFLARE_522,
		headers: { 'cf-ray': '8f2b3c4d5e6f7a8b-FRA' },
		expect: { kind: 'origin_timeout', status: 522, noCode: true }
	},
	{
		name: '522 Cloudflare problem JSON with retry_after',
		shape: 'problem',
		status: 522,
		body: `{"type":"https://developers.cloudflare.com/support/troubleshooting/http-status-codes/cloudflare-5xx-errors/error-522/","title":"Error 522: Connection timed out","status":522,"detail":"The origin web server did not respond to Cloudflare in time.","error_code":522,"error_name":"connection_timeout","error_category":"origin","ray_id":"8f2b3c4d5e6f7a8b","retryable":true,"retry_after":120,"owner_action_required":true}`,
		expect: {
			kind: 'origin_timeout',
			status: 522,
			code: 'connection_timeout',
			retryAfterMs: 120_000
		}
	},
	{
		name: '524 Cloudflare HTML "A timeout occurred"',
		shape: 'html',
		status: 524,
		body: CLOUDFLARE_524,
		expect: { kind: 'origin_timeout', status: 524 }
	},
	{
		name: '504 nginx HTML "Gateway Time-out"',
		shape: 'html',
		status: 504,
		body: '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n</body>\r\n</html>',
		expect: { kind: 'origin_timeout', status: 504 }
	},
	{
		name: '500 typed api_error',
		shape: 'typed',
		status: 500,
		body: `{"type":"error","error":{"type":"api_error","message":"Internal server error"},"request_id":"req_011CApiErr500"}`,
		expect: { kind: 'server_error', status: 500, code: 'api_error', requestId: 'req_011CApiErr500' }
	},
	{
		name: '500 HTML',
		shape: 'html',
		status: 500,
		body: '<!doctype html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>',
		expect: { kind: 'server_error', status: 500 }
	},
	{
		name: '500 server_error with a null code',
		shape: 'nested',
		status: 500,
		body: `{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}`,
		expect: { kind: 'server_error', code: 'server_error' }
	},
	{
		name: '503 with a real explanation and "<nil>" code',
		shape: 'nested',
		status: 503,
		body: `{"error":{"message":"Service temporarily paused for maintenance, back at 22:00 UTC","type":"new_api_error","code":"<nil>"}}`,
		expect: { kind: 'server_error', status: 503, noCode: true, messageIncludes: 'maintenance' }
	},
	{
		name: '408 static asset timeout HTML (seed)',
		shape: 'html',
		seed: 'S09-408-asset',
		status: 408,
		body: '<html>\r\n<head><title>408 Request Time-out</title></head>\r\n<body>\r\n<center><h1>408 Request Time-out</h1></center>\r\n</body>\r\n</html>',
		expect: { kind: 'asset_timeout', status: 408 }
	},
	{
		name: '408 empty',
		shape: 'empty',
		status: 408,
		body: '',
		expect: { kind: 'asset_timeout', status: 408 }
	},
	{
		name: '200 HTML sign-in page instead of an event stream',
		shape: 'html',
		status: 200,
		body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in · Corporate SSO</title></head><body><form action="/login"><input name="user"></form></body></html>',
		expect: { kind: 'malformed_response', status: 200 }
	},
	{
		name: '200 JSON that is not an error and not a stream',
		shape: 'nested',
		status: 200,
		body: `{"id":"resp_0a1b2c","object":"response","status":"in_progress"}`,
		expect: { kind: 'malformed_response', status: 200 }
	},
	{
		name: '302 redirect that was not followed',
		shape: 'empty',
		status: 302,
		body: '',
		expect: { kind: 'not_found', status: 302 }
	},
	{
		name: '200 with an unrecognised rebranded error',
		shape: 'nested',
		status: 200,
		body: `{"error":{"message":"channel pool is being rebuilt","type":"shell_api_error"}}`,
		expect: {
			kind: 'unknown',
			status: 200,
			noCode: true,
			messageIncludes: 'channel pool is being rebuilt'
		}
	}
];
