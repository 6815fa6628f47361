/**
 * Which addresses a link or an image may carry. Anything refused renders as plain text.
 *
 * Browsers drop ASCII tab and newline anywhere in a URL and C0 controls and spaces at its ends
 * (WHATWG URL Standard §4.4, basic URL parser), so `java\tscript:` is `javascript:`. We strip the
 * same characters first, require an explicit scheme from the allow-list, then let the URL parser
 * have the last word and use its serialization. Entity references (`&#106;avascript:`) were
 * already decoded by the markdown parser, so they cannot hide a scheme either. No relative or
 * protocol-relative (`//host`) addresses: a link must say where it goes.
 */
const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];
/** Images: never `data:` (our own generated images are rendered separately) nor `mailto:`. */
const IMAGE_PROTOCOLS: readonly string[] = ['http:', 'https:'];

const TAB_OR_NEWLINE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- C0 controls are exactly what is being removed.
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

function allowed(raw: string, protocols: readonly string[]): string | null {
	const cleaned = raw.replace(TAB_OR_NEWLINE, '').replace(EDGE_CONTROLS, '');
	const scheme = SCHEME.exec(cleaned)?.[1];
	if (scheme === undefined || !protocols.includes(`${scheme.toLowerCase()}:`)) return null;
	let url: URL;
	try {
		url = new URL(cleaned);
	} catch {
		return null;
	}
	if (!protocols.includes(url.protocol)) return null;
	if (url.protocol !== 'mailto:' && url.hostname === '') return null;
	return url.href;
}

/** The address a link may point to (http, https, mailto), or null. */
export function safeLinkUrl(raw: string): string | null {
	return allowed(raw, LINK_PROTOCOLS);
}

/** The address a remote image may be loaded from (http, https), or null. */
export function safeImageUrl(raw: string): string | null {
	return allowed(raw, IMAGE_PROTOCOLS);
}

/** The host an allowed image address points to, for "Load image from <host>". */
export function hostOf(url: string): string {
	return new URL(url).host;
}
