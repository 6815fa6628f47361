import { describe, expect, it } from 'vitest';
import {
	RAW_CAP,
	capRaw,
	capSentence,
	maskSecrets,
	plainText
} from '../../../src/lib/failure/text.ts';
import { MARKUP } from './expect-failure.ts';

describe('text hygiene', () => {
	it('drops tags, scripts, styles and comments, and decodes entities', () => {
		expect(
			plainText('<p>Hello <b>world</b></p><script>alert(1)</script><style>p{}</style><!-- x -->')
		).toBe('Hello world');
		expect(plainText('Fish &amp; chips &#8212; &quot;good&quot; &#x27;n&#x27; cheap&nbsp;')).toBe(
			'Fish & chips — "good" \'n\' cheap'
		);
	});

	it('never returns markup, even when entities decode into it', () => {
		const decoded = plainText(
			'&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=y&gt;'
		);
		expect(decoded).not.toMatch(MARKUP);
		expect(plainText('unclosed <scr<ipt and <b')).not.toMatch(MARKUP);
	});

	it('keeps comparison signs that are not markup', () => {
		expect(plainText('215034 tokens > 200000 maximum, and 1 < 2')).toBe(
			'215034 tokens > 200000 maximum, and 1 < 2'
		);
	});

	it('collapses whitespace and control characters', () => {
		expect(plainText('a\r\n\tb\u0000c\u200b  d')).toBe('a b c d');
	});

	it('caps sentences on a word boundary with an ellipsis', () => {
		const capped = capSentence('word '.repeat(200), 50);
		expect(capped.length).toBeLessThanOrEqual(50);
		expect(capped.endsWith('…')).toBe(true);
	});

	it('caps raw without splitting a surrogate pair, and says how much was left out', () => {
		const text = 'a'.repeat(RAW_CAP - 1) + '😀' + 'b'.repeat(100);
		const capped = capRaw(text);
		expect(capped.startsWith('a'.repeat(RAW_CAP - 1))).toBe(true);
		expect(capped).not.toContain('\ud83d\n');
		expect(capped).toMatch(/\[102 more characters not shown\]$/);
	});

	it('masks bearer tokens, JWTs and long API keys', () => {
		const masked = maskSecrets(
			'Authorization: Bearer abcdefghijklmnop1234 id eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_sig_sig key sk-abcdefghijklmnopqrstuvwxyz123456'
		);
		expect(masked).toBe(
			'Authorization: Bearer [redacted] id [redacted token] key sk-abc…[redacted]'
		);
	});
});
