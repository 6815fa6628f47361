/**
 * HTML normalisation for comparing spec examples, after the CommonMark spec's own test runner
 * (`test/normalize.py` in commonmark/commonmark-spec): runs of whitespace collapse to one space
 * outside <pre>, whitespace next to block-level tags is dropped, character references are decoded
 * and the few characters that need it re-escaped, attributes are sorted, and `<br />` is `<br>`.
 */
const BLOCK_TAGS = new Set(
	(
		'article header aside hgroup blockquote hr iframe body li map button object canvas ol caption ' +
		'output col p colgroup pre dd progress div section dl table td dt tbody embed textarea ' +
		'fieldset tfoot figcaption th figure thead footer tr form ul h1 h2 h3 h4 h5 h6 video script ' +
		'style'
	).split(' ')
);

const TOKEN =
	/<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|([^<]+|<)/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

function decode(text: string): string {
	return text.replace(REFERENCE, (_match, hex: string, decimal: string, name: string) => {
		if (name !== undefined) return NAMED[name] ?? '';
		return String.fromCodePoint(Number.parseInt(hex ?? decimal, hex === undefined ? 10 : 16));
	});
}

function escapeText(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function normalizeHtml(html: string): string {
	let out = '';
	let inPre = false;
	let lastBlock = true;
	for (const token of html.matchAll(TOKEN)) {
		const [, closing, name, attributes, text] = token;
		if (text !== undefined) {
			let data = decode(text);
			if (!inPre) {
				data = data.replace(/\s+/g, ' ');
				if (lastBlock) data = data.replace(/^ /, '');
			}
			out += escapeText(data);
			if (data !== '') lastBlock = false;
			continue;
		}
		const tag = (name ?? '').toLowerCase();
		if (BLOCK_TAGS.has(tag) && !inPre) out = out.replace(/ $/, '');
		if (tag === 'pre') inPre = closing === '';
		const sorted = [...(attributes ?? '').matchAll(ATTRIBUTE)]
			.map(([, key, ...values]) => {
				const value = values.find((each) => each !== undefined);
				return value === undefined
					? ` ${(key ?? '').toLowerCase()}`
					: ` ${(key ?? '').toLowerCase()}="${escapeText(decode(value)).replace(/"/g, '&quot;')}"`;
			})
			.sort();
		out += `<${closing}${tag}${sorted.join('')}>`;
		lastBlock = BLOCK_TAGS.has(tag);
	}
	return out.trim();
}
