/**
 * Text hygiene for anything that came from the other side. Bodies are only ever shown as text, but a
 * message must also read as one plain sentence: no markup, no control characters, no secrets.
 */

/** Longest `raw` kept for the details view, in UTF-16 code units, before the truncation marker. */
export const RAW_CAP = 8192;
/** Longest message kept; a longer gateway message is cut at a word boundary. */
export const MESSAGE_CAP = 500;
/** Only this much of a text is scanned for markup; the rest cannot reach a message anyway. */
const PLAIN_INPUT_CAP = 65536;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
	mdash: '—',
	ndash: '–',
	hellip: '…'
};

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
		if (name.startsWith('#')) {
			const hex = name[1] === 'x' || name[1] === 'X';
			const point = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
			return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
		}
		return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
	});
}

/**
 * Markup → plain text: drops `<script>`/`<style>` content and every tag, decodes entities, removes
 * control characters and collapses whitespace. A `<` that could still open a tag is dropped, so the
 * result never contains markup even when the input was a fragment.
 */
export function plainText(text: string): string {
	const input = text.length > PLAIN_INPUT_CAP ? text.slice(0, PLAIN_INPUT_CAP) : text;
	const withoutTags = input
		.replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
		.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
		.replace(/<\/?[a-z!?][^>]*(?:>|$)/gi, ' ');
	return (
		decodeEntities(withoutTags)
			.replace(/<(?=[a-z!?/])/gi, '')
			// Control characters are exactly what this removes.
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0000-\u001f\u007f-\u009f\u200b\ufeff]+/g, ' ')
			.replace(/\s+/g, ' ')
			.trim()
	);
}

/** Cuts at `max` characters on a word boundary when one is near, ending with an ellipsis. */
export function capSentence(text: string, max = MESSAGE_CAP): string {
	if (text.length <= max) return text;
	const cut = safeSlice(text, max - 1);
	const space = cut.lastIndexOf(' ');
	return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** A prefix that never ends inside a surrogate pair. */
function safeSlice(text: string, length: number): string {
	const code = text.charCodeAt(length - 1);
	const end = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
	return text.slice(0, end);
}

/** The body for the details view: secrets masked, capped with a visible marker. */
export function capRaw(text: string): string {
	const masked = maskSecrets(text);
	if (masked.length <= RAW_CAP) return masked;
	const kept = safeSlice(masked, RAW_CAP);
	return `${kept}\n… [${masked.length - kept.length} more characters not shown]`;
}

/**
 * Masks credentials that gateways sometimes echo back: bearer tokens, JWTs (id/access tokens) and
 * long API keys. Anything the person would need to debug (ids, codes, messages) is left alone.
 */
export function maskSecrets(text: string): string {
	return text
		.replace(/\b(bearer)\s+[A-Za-z0-9._~+/-]{8,}=*/gi, '$1 [redacted]')
		.replace(/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, '[redacted token]')
		.replace(/\b(sk-[A-Za-z0-9_-]{3})[A-Za-z0-9_-]{20,}/g, '$1…[redacted]');
}
