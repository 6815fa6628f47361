import { isRecord } from './fields.ts';

/**
 * Token-bearing fields of OAuth 2.0 requests and responses (RFC 6749 §4.1.3, §5.1; RFC 7636 §4.5;
 * OpenID Connect Core §3.1.3.3). Their values never reach a message, a log, or `raw`.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
	'access_token',
	'refresh_token',
	'id_token',
	'code',
	'code_verifier',
	'client_secret',
	'assertion',
	'token',
	'device_code',
	'session_token'
]);

const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

/**
 * A copy of a JSON value with every secret field's value replaced, and secrets quoted inside strings
 * (`"refresh_token=… was already used"`) redacted too. `code` inside an `error` object is the error
 * code by that envelope's definition, and is kept.
 */
function redactValue(value: unknown, parentKey: string, depth: number): unknown {
	if (depth > MAX_DEPTH) return REDACTED;
	if (typeof value === 'string') return redactTokenText(value);
	if (Array.isArray(value)) return value.map((item) => redactValue(item, parentKey, depth + 1));
	if (!isRecord(value)) return value;
	const copy: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(value)) {
		const isErrorCode = key === 'code' && parentKey === 'error';
		copy[key] =
			SECRET_FIELDS.has(key.toLowerCase()) && !isErrorCode && field !== null
				? REDACTED
				: redactValue(field, key, depth + 1);
	}
	return copy;
}

/** Secret fields in text that is not (or not entirely) JSON: form-encoded pairs and JSON members. */
export function redactTokenText(text: string): string {
	const names = [...SECRET_FIELDS].join('|');
	return text
		.replace(new RegExp(`(^|[?&\\s;,])(${names})=[^&\\s;,]*`, 'gi'), `$1$2=${REDACTED}`)
		.replace(
			new RegExp(`("(?:${names})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*("|$)`, 'gi'),
			`$1"${REDACTED}"`
		);
}

/**
 * A token endpoint's body fit for the details view: JSON re-serialised with secret fields redacted,
 * anything else redacted textually.
 */
export function redactTokenBody(body: string): string {
	try {
		return JSON.stringify(redactValue(JSON.parse(body) as unknown, '', 0), null, 0);
	} catch {
		return redactTokenText(body);
	}
}

/** A URL without query, fragment or credentials: those can hold an authorization code or a secret. */
export function safeUrl(url: string): string {
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname}`;
	} catch {
		return url.split(/[?#]/, 1)[0] ?? '';
	}
}
