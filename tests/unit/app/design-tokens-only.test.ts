/**
 * Components colour themselves with the design's tokens only (docs/design.md: `bg-surface`,
 * `text-fg-muted`, `border-warning-line`, …), never with Tailwind's raw palette (`bg-amber-50`,
 * `dark:text-amber-100`): a raw colour has no dark-mode pair unless each component writes one, and
 * drifts from the severity colours the rest of the app shares. The tokens themselves are defined
 * in src/app.css, the one place raw colours belong.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, root } from './source-files.ts';

const PALETTE =
	'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const UTILITY =
	'bg|text|border(?:-[trblxyse])?|ring|outline|fill|stroke|from|via|to|divide|shadow|decoration|accent|caret|placeholder';
/** A colour utility naming a palette shade (`bg-amber-50`) or plain black or white. */
const RAW_COLOUR = new RegExp(
	`(?<![\\w-])(?:${UTILITY})-(?:(?:${PALETTE})-\\d{2,3}|black|white)(?![\\w-])`,
	'g'
);

const components = [
	...filesUnder('src/lib', /\.svelte$/),
	...filesUnder('src/routes', /\.svelte$/)
];

describe('component colours', () => {
	it('are found', () => {
		expect(components.length).toBeGreaterThan(60);
	});

	it('come from the design tokens, never the raw palette', () => {
		const found = components.flatMap((file) =>
			[...readFileSync(file, 'utf8').matchAll(RAW_COLOUR)].map(
				([match]) => `${relative(root, file)}: ${match}`
			)
		);
		expect(found).toEqual([]);
	});

	it('tells a raw colour from a token', () => {
		const raw = 'bg-amber-50 dark:text-amber-100 border-t-zinc-200 text-white bg-black/40';
		expect(raw.match(RAW_COLOUR)).toEqual([
			'bg-amber-50',
			'text-amber-100',
			'border-t-zinc-200',
			'text-white',
			'bg-black'
		]);
		const tokens = 'bg-neutral text-on-neutral bg-warning-soft text-fg-muted border-line-strong';
		expect(tokens.match(RAW_COLOUR)).toBeNull();
	});
});
