import { describe, expect, it } from 'vitest';
import {
	contentSecurityPolicy,
	directiveSources
} from '../../../src/lib/server/content-security-policy.ts';
import { policyFor } from '../../../src/lib/server/security-headers.ts';
import { parseConfig } from '../../../src/lib/server/config.ts';

const base = {
	scriptSources: ["'self'", "'nonce-abc123abc123abc123'"],
	gatewayOrigin: null,
	customGatewayOrigins: [],
	frameAncestors: ["'self'"]
};

describe('contentSecurityPolicy', () => {
	it('keeps SvelteKit’s nonce and never allows inline or eval scripts', () => {
		const policy = contentSecurityPolicy({
			...base,
			scriptSources: ["'self'", "'unsafe-inline'", "'nonce-n0nce'", "'unsafe-eval'"]
		});
		expect(directiveSources(policy, 'script-src')).toEqual(["'self'", "'nonce-n0nce'"]);
	});

	it('falls back to self when a response has no script-src of its own', () => {
		const policy = contentSecurityPolicy({ ...base, scriptSources: [] });
		expect(directiveSources(policy, 'script-src')).toEqual(["'self'"]);
	});

	it('has the fixed protections', () => {
		const policy = contentSecurityPolicy(base);
		expect(directiveSources(policy, 'object-src')).toEqual(["'none'"]);
		expect(directiveSources(policy, 'base-uri')).toEqual(["'none'"]);
		expect(directiveSources(policy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
		expect(directiveSources(policy, 'default-src')).toEqual(["'self'"]);
	});

	it('lets the page install its own service worker and read its own manifest, nobody else’s', () => {
		const policy = contentSecurityPolicy({
			...base,
			gatewayOrigin: 'https://gw.example.com',
			customGatewayOrigins: ['https://mine.example']
		});
		expect(directiveSources(policy, 'worker-src')).toEqual(["'self'"]);
		expect(directiveSources(policy, 'manifest-src')).toEqual(["'self'"]);
	});

	it('connects to the app, the gateway and the custom gateways, each once', () => {
		const policy = contentSecurityPolicy({
			...base,
			gatewayOrigin: 'https://gw.example.com',
			customGatewayOrigins: ['https://gw.example.com', 'http://127.0.0.1:8080']
		});
		expect(directiveSources(policy, 'connect-src')).toEqual([
			"'self'",
			'https://gw.example.com',
			'http://127.0.0.1:8080'
		]);
	});

	it('frame-ancestors is exactly FRAME_ANCESTORS', () => {
		const policy = contentSecurityPolicy({
			...base,
			frameAncestors: ["'self'", 'https://intranet.example']
		});
		expect(directiveSources(policy, 'frame-ancestors')).toEqual([
			"'self'",
			'https://intranet.example'
		]);
	});
});

describe('policyFor (the configuration decides)', () => {
	const page = new Response('', {
		headers: { 'content-security-policy': "script-src 'self' 'nonce-xyz'" }
	});
	const withCookie = (cookie: string) =>
		new Request('http://app.example/', { headers: { cookie } });
	const cookie = `a=b; switchboard-gateways=${encodeURIComponent('https://mine.example')}; c=d`;

	it('direct mode names the gateway origin (not its path)', () => {
		const config = parseConfig({ GATEWAY_URL: 'https://gw.example.com/v1/relay' });
		const policy = policyFor(config, withCookie(''), page);
		expect(directiveSources(policy, 'connect-src')).toEqual(["'self'", 'https://gw.example.com']);
		expect(directiveSources(policy, 'script-src')).toEqual(["'self'", "'nonce-xyz'"]);
	});

	it('relay and demo mode connect only to the app itself', () => {
		const relay = parseConfig({ GATEWAY_URL: 'https://gw.example.com', GATEWAY_MODE: 'relay' });
		expect(directiveSources(policyFor(relay, withCookie(''), page), 'connect-src')).toEqual([
			"'self'"
		]);
		expect(
			directiveSources(policyFor(parseConfig({}), withCookie(''), page), 'connect-src')
		).toEqual(["'self'"]);
	});

	it('custom gateways from the cookie only when ALLOW_CUSTOM_GATEWAYS is on', () => {
		const on = parseConfig({});
		expect(directiveSources(policyFor(on, withCookie(cookie), page), 'connect-src')).toEqual([
			"'self'",
			'https://mine.example'
		]);
		const off = parseConfig({ ALLOW_CUSTOM_GATEWAYS: 'false' });
		expect(directiveSources(policyFor(off, withCookie(cookie), page), 'connect-src')).toEqual([
			"'self'"
		]);
	});

	it('FRAME_ANCESTORS reaches the header', () => {
		const config = parseConfig({ FRAME_ANCESTORS: "'self' https://portal.example" });
		expect(directiveSources(policyFor(config, withCookie(''), page), 'frame-ancestors')).toEqual([
			"'self'",
			'https://portal.example'
		]);
	});
});
