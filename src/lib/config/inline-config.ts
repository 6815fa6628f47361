/**
 * The public configuration inlined into the page (issue 18: a cold start waits for no
 * `GET /api/config` round trip). The server writes it into every page it serves
 * (src/lib/server/inline-config.ts) as a non-executable `<script type="application/json">` — the
 * Content-Security-Policy's `script-src` governs only scripts the browser runs, so it needs no
 * nonce — and the chat page reads it back here, validated like the route's answer. Where it is
 * absent (static hosting, the shell the service worker stored) the page fetches `/api/config`.
 * @see https://html.spec.whatwg.org/multipage/scripting.html#data-block
 */
import { parsePublicConfig, type PublicConfig } from './public-config.ts';

/** The id of the element that carries the configuration. */
export const INLINE_CONFIG_ID = 'switchboard-config';

/** Where in src/app.html the server puts it (a comment: static hosting leaves nothing visible). */
export const INLINE_CONFIG_PLACEHOLDER = '<!-- switchboard:config -->';

/**
 * The header the service worker sends when it stores the shell at install: the server then
 * inlines nothing, so the stored shell — which stands in for the page only when the network
 * cannot be reached, maybe long after — never carries a configuration that may have changed since.
 */
export const STORED_SHELL_HEADER = 'x-switchboard-stored-shell';

/**
 * The configuration this page was served with, validated; `null` when the page carries none or
 * carries something that is not one (the caller then asks `/api/config`).
 */
export function readInlineConfig(document: Pick<Document, 'getElementById'>): PublicConfig | null {
	const text = document.getElementById(INLINE_CONFIG_ID)?.textContent;
	if (text === undefined || text === null || text === '') return null;
	try {
		return parsePublicConfig(JSON.parse(text));
	} catch {
		return null;
	}
}
