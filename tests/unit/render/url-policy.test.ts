import { describe, expect, it } from 'vitest';
import { hostOf, safeImageUrl, safeLinkUrl } from '../../../src/lib/render/core/url-policy.ts';
import { renderMarkdown } from './model-html.ts';

describe('URL policy', () => {
	it.each([
		['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
		['http://example.com', 'http://example.com/'],
		['HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
		['mailto:someone@example.com', 'mailto:someone@example.com'],
		['  https://example.com/padded  ', 'https://example.com/padded']
	])('allows %j as a link', (raw, href) => {
		expect(safeLinkUrl(raw)).toBe(href);
	});

	it.each([
		'javascript:alert(1)',
		'JaVaScRiPt:alert(1)',
		'java\tscript:alert(1)',
		'java\nscript:alert(1)',
		'\u0001javascript:alert(1)',
		' javascript:alert(1)',
		'vbscript:msgbox(1)',
		'VBScript:msgbox(1)',
		'data:text/html,<script>alert(1)</script>',
		'data:image/png;base64,AAAA',
		'file:///etc/passwd',
		'blob:https://example.com/uuid',
		'ftp://example.com/',
		'//evil.example/x',
		'/relative/path',
		'relative',
		'#fragment',
		'javascript%3Aalert(1)',
		'https://'
	])('refuses %j', (raw) => {
		expect(safeLinkUrl(raw)).toBeNull();
	});

	it('allows only http(s) images, never data: or mailto:', () => {
		expect(safeImageUrl('https://img.example/a.png')).toBe('https://img.example/a.png');
		expect(safeImageUrl('data:image/png;base64,AAAA')).toBeNull();
		expect(safeImageUrl('mailto:a@b.example')).toBeNull();
		expect(safeImageUrl('javascript:alert(1)')).toBeNull();
	});

	it('names the host an image would be loaded from', () => {
		expect(hostOf('https://img.example:8443/a.png')).toBe('img.example:8443');
	});

	it('entity and escape obfuscations are decoded before the check, then refused', () => {
		const html = renderMarkdown(
			'[a](&#106;avascript:alert(1)) [b](&#x6A;avascript:alert(1)) [c](java&#9;script:x) [d](\\javascript:x) [e](<javascript:alert(1)>)'
		);
		expect(html).not.toContain('<a');
		expect(html).toBe('<p>a b c d e</p>\n');
	});
});
