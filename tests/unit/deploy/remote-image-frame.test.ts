import { describe, expect, it } from 'vitest';
import { remoteImageFrame } from '../../../src/lib/server/remote-image-frame.ts';
import { directiveSources } from '../../../src/lib/server/content-security-policy.ts';

describe('the remote-image document', () => {
	it('allows exactly the image’s origin, no script, and keeps its own policy', async () => {
		const response = remoteImageFrame('https://img.example/a.png?x=1&y="2"', 'a <b>', ["'self'"]);
		expect(response.status).toBe(200);
		const policy = response.headers.get('content-security-policy');
		expect(directiveSources(policy, 'default-src')).toEqual(["'none'"]);
		expect(directiveSources(policy, 'img-src')).toEqual(['https://img.example']);
		expect(directiveSources(policy, 'script-src')).toEqual([]);
		expect(directiveSources(policy, 'frame-ancestors')).toEqual(["'self'"]);
		expect(response.headers.get('x-switchboard-own-csp')).toBe('1');
		const html = await response.text();
		expect(html).toContain('src="https://img.example/a.png?x=1&amp;y=%222%22"');
		expect(html).toContain('alt="a &lt;b&gt;"');
		expect(html).not.toContain('<script');
	});

	it('may be framed wherever the app may be (FRAME_ANCESTORS), never by anyone else', () => {
		const response = remoteImageFrame('https://img.example/a.png', '', [
			"'self'",
			'https://portal.example'
		]);
		expect(
			directiveSources(response.headers.get('content-security-policy'), 'frame-ancestors')
		).toEqual(["'self'", 'https://portal.example']);
	});

	it.each([
		null,
		'',
		'javascript:alert(1)',
		'data:image/svg+xml,<svg onload=alert(1)>',
		'/relative.png',
		'//evil.example/x.png',
		'https://a.example;script-src *',
		"https://a.example'/x.png"
	])('refuses %j', async (src) => {
		const response = remoteImageFrame(src, '', ["'self'"]);
		expect(response.status).toBe(400);
		expect(response.headers.get('content-security-policy')).toBeNull();
		expect(await response.text()).toBe('This image address is not allowed.\n');
	});
});
