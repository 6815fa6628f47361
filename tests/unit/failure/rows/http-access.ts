import type { HttpRow } from './types.ts';

/** Sign-in, region, permissions, addresses and request errors. */
export const ACCESS_ROWS: HttpRow[] = [
	{
		name: '401 invalid_api_key (a masked key in the message stays masked)',
		shape: 'nested',
		status: 401,
		body: `{"error":{"message":"Incorrect API key provided: sk-proj-********************abcd. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`,
		expect: { kind: 'auth_expired', status: 401, code: 'invalid_api_key' }
	},
	{
		name: '401 typed authentication_error',
		shape: 'typed',
		status: 401,
		body: `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"},"request_id":"req_011CAuth01"}`,
		expect: { kind: 'auth_expired', code: 'authentication_error', requestId: 'req_011CAuth01' }
	},
	{
		name: '401 new-api zh-CN "无效的令牌"',
		shape: 'nested',
		status: 401,
		body: `{"error":{"message":"无效的令牌 (request id: 2026020309151234567abcd)","type":"new_api_error","param":"","code":""}}`,
		expect: {
			kind: 'auth_expired',
			requestId: '2026020309151234567abcd',
			messageIncludes: '无效的令牌'
		}
	},
	{
		name: '401 empty body',
		shape: 'empty',
		status: 401,
		body: '',
		expect: { kind: 'auth_expired', status: 401, noCode: true }
	},
	{
		name: '401 token_expired',
		shape: 'nested',
		status: 401,
		body: `{"error":{"message":"Provided authentication token is expired. Please try signing in again.","type":"invalid_request_error","code":"token_expired","param":null}}`,
		expect: { kind: 'auth_expired', code: 'token_expired' }
	},
	{
		name: '403 unsupported_country_region_territory (seed, API side)',
		shape: 'nested',
		seed: 'S08-region-token-exchange',
		status: 403,
		body: `{"error":{"code":"unsupported_country_region_territory","message":"Country, region, or territory not supported","param":null,"type":"request_forbidden"}}`,
		expect: {
			kind: 'region_unsupported',
			status: 403,
			code: 'unsupported_country_region_territory',
			messageIncludes: 'Country, region, or territory not supported'
		}
	},
	{
		name: 'typed permission_error naming the region',
		shape: 'typed',
		status: 403,
		body: `{"type":"error","error":{"type":"permission_error","message":"This service is not available in your region."}}`,
		expect: { kind: 'region_unsupported' }
	},
	{
		name: "our token route's own error body",
		shape: 'flat',
		status: 502,
		body: `{"error":"token_exchange_failed","error_description":"Token exchange failed: error sending request for url (https://auth.example.com/oauth/token)"}`,
		expect: {
			kind: 'token_exchange_failed',
			status: 502,
			code: 'token_exchange_failed',
			messageIncludes:
				'Token exchange failed: error sending request for url (https://auth.example.com/oauth/token)'
		}
	},
	{
		name: '403 new-api "该令牌无权访问模型" (token has no access to the model)',
		shape: 'nested',
		status: 403,
		body: `{"error":{"message":"该令牌无权访问模型 gpt-4o","type":"new_api_error","param":"","code":""}}`,
		expect: { kind: 'forbidden', status: 403 }
	},
	{
		name: '403 typed permission_error',
		shape: 'typed',
		status: 403,
		body: `{"type":"error","error":{"type":"permission_error","message":"Your API key does not have permission to use the specified resource."}}`,
		expect: { kind: 'forbidden', code: 'permission_error' }
	},
	{
		name: '403 Cloudflare WAF HTML page',
		shape: 'html',
		status: 403,
		body: '<!DOCTYPE html>\n<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->\n<html lang="en-US"><head><title>Attention Required! | Cloudflare</title><meta charset="UTF-8" /></head><body><h1 data-translate="block_headline">Sorry, you have been blocked</h1><script>window._cf_chl_opt={}</script></body></html>',
		expect: { kind: 'forbidden', status: 403 }
	},
	{
		name: 'plain-text zh-TW "IP 不在白名單中"',
		shape: 'plain',
		status: 403,
		body: '您的 IP 不在白名單中',
		expect: { kind: 'forbidden', messageIncludes: '白名單' }
	},
	{
		name: '404 "Invalid URL" with invalid_request_error: the status wins',
		shape: 'nested',
		status: 404,
		body: `{"error":{"message":"Invalid URL (POST /v1/responsess)","type":"invalid_request_error","param":null,"code":null}}`,
		expect: { kind: 'not_found', status: 404, code: 'invalid_request_error' }
	},
	{
		name: '404 nginx HTML',
		shape: 'html',
		status: 404,
		body: '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n',
		expect: { kind: 'not_found', status: 404 }
	},
	{
		name: '404 store:false item reference',
		shape: 'nested',
		status: 404,
		body: `{"error":{"message":"Item with id 'rs_68a1f0' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.","type":"invalid_request_error","param":"input","code":null}}`,
		expect: { kind: 'not_found' }
	},
	{
		name: '413 nginx HTML',
		shape: 'html',
		status: 413,
		body: '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>',
		expect: { kind: 'request_too_large', status: 413 }
	},
	{
		name: '413 typed request_too_large',
		shape: 'typed',
		status: 413,
		body: `{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}`,
		expect: { kind: 'request_too_large', code: 'request_too_large' }
	},
	{
		name: 'flat {"error":"Invalid request","message":"…"}',
		shape: 'flat',
		status: 400,
		body: `{"error":"Invalid request","message":"Missing required field: input"}`,
		expect: { kind: 'bad_request', status: 400, messageIncludes: 'Missing required field: input' }
	},
	{
		name: '422 FastAPI validation list',
		shape: 'detail',
		status: 422,
		body: `{"detail":[{"loc":["body","model"],"msg":"field required","type":"value_error.missing"}]}`,
		expect: { kind: 'bad_request', status: 422, messageIncludes: 'field required' }
	},
	{
		name: 'validation error sent as 500 with code invalid_request',
		shape: 'nested',
		status: 500,
		body: `{"error":{"message":"Invalid value: 'auto'. Supported values are: 'low', 'medium', and 'high'.","type":"invalid_request_error","param":"reasoning.effort","code":"invalid_request"}}`,
		expect: { kind: 'bad_request', status: 500, code: 'invalid_request' }
	},
	{
		name: 'hosted backend FastAPI {"detail":"Instructions are required"}',
		shape: 'detail',
		status: 400,
		body: `{"detail":"Instructions are required"}`,
		context: { route: 'backend' },
		expect: { kind: 'bad_request', messageIncludes: 'Instructions are required' }
	}
];
