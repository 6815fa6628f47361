/**
 * highlight.js output → DOM without handing a string to the HTML parser. highlight.js escapes all
 * code text and emits only `<span class="…">` and `</span>`; this reads exactly that grammar
 * (plus its five entity escapes) and gives up on anything else, leaving the plain text shown.
 */
const TOKEN = /<span class="([\w\- ]{1,80})">|<\/span>|&(amp|lt|gt|quot|#x27);|[^<&]+/gy;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };

export function highlightedNodes(doc: Document, html: string): DocumentFragment | null {
	const fragment = doc.createDocumentFragment();
	const stack: Node[] = [fragment];
	TOKEN.lastIndex = 0;
	while (TOKEN.lastIndex < html.length) {
		const at = TOKEN.lastIndex;
		const match = TOKEN.exec(html);
		if (match === null || match.index !== at) return null;
		const top = stack[stack.length - 1];
		if (top === undefined) return null;
		const [token, className, entity] = match;
		if (className !== undefined) {
			const span = doc.createElement('span');
			span.setAttribute('class', className);
			top.appendChild(span);
			stack.push(span);
		} else if (token === '</span>') {
			if (stack.length === 1) return null;
			stack.pop();
		} else {
			const text = entity === undefined ? token : (ENTITIES[entity] ?? '');
			top.appendChild(doc.createTextNode(text));
		}
	}
	return stack.length === 1 ? fragment : null;
}
