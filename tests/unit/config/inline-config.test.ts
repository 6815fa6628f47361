/**
 * The configuration inlined into the page (src/lib/server/inline-config.ts writes it,
 * src/lib/config/inline-config.ts reads it): exactly what `GET /api/config` answers, read back
 * unchanged, never able to end its element early whatever the configuration holds; absent from the
 * shell the service worker stores.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	INLINE_CONFIG_ID,
	INLINE_CONFIG_PLACEHOLDER,
	readInlineConfig,
	STORED_SHELL_HEADER
} from '../../../src/lib/config/inline-config.ts';
import { parseConfig, toPublicConfig } from '../../../src/lib/server/config.ts';
import { inlinesConfig, withInlineConfig } from '../../../src/lib/server/inline-config.ts';

const APP_HTML = readFileSync(new URL('../../../src/app.html', import.meta.url), 'utf8');

/**
 * The element's text as an HTML parser reads it: a script element's text ends at the first
 * `</script` (HTML "script data state"), whatever comes before it.
 */
function documentOf(html: string): Pick<Document, 'getElementById'> {
	const open = new RegExp(`<script type="application/json" id="${INLINE_CONFIG_ID}">`);
	const start = html.search(open);
	const text =
		start === -1
			? null
			: (html
					.slice(start)
					.replace(open, '')
					.split(/<\/script/i)[0] ?? '');
	return {
		getElementById: (id: string) =>
			id === INLINE_CONFIG_ID && text !== null ? ({ textContent: text } as HTMLElement) : null
	};
}

describe('the inlined configuration', () => {
	it('is what /api/config answers, read back unchanged, at the root and under a BASE_PATH', () => {
		for (const env of [
			{},
			{ BASE_PATH: '/tools/chat' },
			{ GATEWAY_URL: 'https://gw.example.com/openai', GATEWAY_MODE: 'relay', BASE_PATH: '/a' }
		]) {
			const answered = toPublicConfig(parseConfig(env));
			const page = withInlineConfig(APP_HTML, answered);
			expect(readInlineConfig(documentOf(page))).toEqual(answered);
		}
	});

	it('cannot end its element or open a comment, whatever the configuration holds', () => {
		const hostile = {
			...toPublicConfig(parseConfig({})),
			accountClaim: '</script><script>alert(1)</script><!--&>',
			classifierModels: ['</SCRIPT >', '<!-- -->']
		};
		const page = withInlineConfig(APP_HTML, hostile);
		const element = page.slice(page.indexOf(`id="${INLINE_CONFIG_ID}"`));
		expect(element.split('</script>')[0]).not.toMatch(/[<&]/);
		expect(readInlineConfig(documentOf(page))).toEqual(hostile);
	});

	it('takes the place of the placeholder in src/app.html, in the head', () => {
		expect(APP_HTML).toContain(INLINE_CONFIG_PLACEHOLDER);
		const page = withInlineConfig(APP_HTML, toPublicConfig(parseConfig({})));
		expect(page).not.toContain(INLINE_CONFIG_PLACEHOLDER);
		expect(page.indexOf(INLINE_CONFIG_ID)).toBeLessThan(page.indexOf('</head>'));
	});

	it('is left out of the shell the service worker stores', () => {
		const page = new Request('http://127.0.0.1/');
		const stored = new Request('http://127.0.0.1/', { headers: { [STORED_SHELL_HEADER]: '1' } });
		expect(inlinesConfig(page)).toBe(true);
		expect(inlinesConfig(stored)).toBe(false);
	});

	it('is not there (and the page asks /api/config) without the element or with one that is not a configuration', () => {
		expect(readInlineConfig(documentOf(APP_HTML))).toBeNull();
		for (const text of ['', '{', '[]', '{"gateway":{}}', 'null']) {
			const page = { getElementById: () => ({ textContent: text }) as HTMLElement };
			expect(readInlineConfig(page)).toBeNull();
		}
	});
});
