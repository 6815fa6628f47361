/**
 * The app draws its controls' pictures as SVG (components/app/Icon.svelte), never as emoji
 * characters: where no colour-emoji font is installed (Debian and most intranet Linux desktops
 * without fonts-noto-color-emoji) an emoji shows as an empty box, as the README's screenshots
 * once showed on the composer's attach and web-search buttons. Answers may hold emoji; the app's
 * own components, the words of its catalogues and the marks its renderer adds (a footnote's ↩)
 * may not.
 *
 * A character is refused when fonts show it as emoji by default (Emoji_Presentation: ✅ ❌ ⭐ ⌛),
 * when it asks for emoji form (U+FE0F), or when it is a pictograph (Extended_Pictographic) that is
 * not one of the few symbols named below, each drawn by DejaVu Sans and Noto Sans in text form.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, root } from './source-files.ts';

const SHOWN_AS_EMOJI = /\p{Emoji_Presentation}|\uFE0F/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Pictographs whose default form is text, checked with `fc-list ':charset=…'` against DejaVu. */
const DRAWN_BY_TEXT_FONTS = new Set(['⚠', '⚙', '✓', '✗', '✕', '✎', '↩']);

/** Why the character would show as a box without an emoji font, or undefined when it would not. */
function emojiProblem(char: string): string | undefined {
	if (SHOWN_AS_EMOJI.test(char)) return 'shown as emoji by default';
	if (PICTOGRAPH.test(char) && !DRAWN_BY_TEXT_FONTS.has(char))
		return 'a pictograph not on the list';
	return undefined;
}

/** The component's markup and script with its comments left out. */
function withoutComments(source: string): string {
	return source
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/^\s*\/\/.*$/gm, '');
}

/** What the app itself draws: components, the catalogues' words, the renderer's own marks. */
const drawnByTheApp = [
	...filesUnder('src/lib', /\.svelte$/),
	...filesUnder('src/routes', /\.svelte$/),
	...filesUnder('src/lib/i18n', /\.ts$/),
	...filesUnder('src/lib/render/dom', /\.ts$/)
];

describe('what the app draws', () => {
	it('is found', () => {
		expect(drawnByTheApp.length).toBeGreaterThan(60);
	});

	it('holds no emoji (they show as boxes without an emoji font)', () => {
		const found = drawnByTheApp.flatMap((file) =>
			[...withoutComments(readFileSync(file, 'utf8'))].flatMap((char) => {
				const problem = emojiProblem(char);
				const code = char.codePointAt(0)?.toString(16).toUpperCase();
				return problem ? [`${relative(root, file)}: ${char} (U+${code}) ${problem}`] : [];
			})
		);
		expect(found).toEqual([]);
	});

	it('tells emoji from the symbols text fonts draw', () => {
		expect(['✅', '❌', '⭐', '⌛', '📎', '🌐', '♥', '\uFE0F'].map(emojiProblem)).not.toContain(
			undefined
		);
		expect(['⚠', '⚙', '✓', '✗', '✕', '✎', '↩', '↑', '→', '⋯'].map(emojiProblem)).toEqual(
			Array(10).fill(undefined)
		);
	});
});
