import { describe, expect, it } from 'vitest';
import { resolveBaseUrl } from '../../../src/lib/chat/settings.ts';
import { parsePublicConfig } from '../../../src/lib/config/public-config.ts';
import { parseConfig, toPublicConfig } from '../../../src/lib/server/config.ts';

const relayConfig = (basePath = '') =>
	toPublicConfig(
		parseConfig({
			GATEWAY_URL: 'https://gw.example.com/openai',
			GATEWAY_MODE: 'relay',
			BASE_PATH: basePath
		})
	);

describe('parsePublicConfig', () => {
	it('reads back what the server sends in relay mode, upstream host included', () => {
		const sent = relayConfig('/tools/chat');
		expect(parsePublicConfig(JSON.parse(JSON.stringify(sent)))).toEqual(sent);
		expect(sent.gateway.upstreamHost).toBe('gw.example.com');
	});

	it('reads back the demo and direct configurations unchanged', () => {
		for (const env of [{}, { GATEWAY_URL: 'https://gw.example.com' }]) {
			const sent = toPublicConfig(parseConfig(env));
			expect(parsePublicConfig(JSON.parse(JSON.stringify(sent)))).toEqual(sent);
		}
	});

	it('leaves out an upstream host that is not a non-empty string', () => {
		for (const upstreamHost of [undefined, null, 42, '']) {
			const parsed = parsePublicConfig({
				gateway: { url: '/api/relay', route: 'responses', mode: 'relay', upstreamHost }
			});
			expect(parsed.gateway).not.toHaveProperty('upstreamHost');
			expect(parsed.gateway.mode).toBe('relay');
		}
	});
});

describe('the relay path in the browser', () => {
	it('resolves against the page, so every request stays on the page’s origin', () => {
		const page = 'https://intranet.example/tools/chat/?c=1';
		const config = relayConfig('/tools/chat');
		// The chat resolves the configured gateway like any profile URL (src/lib/chat/settings.ts).
		expect(resolveBaseUrl(config.gateway.url, page)).toBe(
			'https://intranet.example/tools/chat/api/relay'
		);
		expect(`${resolveBaseUrl(relayConfig().gateway.url, 'http://127.0.0.1:4184/')}/v1/models`).toBe(
			'http://127.0.0.1:4184/api/relay/v1/models'
		);
	});
});
