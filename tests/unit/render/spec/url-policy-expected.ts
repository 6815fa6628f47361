/**
 * The one principled difference between the spec's expected HTML and ours that is not raw HTML:
 * every address goes through the renderer's URL policy (src/lib/render/core/url-policy.ts). A link
 * whose address is refused (relative, `javascript:`, an unknown scheme…) is shown as its text, an
 * image whose address is refused as `[image: alt]`, and an allowed address is written as the URL
 * parser serialises it (`http://a.b` → `http://a.b/`). This rewrites the spec's expected HTML the
 * same way, and nothing else: text, nesting and titles are still compared as the spec has them.
 */
import { safeImageUrl, safeLinkUrl } from '../../../../src/lib/render/core/url-policy.ts';

const LINK = /<a href="([^"]*)"((?: title="[^"]*")?)>([\s\S]*?)<\/a>/g;
const IMAGE = /<img src="([^"]*)" alt="([^"]*)"((?: title="[^"]*")?) \/>/g;

function decodeAttribute(value: string): string {
	return value
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

function escapeAttribute(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;');
}

/**
 * The spec percent-encodes addresses (its `normalizeURI`); the browser's URL parser, which our
 * policy uses, encodes them too, but `%` sequences the spec wrote must be read back first so that
 * both sides start from the same characters.
 */
function policyAddress(encoded: string, policy: (raw: string) => string | null): string | null {
	const raw = decodeAttribute(encoded);
	let decoded = raw;
	try {
		decoded = decodeURI(raw);
	} catch {
		// Not valid percent-encoding: the spec left it as written.
	}
	return policy(decoded);
}

export function applyUrlPolicy(html: string): string {
	const images = html.replace(IMAGE, (_match, src: string, alt: string, title: string) => {
		const allowed = policyAddress(src, safeImageUrl);
		return allowed === null
			? `[image: ${alt}]`
			: `<img src="${escapeAttribute(allowed)}" alt="${alt}"${title} />`;
	});
	return images.replace(LINK, (_match, href: string, title: string, content: string) => {
		const allowed = policyAddress(href, safeLinkUrl);
		return allowed === null
			? content
			: `<a href="${escapeAttribute(allowed)}"${title}>${content}</a>`;
	});
}
