/**
 * The text a person reads in a rendered markdown answer, without its markup: `**bold**` is
 * `bold`, `[the docs](https://…)` is `the docs`, a table is its cells, a fenced block is its code.
 * For searching answers and showing why one matched (the library's search), where `**` or a link's
 * address is noise nobody typed and nobody saw.
 *
 * It is parsed by the same parser the renderer uses (markdown-stream.ts, inline-parser.ts), so
 * what counts as markup here is exactly what the page draws as markup. Blocks are separated by a
 * line break; footnote definitions come last, where the page shows them. An inline footnote
 * reference is left out (the page shows a number that is not in the source).
 *
 * Text past the renderer's caps (`LIMITS.maxMarkdownChars` for the document, `maxInlineChars` for
 * one paragraph) is returned as written, as the page shows it.
 */
import { LIMITS } from './limits.ts';
import { parseInline, type InlineOptions } from './inline-parser.ts';
import type { Inline } from './inline-model.ts';
import { MarkdownStream } from './markdown-stream.ts';
import type { Block } from './model.ts';

export function readingText(markdown: string): string {
	const stream = new MarkdownStream();
	stream.append(markdown);
	stream.end();
	stream.process();
	const { root, definitions, footnotes, overflow } = stream.snapshot();
	const options: InlineOptions = { final: true, definitions, footnotes };
	const body: string[] = [];
	const notes: string[] = [];
	for (const block of root.children) blockText(block, options, body, notes);
	return [...body, ...notes, ...overflow].join('\n');
}

function blockText(block: Block, options: InlineOptions, out: string[], notes: string[]): void {
	switch (block.kind) {
		case 'document':
		case 'quote':
		case 'list':
		case 'item':
			for (const child of block.children) blockText(child, options, out, notes);
			return;
		case 'footnote':
			for (const child of block.children) blockText(child, options, notes, notes);
			return;
		case 'paragraph':
			out.push(inlineSource(block.lines.join('\n').trim(), options));
			return;
		case 'heading':
			out.push(inlineSource(block.text, options));
			return;
		case 'code':
		case 'math':
			out.push(block.lines.join('\n'));
			return;
		case 'table':
			for (const row of [block.head, ...block.rows]) {
				out.push(row.map((cell) => inlineSource(cell, options)).join(' '));
			}
			return;
		case 'rule':
			return;
	}
}

function inlineSource(text: string, options: InlineOptions): string {
	if (text.length > LIMITS.maxInlineChars) return text;
	return inlinesText(parseInline(text, options).inlines);
}

function inlinesText(inlines: readonly Inline[]): string {
	let text = '';
	for (const inline of inlines) {
		switch (inline.type) {
			case 'text':
			case 'code':
				text += inline.text;
				break;
			case 'math':
				text += inline.tex;
				break;
			case 'em':
			case 'strong':
			case 'del':
			case 'link':
				text += inlinesText(inline.children);
				break;
			case 'image':
				text += inline.alt;
				break;
			case 'softbreak':
			case 'hardbreak':
				text += '\n';
				break;
			case 'footnote':
				break;
		}
	}
	return text;
}
