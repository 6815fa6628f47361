/**
 * The block model → HTML text, for tests: the reference shape a full render must have, written the
 * way CommonMark's spec examples are (so expectations can be copied from the spec where our
 * supported subset agrees with it). Tight lists render paragraphs without <p>, as in the spec.
 */
import type { LinkDefinitions } from '../../../src/lib/render/core/link-reference.ts';
import type {
	Block,
	FootnoteBlock,
	FootnoteDefinitions
} from '../../../src/lib/render/core/model.ts';
import { mathSource, shownParagraphSource } from '../../../src/lib/render/core/model.ts';
import type { Inline } from '../../../src/lib/render/core/inline-model.ts';
import { parseInline } from '../../../src/lib/render/core/inline-parser.ts';
import {
	MarkdownStream,
	type MarkdownSnapshot
} from '../../../src/lib/render/core/markdown-stream.ts';
import { loadEntityTable } from '../../../src/lib/render/core/entities.ts';

// Every named reference decodes, as in the page, whose renderer waits for the full table before it
// draws a text that needs it (live-markdown.ts; tests/unit/render/entities.test.ts covers before).
await loadEntityTable();

export function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/** How a footnote reference is written (it needs the document's numbering). */
type FootnoteRef = (label: string) => string;

export function inlineHtml(inlines: readonly Inline[], footnote: FootnoteRef = () => ''): string {
	return inlines
		.map((inline) => {
			switch (inline.type) {
				case 'text':
					return escapeHtml(inline.text);
				case 'code':
					return `<code>${escapeHtml(inline.text)}</code>`;
				case 'math':
					return inline.display
						? `<span class="math display">\\[${escapeHtml(inline.tex)}\\]</span>`
						: `<span class="math inline">\\(${escapeHtml(inline.tex)}\\)</span>`;
				case 'em':
				case 'strong':
				case 'del':
					return `<${inline.type}>${inlineHtml(inline.children, footnote)}</${inline.type}>`;
				case 'link': {
					const title = inline.title === '' ? '' : ` title="${escapeHtml(inline.title)}"`;
					return `<a href="${escapeHtml(inline.href)}"${title}>${inlineHtml(inline.children, footnote)}</a>`;
				}
				case 'image': {
					if (inline.src === null) return `[image: ${escapeHtml(inline.alt)}]`;
					const title = inline.title === '' ? '' : ` title="${escapeHtml(inline.title)}"`;
					return `<img src="${escapeHtml(inline.src)}" alt="${escapeHtml(inline.alt)}"${title} />`;
				}
				case 'footnote':
					return footnote(inline.label);
				case 'softbreak':
					return '\n';
				case 'hardbreak':
					return '<br />\n';
			}
		})
		.join('');
}

/** What inline parsing needs to know of the whole document. */
interface DocumentContext {
	definitions: LinkDefinitions;
	footnotes: FootnoteDefinitions;
	extendedAutolinks: boolean;
	math: boolean;
	/** Footnote blocks met, by id (they are shown at the end, not where they stand). */
	footnoteBlocks: Map<number, FootnoteBlock>;
	/** Footnote labels in the order of their first reference: the numbering. */
	numbered: string[];
	/** References written so far, per label. */
	references: Map<string, number>;
}

/**
 * A footnote reference, numbered in reading order: references in the text first, then those in
 * the footnotes, in the footnotes' order (as the DOM renderer numbers them).
 */
function footnoteRef(context: DocumentContext): FootnoteRef {
	return (label) => {
		if (!context.numbered.includes(label)) context.numbered.push(label);
		const number = context.numbered.indexOf(label) + 1;
		const nth = (context.references.get(label) ?? 0) + 1;
		context.references.set(label, nth);
		const id = nth === 1 ? `fnref-${number}` : `fnref-${number}-${nth}`;
		return `<sup><a href="#fn-${number}" id="${id}">${number}</a></sup>`;
	};
}

function blockHtml(block: Block, tight: boolean, context: DocumentContext): string {
	const inlineOf = (text: string): string =>
		inlineHtml(
			parseInline(text, {
				final: true,
				definitions: context.definitions,
				footnotes: context.footnotes,
				extendedAutolinks: context.extendedAutolinks,
				math: context.math
			}).inlines,
			footnoteRef(context)
		);
	switch (block.kind) {
		case 'document':
			return block.children.map((child) => blockHtml(child, false, context)).join('');
		case 'footnote':
			context.footnoteBlocks.set(block.id, block);
			return '';
		case 'quote':
			return `<blockquote>\n${block.children.map((child) => blockHtml(child, false, context)).join('')}</blockquote>\n`;
		case 'list': {
			const tag = block.ordered ? 'ol' : 'ul';
			const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : '';
			const items = block.children.map((item) => blockHtml(item, !block.loose, context)).join('');
			return `<${tag}${start}>\n${items}</${tag}>\n`;
		}
		case 'item': {
			const parts = block.children.map((child) => blockHtml(child, tight, context));
			const body = parts.join('');
			const box =
				block.checked === null
					? ''
					: `<input${block.checked ? ' checked=""' : ''} disabled="" type="checkbox"> `;
			if (!tight || block.children.length === 0)
				return `<li>${box}${tight ? '' : body === '' ? '' : '\n'}${body}</li>\n`;
			const first = block.children[0]?.kind === 'paragraph' ? '' : '\n';
			return `<li>${box}${first}${body.replace(/\n$/, block.children.at(-1)?.kind === 'paragraph' ? '' : '\n')}</li>\n`;
		}
		case 'paragraph': {
			const html = inlineOf(shownParagraphSource(block));
			return tight ? `${html}\n` : `<p>${html}</p>\n`;
		}
		case 'heading':
			return `<h${block.level}>${inlineOf(block.text)}</h${block.level}>\n`;
		case 'code': {
			const language = (block.info ?? '').split(/[ \t]/)[0] ?? '';
			const attr = language === '' ? '' : ` class="language-${escapeHtml(language)}"`;
			const body = block.lines.map((line) => `${line}\n`).join('');
			return `<pre><code${attr}>${escapeHtml(body)}</code></pre>\n`;
		}
		case 'math':
			return `<div class="math display">\\[${escapeHtml(mathSource(block))}\\]</div>\n`;
		case 'rule':
			return '<hr />\n';
		case 'table': {
			const cell = (tag: string, text: string, index: number): string => {
				const align = block.align[index];
				return `<${tag}${align ? ` align="${align}"` : ''}>${inlineOf(text)}</${tag}>\n`;
			};
			const head = `<thead>\n<tr>\n${block.head.map((text, i) => cell('th', text, i)).join('')}</tr>\n</thead>\n`;
			const rows = block.rows
				.map((row) => `<tr>\n${row.map((text, i) => cell('td', text, i)).join('')}</tr>\n`)
				.join('');
			return `<table>\n${head}${rows === '' ? '' : `<tbody>\n${rows}</tbody>\n`}</table>\n`;
		}
	}
}

export interface ModelHtmlOptions {
	/** GFM extended autolinks (default on, as in the app); off for plain CommonMark examples. */
	extendedAutolinks?: boolean;
	/** Inline TeX math (default on, as in the app); off for plain CommonMark examples. */
	math?: boolean;
}

export function modelHtml(
	snapshot: Pick<MarkdownSnapshot, 'root' | 'definitions' | 'footnotes'>,
	options: ModelHtmlOptions = {}
): string {
	const context: DocumentContext = {
		definitions: snapshot.definitions,
		footnotes: snapshot.footnotes,
		extendedAutolinks: options.extendedAutolinks ?? true,
		math: options.math ?? true,
		footnoteBlocks: new Map(),
		numbered: [],
		references: new Map()
	};
	const body = blockHtml(snapshot.root, false, context);
	return body + footnoteSection(context);
}

/** The footnotes referenced, in number order, each with links back to its references. */
function footnoteSection(context: DocumentContext): string {
	const items: string[] = [];
	for (let index = 0; index < context.numbered.length; index++) {
		const label = context.numbered[index] ?? '';
		const block = context.footnoteBlocks.get(context.footnotes.get(label) ?? -1);
		const body =
			block === undefined ? '' : blockHtml({ ...block, kind: 'document' }, false, context);
		items.push(body);
	}
	if (items.length === 0) return '';
	const list = items.map((body, index) => {
		const number = index + 1;
		const count = context.references.get(context.numbered[index] ?? '') ?? 0;
		const back = Array.from({ length: count }, (_, n) =>
			n === 0
				? `<a href="#fnref-${number}">↩</a>`
				: `<a href="#fnref-${number}-${n + 1}">↩<sup>${n + 1}</sup></a>`
		).join(' ');
		const inParagraph = body.endsWith('</p>\n');
		const content = inParagraph ? `${body.slice(0, -5)} ${back}</p>\n` : `${body}${back}\n`;
		return `<li id="fn-${number}">\n${content}</li>\n`;
	});
	return `<section class="footnotes">\n<ol>\n${list.join('')}</ol>\n</section>\n`;
}

/** A complete document, rendered in one go. */
export function renderMarkdown(text: string, options: ModelHtmlOptions = {}): string {
	const stream = new MarkdownStream();
	stream.append(text);
	stream.end();
	stream.process();
	const snapshot = stream.snapshot();
	return modelHtml(snapshot, options) + snapshot.overflow.join('');
}
