/**
 * `ACCOUNT_CLAIM`: where the account id lives in the id token, written `<claim>.<field>`. The claim
 * name may itself contain dots (it is often a URL, e.g. `https://api.openai.com/auth`), so the
 * path splits at the LAST dot: `https://api.openai.com/auth.chatgpt_account_id` is the field
 * `chatgpt_account_id` of the claim object `https://api.openai.com/auth`. A path without a dot
 * names a top-level claim. Pure: used by the browser and by the token route.
 */
export interface ClaimPath {
	claim: string;
	/** `null`: the claim itself is the value. */
	field: string | null;
	/** The path as configured, also tried as one flat claim name. */
	path: string;
}

/** Longest account id accepted; it is sent as a header value. */
const MAX_ACCOUNT_ID_LENGTH = 256;
/** Visible ASCII: a header value that cannot smuggle CR, LF or NUL (RFC 9110 §5.5). */
const HEADER_SAFE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

export function parseClaimPath(path: string | null): ClaimPath | null {
	const trimmed = path?.trim() ?? '';
	if (trimmed === '') return null;
	const dot = trimmed.lastIndexOf('.');
	if (dot <= 0 || dot === trimmed.length - 1) return { claim: trimmed, field: null, path: trimmed };
	return { claim: trimmed.slice(0, dot), field: trimmed.slice(dot + 1), path: trimmed };
}

type Claims = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Claims {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function accountValue(value: unknown): string | null {
	const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
	return typeof text === 'string' && text.length <= MAX_ACCOUNT_ID_LENGTH && HEADER_SAFE.test(text)
		? text
		: null;
}

/**
 * The account id at `path` in `claims`: the nested field, else a flat claim spelled like the whole
 * path. `null` when absent or not usable as a header value.
 */
export function readAccountId(claims: Claims | null, path: ClaimPath | null): string | null {
	if (claims === null || path === null) return null;
	const container = claims[path.claim];
	const nested =
		path.field === null ? container : isRecord(container) ? container[path.field] : undefined;
	return accountValue(nested) ?? accountValue(claims[path.path]);
}

/** Only the part of `claims` that holds the account id, for keeping where space is short. */
export function accountClaimSubset(
	claims: Claims,
	path: ClaimPath | null
): Record<string, unknown> {
	if (path === null) return {};
	const container = claims[path.claim];
	if (path.field !== null && isRecord(container) && path.field in container) {
		return { [path.claim]: { [path.field]: container[path.field] } };
	}
	if (path.field === null && path.claim in claims) return { [path.claim]: container };
	return path.path in claims ? { [path.path]: claims[path.path] } : {};
}
