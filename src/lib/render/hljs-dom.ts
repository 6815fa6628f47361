/**
 * highlight.js output → ranges → DOM, without handing a string to the HTML parser.
 *
 * `highlightRanges` (pure, run in the highlight worker) reads highlight.js's HTML — it escapes all
 * code text and emits only `<span class="…">` and `</span>`; this reads exactly that grammar (plus
 * its five entity escapes) and gives up on anything else — into scope ranges over the code's own
 * text, and checks that the text it decoded is exactly that text. Only scopes the page colours
 * are kept (`colouredScope`): highlight.js also wraps parameters, properties, punctuation and more
 * in scopes the theme gives no style, and a span for each would cost the page its building, style
 * and layout for nothing (in the benchmark's answers, 17–43% of all scopes). `highlightedNodes`
 * then builds the spans for any slice of the text (one plain chunk at a time), so a big block is
 * coloured in bounded steps and every node holds the same characters the plain text did.
 */
const TOKEN = /<span class="([\w\- ]{1,80})">|<\/span>|&(amp|lt|gt|quot|#x27);|[^<&]+/gy;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
const SCOPE = /^[\w\- ]{1,80}$/;

/**
 * The highlight.js classes markdown.css gives a style (`.markdown .hljs-…`); a unit test checks
 * that the two lists agree. A scope without one of them would be a span that changes nothing.
 */
export const COLOURED_SCOPES: ReadonlySet<string> = new Set([
	'hljs-keyword',
	'hljs-built_in',
	'hljs-type',
	'hljs-string',
	'hljs-regexp',
	'hljs-comment',
	'hljs-number',
	'hljs-literal',
	'hljs-title',
	'hljs-attr'
]);

/** Whether a scope's class list (`hljs-title function_`) has a class the page colours. */
export function colouredScope(className: string): boolean {
	return className.split(' ').some((name) => COLOURED_SCOPES.has(name));
}

/**
 * Scopes of a highlighted text: `ranges` holds triples `[start, end, scope index]` in document
 * order (a range comes before the ranges nested in it), properly nested, with offsets into the text.
 */
export interface HighlightRanges {
	ranges: Uint32Array;
	scopes: string[];
}

/**
 * highlight.js HTML for `text` → its scope ranges, only those of scopes `keep` accepts (their
 * children are kept, nested in what encloses them); null if the HTML is not exactly `text`.
 */
export function highlightRanges(
	html: string,
	text: string,
	keep: (className: string) => boolean = () => true
): HighlightRanges | null {
	const ranges: number[] = [];
	const scopes: string[] = [];
	// Each class list met, with its index in `scopes`, or -1 if it is not kept: `keep` is asked
	// once per class list, not once per span.
	const scopeIndex = new Map<string, number>();
	// Indices into `ranges` of the triples still open; -1 for a span not kept.
	const open: number[] = [];
	let offset = 0;
	TOKEN.lastIndex = 0;
	while (TOKEN.lastIndex < html.length) {
		const at = TOKEN.lastIndex;
		const match = TOKEN.exec(html);
		if (match === null || match.index !== at) return null;
		const [token, className, entity] = match;
		if (className !== undefined) {
			let index = scopeIndex.get(className);
			if (index === undefined) {
				index = keep(className) ? scopes.push(className) - 1 : -1;
				scopeIndex.set(className, index);
			}
			if (index < 0) open.push(-1);
			else {
				open.push(ranges.length);
				ranges.push(offset, offset, index);
			}
		} else if (token === '</span>') {
			const start = open.pop();
			if (start === undefined) return null;
			if (start >= 0) ranges[start + 1] = offset;
		} else {
			const piece = entity === undefined ? token : (ENTITIES[entity] ?? '');
			if (!text.startsWith(piece, offset)) return null;
			offset += piece.length;
		}
	}
	if (open.length !== 0 || offset !== text.length) return null;
	return { ranges: Uint32Array.from(ranges), scopes };
}

/** Whether a message claiming to be ranges for a text of `length` characters is well formed. */
export function validRanges(value: HighlightRanges, length: number): boolean {
	const { ranges, scopes } = value;
	if (!(ranges instanceof Uint32Array) || ranges.length % 3 !== 0) return false;
	if (!Array.isArray(scopes) || !scopes.every((scope) => SCOPE.test(scope))) return false;
	const ends: number[] = [];
	let previousStart = 0;
	for (let at = 0; at < ranges.length; at += 3) {
		const start = ranges[at] ?? 0;
		const end = ranges[at + 1] ?? 0;
		if (start < previousStart || end < start || end > length) return false;
		if ((ranges[at + 2] ?? scopes.length) >= scopes.length) return false;
		while (ends.length > 0 && (ends[ends.length - 1] ?? 0) <= start) ends.pop();
		if (ends.length > 0 && end > (ends[ends.length - 1] ?? 0)) return false;
		ends.push(end);
		previousStart = start;
	}
	return true;
}

/** A piece of highlighted text: plain characters, or a scope span around pieces. */
export type HighlightPiece = string | { className: string; children: HighlightPiece[] };

/** The pieces showing text[from, to): every range clipped to the slice, nesting kept. */
export function highlightSlice(
	text: string,
	{ ranges, scopes }: HighlightRanges,
	from: number,
	to: number
): HighlightPiece[] {
	const root: HighlightPiece[] = [];
	const stack: { children: HighlightPiece[]; end: number }[] = [{ children: root, end: to }];
	let position = from;
	const emit = (children: HighlightPiece[], until: number): void => {
		if (until > position) children.push(text.slice(position, until));
		position = Math.max(position, until);
	};
	for (let at = 0; at < ranges.length; at += 3) {
		const start = ranges[at] ?? 0;
		const end = ranges[at + 1] ?? 0;
		if (start >= to) break;
		const clippedStart = Math.max(start, from);
		const clippedEnd = Math.min(end, to);
		if (clippedEnd <= clippedStart) continue;
		let top = stack[stack.length - 1];
		while (top !== undefined && stack.length > 1 && top.end <= clippedStart) {
			emit(top.children, top.end);
			stack.pop();
			top = stack[stack.length - 1];
		}
		if (top === undefined) break;
		emit(top.children, clippedStart);
		const span = { className: scopes[ranges[at + 2] ?? 0] ?? '', children: [] };
		top.children.push(span);
		stack.push({ children: span.children, end: clippedEnd });
	}
	while (stack.length > 0) {
		const top = stack.pop();
		if (top !== undefined) emit(top.children, top.end);
	}
	return root;
}

/** The nodes showing text[from, to) highlighted (spans built with className and text nodes). */
export function highlightedNodes(
	doc: Document,
	text: string,
	highlight: HighlightRanges,
	from: number,
	to: number
): DocumentFragment {
	const fragment = doc.createDocumentFragment();
	const build = (parent: Node, pieces: readonly HighlightPiece[]): void => {
		for (const piece of pieces) {
			if (typeof piece === 'string') parent.appendChild(doc.createTextNode(piece));
			else {
				const span = doc.createElement('span');
				span.className = piece.className;
				build(span, piece.children);
				parent.appendChild(span);
			}
		}
	};
	build(fragment, highlightSlice(text, highlight, from, to));
	return fragment;
}
