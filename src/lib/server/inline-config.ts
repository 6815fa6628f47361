/**
 * Writes the public configuration into the page the server sends (src/lib/config/inline-config.ts
 * reads it back): exactly what `GET /api/config` answers, `toPublicConfig(serverConfig())`, so no
 * secret can reach the page this way that the route would not give it.
 */
import {
	INLINE_CONFIG_ID,
	INLINE_CONFIG_PLACEHOLDER,
	STORED_SHELL_HEADER
} from '../config/inline-config.ts';
import type { PublicConfig } from '../config/public-config.ts';

/**
 * JSON that stays data inside a `<script>` element: `<` (so no `</script>` or `<!--` can end or
 * change the element), `>` and `&` written as `\u003c`, `\u003e`, `\u0026`, which `JSON.parse`
 * reads back as the same characters.
 * @see https://html.spec.whatwg.org/multipage/scripting.html#restrictions-for-contents-of-script-elements
 */
function scriptSafeJson(value: unknown): string {
	return JSON.stringify(value).replace(
		/[<>&]/g,
		(character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
	);
}

/** The element that carries `config`. */
function inlineConfigElement(config: PublicConfig): string {
	return `<script type="application/json" id="${INLINE_CONFIG_ID}">${scriptSafeJson(config)}</script>`;
}

/**
 * `html` (one chunk of a page: the client-rendered shell is a single chunk) with the placeholder
 * replaced by the configuration; unchanged when it has no placeholder.
 */
export function withInlineConfig(html: string, config: PublicConfig): string {
	return html.replace(INLINE_CONFIG_PLACEHOLDER, () => inlineConfigElement(config));
}

/** Whether the page for `request` carries the configuration: not the shell the worker stores. */
export function inlinesConfig(request: Request): boolean {
	return !request.headers.has(STORED_SHELL_HEADER);
}
