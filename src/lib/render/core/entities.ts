/**
 * Entity and numeric character references (CommonMark 0.31 §2.5) and backslash escapes (§2.4).
 *
 * Numeric references and every HTML5 named reference (the 2,125 names ending in `;`) are decoded;
 * an unknown name stays literal text, which is always safe, since text never becomes markup here.
 *
 * The full table (entity-table.ts, about 11 KB gzip, a third of the renderer's chunk) loads on
 * first need: the names answers use (`&amp;`, `&nbsp;`, `&mdash;`, `&rarr;`, Greek letters…) are
 * built in. A renderer asks `needsEntityTable` of the text it is given and, when it does, waits for
 * `loadEntityTable` before it draws (live-markdown.ts), so a name is never shown literal and then
 * decoded. Parsing is always synchronous: before the table is in, `decodeEntity` knows only the
 * built-in names.
 */

/** Named references common in model answers, decoded without the full table. */
export const COMMON_ENTITIES: Readonly<Record<string, string>> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
	ensp: '\u2002',
	emsp: '\u2003',
	thinsp: '\u2009',
	zwnj: '\u200c',
	zwj: '\u200d',
	shy: '\u00ad',
	copy: '©',
	reg: '®',
	trade: '™',
	ndash: '–',
	mdash: '—',
	hellip: '…',
	lsquo: '‘',
	rsquo: '’',
	ldquo: '“',
	rdquo: '”',
	laquo: '«',
	raquo: '»',
	bull: '•',
	middot: '·',
	sect: '§',
	para: '¶',
	dagger: '†',
	Dagger: '‡',
	deg: '°',
	plusmn: '±',
	times: '×',
	divide: '÷',
	minus: '−',
	le: '≤',
	ge: '≥',
	ne: '≠',
	asymp: '≈',
	equiv: '≡',
	infin: '∞',
	sum: '∑',
	prod: '∏',
	radic: '√',
	part: '∂',
	nabla: '∇',
	isin: '∈',
	forall: '∀',
	exist: '∃',
	empty: '∅',
	cap: '∩',
	cup: '∪',
	and: '∧',
	or: '∨',
	not: '¬',
	micro: 'µ',
	permil: '‰',
	prime: '′',
	Prime: '″',
	frac12: '½',
	frac14: '¼',
	frac34: '¾',
	sup1: '¹',
	sup2: '²',
	sup3: '³',
	euro: '€',
	pound: '£',
	yen: '¥',
	cent: '¢',
	larr: '←',
	rarr: '→',
	uarr: '↑',
	darr: '↓',
	harr: '↔',
	lArr: '⇐',
	rArr: '⇒',
	hArr: '⇔',
	check: '✓',
	cross: '✗',
	star: '☆',
	starf: '★',
	hearts: '♥',
	alpha: 'α',
	beta: 'β',
	gamma: 'γ',
	delta: 'δ',
	epsilon: 'ε',
	theta: 'θ',
	lambda: 'λ',
	mu: 'μ',
	pi: 'π',
	sigma: 'σ',
	tau: 'τ',
	phi: 'φ',
	omega: 'ω',
	Delta: 'Δ',
	Sigma: 'Σ',
	Omega: 'Ω'
};

let named: ReadonlyMap<string, string> = new Map(Object.entries(COMMON_ENTITIES));
let loading: Promise<void> | null = null;
let loaded = false;

/** Whether every named reference is decoded now (the full table is in). */
export function entityTableLoaded(): boolean {
	return loaded;
}

/** Loads the full table of named references, once; resolves when `decodeEntity` knows them all. */
export function loadEntityTable(): Promise<void> {
	loading ??= import('./entity-table.ts').then(({ PACKED_ENTITIES, UNPACKED_ENTITIES }) => {
		const all = new Map(Object.entries(UNPACKED_ENTITIES));
		for (const [, name, value] of PACKED_ENTITIES.matchAll(/([A-Za-z0-9]+)([^A-Za-z0-9]+)/g)) {
			if (name !== undefined && value !== undefined) all.set(name, value);
		}
		named = all;
		loaded = true;
	});
	return loading;
}

const NAMED_REFERENCE = /&([A-Za-z][A-Za-z0-9]{1,31});/g;
/** A `&` at the end that more text could still make a named reference. */
const OPEN_REFERENCE = /&[A-Za-z0-9]{0,31}$/;

/**
 * Tells, for a text given piece by piece, whether it names a reference only the full table knows.
 * A reference split between two pieces is seen whole.
 */
export class EntityScan {
	#carry = '';

	/** Whether `piece` (after the pieces before it) names a reference not built in. */
	needsTable(piece: string): boolean {
		const text = this.#carry + piece;
		this.#carry = '';
		if (loaded || !text.includes('&')) return false;
		this.#carry = OPEN_REFERENCE.exec(text)?.[0] ?? '';
		for (const [, name] of text.matchAll(NAMED_REFERENCE)) {
			if (name !== undefined && !named.has(name)) return true;
		}
		return false;
	}
}

/** An entity reference at the start of the text: `&name;`, `&#123;` or `&#x1F;` (§2.5). */
export const ENTITY = /^&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/;

/** The character(s) an entity reference stands for, or null for a name not decoded here. */
export function decodeEntity(reference: string): string | null {
	const body = reference.slice(1, -1);
	if (body.startsWith('#')) {
		const hex = body[1] === 'x' || body[1] === 'X';
		const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
		// §2.5: invalid code points and U+0000 become U+FFFD.
		const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
		return String.fromCodePoint(valid ? code : 0xfffd);
	}
	return named.get(body) ?? null;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

export function isAsciiPunctuation(char: string): boolean {
	return char.length === 1 && ASCII_PUNCTUATION.test(char);
}

const ESCAPE_OR_ENTITY =
	/\\[!-/:-@[-`{-~]|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/** Resolves backslash escapes and entity references in a link destination, title or info string. */
export function unescapeString(text: string): string {
	if (!text.includes('\\') && !text.includes('&')) return text;
	return text.replace(ESCAPE_OR_ENTITY, (match) =>
		match.startsWith('\\') ? match.slice(1) : (decodeEntity(match) ?? match)
	);
}
