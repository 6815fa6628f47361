/**
 * Inline model → DOM nodes, safe by construction: text only ever becomes Text nodes, elements come
 * from a fixed set of tags, and the only attributes carrying model content are addresses that
 * passed the URL policy (href) and plain titles. No innerHTML anywhere (math is typeset by KaTeX,
 * which builds its own elements: math-view.ts).
 */
import type { Inline } from '../core/inline-model.ts';
import { type FootnoteAnchor, scrollOnClick } from './footnote-index.ts';
import { mathElement, type MathTypesetter } from './math-view.ts';
import { refusedImage, remoteImagePlaceholder } from './remote-image.ts';

/**
 * Builds `inlines` and inserts them into `parent` before `before`; returns the top-level nodes.
 * Footnote references are built empty and listed in `anchors`: footnote-index.ts numbers them.
 * Math is handed to `math` to typeset (it shows its source without one).
 */
export function insertInlines(
	doc: Document,
	parent: Node,
	inlines: readonly Inline[],
	before: Node | null = null,
	anchors: FootnoteAnchor[] = [],
	math: MathTypesetter | undefined = undefined
): Node[] {
	const nodes: Node[] = [];
	for (const inline of inlines) {
		const node = buildInline(doc, inline, anchors, math);
		parent.insertBefore(node, before);
		nodes.push(node);
	}
	return nodes;
}

function buildInline(
	doc: Document,
	inline: Inline,
	anchors: FootnoteAnchor[],
	math: MathTypesetter | undefined
): Node {
	switch (inline.type) {
		case 'text':
			return doc.createTextNode(inline.text);
		case 'softbreak':
			return doc.createTextNode('\n');
		case 'hardbreak':
			return doc.createElement('br');
		case 'math':
			return mathElement(doc, inline.tex, inline.display, math);
		case 'code': {
			const code = doc.createElement('code');
			code.appendChild(doc.createTextNode(inline.text));
			return code;
		}
		case 'em':
		case 'strong':
		case 'del': {
			const element = doc.createElement(inline.type);
			insertInlines(doc, element, inline.children, null, anchors, math);
			return element;
		}
		case 'link': {
			const link = doc.createElement('a');
			link.setAttribute('href', inline.href);
			link.setAttribute('target', '_blank');
			link.setAttribute('rel', 'noopener noreferrer');
			link.setAttribute('referrerpolicy', 'no-referrer');
			if (inline.title !== '') link.setAttribute('title', inline.title);
			insertInlines(doc, link, inline.children, null, anchors, math);
			return link;
		}
		case 'footnote': {
			const sup = doc.createElement('sup');
			sup.setAttribute('class', 'md-footnote-ref');
			const link = doc.createElement('a');
			scrollOnClick(doc, link);
			sup.appendChild(link);
			anchors.push({ label: inline.label, link });
			return sup;
		}
		case 'image':
			return inline.src === null
				? refusedImage(doc, inline.alt)
				: remoteImagePlaceholder(doc, inline.src, inline.alt, inline.title);
	}
}

/** Removes `nodes` from their parent. */
export function removeNodes(nodes: readonly Node[]): void {
	for (const node of nodes) node.parentNode?.removeChild(node);
}
