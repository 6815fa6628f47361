/**
 * Rendered markdown as plain text with each formula as its TeX source: typeset math is glyphs
 * and MathML (their text is not what anyone wants pasted), so copying gives `$…$` and `$$…$$`
 * around the TeX as written (kept in `data-tex`, math-view.ts), as KaTeX's copy-tex does.
 *
 * The whole message's text (`renderedText`, "Copy text") is what the person reads: a list item's
 * number or bullet and a task's box (drawn by CSS and a checkbox, which `innerText` leaves out)
 * are written in, and the controls the views draw around the content are left out.
 */
const BLOCK_TAGS = new Set([
	'ADDRESS',
	'BLOCKQUOTE',
	'DIV',
	'H1',
	'H2',
	'H3',
	'H4',
	'H5',
	'H6',
	'HR',
	'LI',
	'OL',
	'P',
	'PRE',
	'SECTION',
	'TABLE',
	'TR',
	'UL'
]);

/** A formula's element, as copied: its TeX between its delimiters. */
function texOf(element: Element): string | null {
	const tex = element.getAttribute('data-tex');
	if (tex === null) return null;
	return element.hasAttribute('data-display') ? `$$${tex}$$` : `$${tex}$`;
}

/**
 * What the views draw around the content, not part of it: a code block's head (its language, a
 * diagram's Diagram/Code switch, Copy: code-view.ts, diagram-view.ts), a diagram's note that it
 * could not be drawn, and a footnote's ↩ links (footnote-index.ts).
 */
const CONTROLS = '.md-code-head, .md-diagram-note, .md-footnote-backs';

/** A list item's marker as shown: `3. ` in an ordered list, `• ` in a bullet list, a task's box. */
function markerOf(item: Element): string {
	const box = item.querySelector(':scope > input[type="checkbox"]');
	if (box !== null) return box.hasAttribute('checked') ? '[x] ' : '[ ] ';
	const list = item.parentElement;
	if (list?.tagName !== 'OL') return '• ';
	let number = Number.parseInt(list.getAttribute('start') ?? '1', 10);
	if (!Number.isFinite(number)) number = 1;
	for (let sibling = item.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
		if (sibling.tagName === 'LI') number++;
	return `${number}. `;
}

/** Where an item's marker goes: the start of its first paragraph, so it reads on the same line. */
function markerPlace(item: Element): { parent: Node; before: Node | null } {
	let first = item.firstChild;
	if (first instanceof HTMLInputElement) first = first.nextSibling;
	if (first instanceof HTMLParagraphElement) return { parent: first, before: first.firstChild };
	return { parent: item, before: first };
}

/**
 * The text of `root` as the person reads it (its `innerText`), formulas as TeX, list markers
 * written in, the views' controls left out. Each change is made for the reading and undone at
 * once, before anything is painted.
 */
export function renderedText(root: HTMLElement): string {
	const doc = root.ownerDocument;
	const swapped: [Element, ChildNode][] = [];
	const added: Text[] = [];
	for (const element of root.querySelectorAll('.md-math[data-tex]')) {
		const tex = texOf(element);
		if (tex === null) continue;
		const text = doc.createTextNode(tex);
		element.replaceWith(text);
		swapped.push([element, text]);
	}
	for (const element of root.querySelectorAll(CONTROLS)) {
		const gap = doc.createComment('');
		element.replaceWith(gap);
		swapped.push([element, gap]);
	}
	for (const item of root.querySelectorAll('li')) {
		const marker = doc.createTextNode(markerOf(item));
		const { parent, before } = markerPlace(item);
		parent.insertBefore(marker, before);
		added.push(marker);
	}
	try {
		return root.innerText;
	} finally {
		for (const marker of added) marker.remove();
		for (const [element, stand] of swapped) stand.replaceWith(element);
	}
}

/** The text of a copied fragment: formulas as TeX, a line break after each block. */
function fragmentText(node: Node): string {
	if (node.nodeType === 3) return node.textContent ?? '';
	if (!(node instanceof Element) && node.nodeType !== 11) return '';
	if (node instanceof Element) {
		if (node.matches('.md-math[data-tex]')) return texOf(node) ?? '';
		if (node.tagName === 'BR') return '\n';
		if (node.tagName === 'IFRAME' || node.tagName === 'BUTTON') return '';
	}
	let text = '';
	for (const child of node.childNodes) text += fragmentText(child);
	if (node instanceof Element && BLOCK_TAGS.has(node.tagName) && !text.endsWith('\n')) text += '\n';
	return text;
}

/**
 * A `copy` listener for a rendered markdown element: when the selection holds math, the text put
 * on the clipboard has each formula (whole, even if only part of it was selected) as its TeX.
 * Other selections are left to the browser.
 */
export function copyWithTex(event: ClipboardEvent): void {
	const root = event.currentTarget;
	if (!(root instanceof Element) || event.clipboardData === null) return;
	const selection = root.ownerDocument.getSelection();
	if (selection === null || selection.rangeCount === 0) return;
	const fragment = root.ownerDocument.createDocumentFragment();
	let hasMath = false;
	for (let index = 0; index < selection.rangeCount; index++) {
		const range = selection.getRangeAt(index).cloneRange();
		// A selection that starts or ends inside a formula takes the whole formula.
		const startMath = closestMath(range.startContainer);
		const endMath = closestMath(range.endContainer);
		if (startMath !== null) range.setStartBefore(startMath);
		if (endMath !== null) range.setEndAfter(endMath);
		const contents = range.cloneContents();
		if (contents.querySelector('.md-math[data-tex]') !== null) hasMath = true;
		fragment.appendChild(contents);
	}
	if (!hasMath) return;
	event.clipboardData.setData('text/plain', fragmentText(fragment).replace(/\n+$/, ''));
	event.preventDefault();
}

function closestMath(node: Node): Element | null {
	const element = node instanceof Element ? node : node.parentElement;
	return element?.closest('.md-math[data-tex]') ?? null;
}
