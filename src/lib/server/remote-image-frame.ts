/**
 * The document a remote image is shown in, once the person asks for it (src/lib/render/dom/
 * remote-image.ts). The chat page's policy never allows a third-party image (`img-src 'self'
 * data: blob:`); this small document has its own policy that allows exactly the one image's origin
 * and nothing else — no script, no other request — and is framed sandboxed, without a referrer.
 * So loading one image the person chose does not open the page to any other host.
 */
import { gatewayOrigin } from '../config/connect-allowance.ts';
import { safeImageUrl } from '../render/core/url-policy.ts';

const escapeHtml = (text: string): string =>
	text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');

/** Marks a response whose own Content-Security-Policy the app's hook must keep. */
export const OWN_POLICY_HEADER = 'x-switchboard-own-csp';

export function remoteImageFrame(
	rawSrc: string | null,
	alt: string,
	frameAncestors: readonly string[]
): Response {
	const src = rawSrc === null ? null : safeImageUrl(rawSrc);
	const origin = src === null ? null : gatewayOrigin(src);
	if (src === null || origin === null) {
		return new Response('This image address is not allowed.\n', {
			status: 400,
			headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
		});
	}
	const policy = [
		"default-src 'none'",
		`img-src ${origin}`,
		"style-src 'unsafe-inline'",
		"base-uri 'none'",
		"form-action 'none'",
		`frame-ancestors 'self' ${frameAncestors.filter((source) => source !== "'self'" && source !== "'none'").join(' ')}`.trim()
	].join('; ');
	const body = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<style>html,body{margin:0;height:100%;background:transparent}img{display:block;max-width:100%;max-height:100%;margin:auto;object-fit:contain}</style>
</head><body><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" referrerpolicy="no-referrer"></body></html>
`;
	return new Response(body, {
		headers: {
			'content-type': 'text/html; charset=utf-8',
			'content-security-policy': policy,
			[OWN_POLICY_HEADER]: '1',
			'cache-control': 'private, max-age=3600'
		}
	});
}
