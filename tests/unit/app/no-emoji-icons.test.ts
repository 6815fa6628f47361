/**
 * The app draws its controls' pictures as SVG (components/app/Icon.svelte), never as emoji
 * characters: where no colour-emoji font is installed (Debian and most intranet Linux desktops
 * without fonts-noto-color-emoji) an emoji shows as an empty box, as the README's screenshots
 * once showed on the composer's attach and web-search buttons. Words and answers may hold emoji;
 * the markup of the app's own components may not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Pictographs and emoji: the planes that need an emoji font (U+1F000 onwards). */
const EMOJI = /\p{Extended_Pictographic}/u;
/** Symbols with text forms that ordinary fonts (DejaVu, Noto Sans) draw: ✓ ✗ ✕ ✎ ⚠ ⚙ ⋯ ↑. */
const DRAWN_BY_TEXT_FONTS = /[\u2190-\u21ff\u2600-\u27bf\u22ef]/u;

function componentsUnder(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && entry.name.endsWith('.svelte'))
		.map((entry) => join(entry.parentPath, entry.name));
}

/** The component's markup and script with its comments left out. */
function withoutComments(source: string): string {
	return source
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/^\s*\/\/.*$/gm, '');
}

describe('the app’s components', () => {
	const files = [
		...componentsUnder(join(root, 'src/lib')),
		...componentsUnder(join(root, 'src/routes'))
	];

	it('are found', () => {
		expect(files.length).toBeGreaterThan(50);
	});

	it('draw no emoji (they show as boxes without an emoji font)', () => {
		const found = files.flatMap((file) =>
			[...withoutComments(readFileSync(file, 'utf8'))]
				.filter((char) => EMOJI.test(char) && !DRAWN_BY_TEXT_FONTS.test(char))
				.map(
					(char) =>
						`${relative(root, file)}: ${char} (U+${char.codePointAt(0)?.toString(16).toUpperCase()})`
				)
		);
		expect(found).toEqual([]);
	});
});
