/**
 * What a pasted API key may hold. A key goes out as an HTTP header value, where `fetch` refuses
 * any code point above U+00FF (and a gateway reads a token of visible ASCII): a key with a
 * full-width space from a Chinese input method, or a character of another script, must be
 * refused where it is typed, not fail every request with the browser's own English sentence.
 */
import { describe, expect, it } from 'vitest';
import {
	codePointLabel,
	keyCharacterKind,
	keyCharacterProblem
} from '../../../src/lib/auth/api-key-check.ts';

describe('keyCharacterProblem', () => {
	it.each([
		'sk-abc123',
		'sk-ant-api03-AbC_dEf-123~+/=',
		'8f2b0c1e-77aa-4f0e-9c3d-000000000000',
		"!#$%&'()*,.:;<>?@[\\]^`{|}"
	])('takes a key of visible ASCII: %s', (key) => {
		expect(keyCharacterProblem(key)).toBeNull();
	});

	it('names a full-width space and where it is (1-based, as a person counts)', () => {
		expect(keyCharacterProblem('sk-abc\u3000123')).toEqual({ character: '\u3000', position: 7 });
	});

	it.each([
		['sk-短', '短', 4],
		['sk-a b', ' ', 5],
		['sk-a\tb', '\t', 5],
		['sk-\u00e9', '\u00e9', 4],
		['sk-\u200bx', '\u200b', 4],
		['sk-\u{1f511}', '\u{1f511}', 4],
		['sk-x\r\ny', '\r', 5],
		['sk-\u0000', '\u0000', 4]
	])('refuses %j at its first unsendable character', (key, character, position) => {
		expect(keyCharacterProblem(key)).toEqual({ character, position });
	});

	it('counts a character outside the BMP once, so the position is the one a person sees', () => {
		expect(keyCharacterProblem('\u{1f511}\u3000')).toEqual({ character: '\u{1f511}', position: 1 });
	});
});

describe('keyCharacterKind and codePointLabel', () => {
	it.each([
		['\u3000', 'fullWidthSpace', 'U+3000'],
		[' ', 'space', 'U+0020'],
		['\u00a0', 'space', 'U+00A0'],
		['\t', 'space', 'U+0009'],
		['\n', 'lineBreak', 'U+000A'],
		['\r', 'lineBreak', 'U+000D'],
		['\u200b', 'invisible', 'U+200B'],
		['\u0000', 'invisible', 'U+0000'],
		['短', 'visible', 'U+77ED'],
		['\u00e9', 'visible', 'U+00E9'],
		['\u{1f511}', 'visible', 'U+1F511']
	])('%j is %s, %s', (character, kind, label) => {
		expect(keyCharacterKind(character)).toBe(kind);
		expect(codePointLabel(character)).toBe(label);
	});
});
