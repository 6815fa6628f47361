/**
 * The authorization server's error bodies, made fit for the browser: no credential in them may
 * pass, whatever their depth or format. Safe before pretty — when a value cannot be told apart
 * from a credential, it is replaced; when a body cannot be checked, it is withheld.
 *
 * - JSON: walked member by member; a credential-named member's value is replaced at any depth, and
 *   a body nested deeper than {@link MAX_JSON_DEPTH} is withheld whole (only its error code kept).
 * - HTML (by type or by look): only the page's title or first heading is kept, as plain text.
 * - Anything else (plain text, a form or query string): credential-named `name=value`,
 *   `name: "value"` and `"name":"value"` pairs have their value replaced.
 * - Everywhere: the values this route itself sent (code, verifier, refresh token), JWTs and
 *   `Bearer …` credentials are replaced wherever they appear, in prose too.
 *
 * @see RFC 6749 §5.2 (error response), RFC 9700 §4.14 (refresh token protection)
 */
import { leadingJsonValue, parseBody } from '../../failure/body-shape.ts';

const REDACTED = '[redacted]';

/** Deeper JSON is withheld rather than walked (an OAuth error is one or two levels deep). */
const MAX_JSON_DEPTH = 32;

/** Sent values shorter than this are not searched for in prose (they would match everywhere). */
const MIN_KNOWN_VALUE_LENGTH = 6;

/**
 * Credential names, compared in {@link normalName} form. Exact names: an authorization or device
 * code (RFC 6749 §4.1.3, RFC 8628 §3.4) and other credentials with no telling suffix.
 */
const SECRET_NAMES: ReadonlySet<string> = new Set([
	'code',
	'authcode',
	'authorizationcode',
	'devicecode',
	'usercode',
	'jwt',
	'authorization',
	'cookie',
	'setcookie',
	'sessionid'
]);

/**
 * Suffixes that make a name a credential: `access_token`, `refresh_token`, `id_token`,
 * `subject_token` (RFC 8693), `client_secret`, `code_verifier` (RFC 7636), `assertion` and
 * `client_assertion` (RFC 7521), passwords and keys.
 */
const SECRET_SUFFIXES: readonly string[] = [
	'token',
	'tokens',
	'secret',
	'password',
	'passwd',
	'assertion',
	'verifier',
	'apikey',
	'privatekey',
	'credential',
	'credentials'
];

/** A name without case, separators or percent-encoding: `Refresh-Token`, `refresh%5Ftoken` → `refreshtoken`. */
function normalName(name: string): string {
	let decoded = name;
	try {
		decoded = decodeURIComponent(name);
	} catch {
		// A stray `%`: compare the name as written.
	}
	return decoded.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function isSecretName(name: string): boolean {
	const normal = normalName(name);
	return SECRET_NAMES.has(normal) || SECRET_SUFFIXES.some((suffix) => normal.endsWith(suffix));
}

/** The forms a sent value can take when echoed: as is, URL-encoded, form-encoded, JSON-escaped. */
function echoForms(values: readonly string[]): string[] {
	const forms = new Set<string>();
	for (const value of values) {
		if (value.length < MIN_KNOWN_VALUE_LENGTH) continue;
		forms.add(value);
		forms.add(encodeURIComponent(value));
		forms.add(new URLSearchParams({ v: value }).toString().slice(2));
		forms.add(JSON.stringify(value).slice(1, -1));
	}
	// Longest first, so that no form is left half-replaced by a shorter one inside it.
	return [...forms].sort((a, b) => b.length - a.length);
}

/** A credential-looking name, then its closing quote if quoted, then `=`, `:` or `=>`. */
const NAME_AND_SEPARATOR =
	/(?<![A-Za-z0-9_%.-])([A-Za-z%][A-Za-z0-9_%.-]{0,80})(\\?["']|&quot;)?\s*(?:=>|[:=])\s*/g;

/** Where the value starting at `start` ends, and what stands in for it (same quoting). */
function valueAt(text: string, start: number): { end: number; replacement: string } | null {
	const quoted = (open: string, close: string, from: number) => {
		const closing = text.indexOf(close, from);
		return {
			end: closing < 0 ? text.length : closing + close.length,
			replacement: `${open}${REDACTED}${close}`
		};
	};
	if (text.startsWith('\\"', start)) return quoted('\\"', '\\"', start + 2);
	if (text.startsWith('&quot;', start)) return quoted('&quot;', '&quot;', start + 6);
	if (text.startsWith("'", start)) return quoted("'", "'", start + 1);
	if (text.startsWith('"', start)) {
		let index = start + 1;
		while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
		return { end: Math.min(index + 1, text.length), replacement: `"${REDACTED}"` };
	}
	if (text[start] === '{' || text[start] === '[') {
		// A structure whose end cannot be found reliably outside JSON: the rest of the line goes.
		const lineEnd = text.slice(start).search(/[\r\n]/);
		return { end: lineEnd < 0 ? text.length : start + lineEnd, replacement: REDACTED };
	}
	const run = /[^\s&;,<>"'(){}[\]\\]+/y;
	run.lastIndex = start;
	return run.exec(text) === null ? null : { end: run.lastIndex, replacement: REDACTED };
}

/** Every credential-named pair's value replaced, in any of the usual notations. */
function redactPairs(text: string): string {
	let output = '';
	let copiedUpTo = 0;
	for (const match of text.matchAll(NAME_AND_SEPARATOR)) {
		const [whole, name = ''] = match;
		if (match.index < copiedUpTo || !isSecretName(name)) continue;
		const valueStart = match.index + whole.length;
		const value = valueAt(text, valueStart);
		if (value === null) continue;
		output += text.slice(copiedUpTo, valueStart) + value.replacement;
		copiedUpTo = value.end;
	}
	return output + text.slice(copiedUpTo);
}

/** Text with every credential this module can recognise replaced. */
function redactText(text: string, echoes: readonly string[]): string {
	let result = text;
	for (const echo of echoes) result = result.split(echo).join(REDACTED);
	result = result
		// A JWT (RFC 7519 §3): base64url of `{"` starts both header and payload.
		.replace(/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g, REDACTED)
		// An HTTP credential echoed from a header (RFC 9110 §11.4).
		.replace(/\b(Bearer|Basic|DPoP)(\s+)[A-Za-z0-9._~+/=-]+/gi, `$1$2${REDACTED}`);
	return redactPairs(result);
}

class TooDeep extends Error {}

function redactJson(
	value: unknown,
	parentKey: string,
	depth: number,
	text: (input: string) => string
): unknown {
	if (depth > MAX_JSON_DEPTH) throw new TooDeep();
	if (typeof value === 'string') return text(value);
	if (Array.isArray(value)) {
		return value.map((item: unknown) => redactJson(item, parentKey, depth + 1, text));
	}
	if (typeof value !== 'object' || value === null) return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, field]: [string, unknown]) => {
			// `{"error": {"code": …}}` is the error's code by that envelope's definition, and a
			// numeric `code` a status: neither is an authorization code, which is a string.
			const errorCode =
				normalName(key) === 'code' &&
				(typeof field === 'number' ||
					(typeof field === 'string' && normalName(parentKey) === 'error'));
			const secret = isSecretName(key) && !errorCode && field !== null;
			return [text(key), secret ? REDACTED : redactJson(field, key, depth + 1, text)];
		})
	);
}

/** What stands in for a JSON body that cannot be checked: its OAuth error code, if it has one. */
function withheldJson(value: unknown, text: (input: string) => string): string {
	const root: unknown = Array.isArray(value) ? value[0] : value;
	const error =
		typeof root === 'object' && root !== null
			? (root as Record<string, unknown>)['error']
			: undefined;
	const nested =
		typeof error === 'object' && error !== null
			? (error as Record<string, unknown>)['code']
			: error;
	const code =
		typeof nested === 'string' && /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/.test(nested)
			? text(nested)
			: undefined;
	return JSON.stringify({
		...(code === undefined || code.includes(REDACTED) ? {} : { error: code }),
		error_description:
			"The sign-in server's error was withheld: it could not be checked for tokens."
	});
}

function parseJsonLike(body: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(body) as unknown };
	} catch {
		const leading = leadingJsonValue(body.trim());
		return leading === undefined ? { ok: false } : { ok: true, value: leading };
	}
}

interface RedactedBody {
	contentType: 'application/json' | 'text/plain; charset=utf-8';
	text: string;
}

/**
 * `body` (an error answer of the token endpoint, with its `contentType`) as the browser may see
 * it. `sent` are the credentials this request carried upstream: echoed back, they are replaced
 * wherever they appear.
 */
export function redactErrorBody(
	contentType: string,
	body: string,
	sent: readonly string[]
): RedactedBody {
	const echoes = echoForms(sent);
	const text = (input: string) => redactText(input, echoes);
	const trimmed = body.replace(/^\ufeff/, '').trim();
	if (/\bjson\b/i.test(contentType) || /^[{[]/.test(trimmed)) {
		const parsed = parseJsonLike(trimmed);
		if (!parsed.ok) return { contentType: 'application/json', text: withheldJson(null, text) };
		try {
			return {
				contentType: 'application/json',
				text: JSON.stringify(redactJson(parsed.value, '', 0, text))
			};
		} catch (error) {
			if (!(error instanceof TooDeep)) throw error;
			return { contentType: 'application/json', text: withheldJson(parsed.value, text) };
		}
	}
	const plain = 'text/plain; charset=utf-8';
	if (/html|xml/i.test(contentType) || /<[a-z!?/]/i.test(trimmed)) {
		// Markup can hold a credential in any attribute or element, or pair a name and a value
		// in neighbouring cells: keep only a page's headline, and of other text with tags, nothing.
		const { shape, text: headline } = parseBody(trimmed);
		return { contentType: plain, text: shape === 'html' ? text(headline) : '' };
	}
	return { contentType: plain, text: text(body) };
}
