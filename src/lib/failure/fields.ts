import { validRequestId } from './request-id.ts';

/**
 * The structured fields of one JSON error value, whatever its envelope (docs/reference/failures.md
 * "Body shapes to detect"):
 * - `nested`: `{"error":{"code","message","type","param"}}` (OpenAI, new-api, one-api);
 * - `typed`: `{"type":"error","error":{"type","message"},"request_id"?}` (Anthropic);
 * - `flat`: `{"error":"<string>","type":"error"}`, `{"code":"…","message":"…"}`,
 *   `{"error":"Invalid request","message":"…"}`, OAuth `{"error","error_description"}`;
 * - `problem`: Cloudflare problem JSON (`title`, `status`, `error_code`, `error_name`, `retry_after`);
 * - `detail`: FastAPI `{"detail":"…"}`, `{"detail":{"code","message"}}` or `{"detail":[{"msg"}]}`.
 */
export type ErrorForm = 'nested' | 'typed' | 'flat' | 'problem' | 'detail';

export interface ErrorFields {
	form: ErrorForm;
	/** Code-like strings in order of preference (code, type, error_code, …), normalised; may be empty. */
	codes: string[];
	param?: string;
	/** The gateway's own human message, untouched (cleaned later). */
	message?: string;
	/** Secondary text worth matching patterns against (a flat `error` label, a problem `title`). */
	label?: string;
	/** An HTTP status named inside the body (a numeric `code`, a problem `status`). */
	statusHint?: number;
	requestId?: string;
	retryAfterSeconds?: number;
	resetsInSeconds?: number;
	/** `resets_at`, epoch seconds. */
	resetsAtSeconds?: number;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Values forks send for "no code": treated exactly like an absent field. */
const ABSENT = new Set(['', '<nil>', 'nil', 'null', 'none', 'undefined', '0']);

/**
 * A code-like field as a trimmed identifier; numbers become their decimal form; absent markers and
 * prose or URLs (a problem JSON `type`) vanish.
 */
export function normalizeCode(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const trimmed = value.trim();
	if (ABSENT.has(trimmed.toLowerCase())) return undefined;
	return /^[A-Za-z0-9_.:-]{1,100}$/.test(trimmed) ? trimmed : undefined;
}

function text(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const trimmed = value.trim();
	return trimmed === '' || trimmed === '<nil>' ? undefined : trimmed;
}

function finiteNumber(value: unknown): number | undefined {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

function httpStatus(value: unknown): number | undefined {
	const number = finiteNumber(value);
	return number !== undefined && Number.isInteger(number) && number >= 400 && number <= 599
		? number
		: undefined;
}

/** A string that reads like an identifier (`token_exchange_failed`), not like prose. */
function identifierLike(value: string): boolean {
	return /^[A-Za-z][A-Za-z0-9_.:-]{1,63}$/.test(value);
}

function formOf(root: Record<string, unknown>): ErrorForm | undefined {
	if (isRecord(root['error'])) return root['type'] === 'error' ? 'typed' : 'nested';
	if (typeof root['title'] === 'string' && ('error_code' in root || 'status' in root))
		return 'problem';
	if (typeof root['error'] === 'string' || text(root['message']) !== undefined) return 'flat';
	if (root['detail'] !== undefined && root['detail'] !== null) return 'detail';
	if (normalizeCode(root['code']) !== undefined || text(root['msg']) !== undefined) return 'flat';
	return undefined;
}

/** The `detail` member of a FastAPI-style body: a string, an object, or a validation list. */
function detailParts(detail: unknown): { message?: string; code?: unknown } {
	const message = text(detail);
	if (message !== undefined) return { message };
	const first = Array.isArray(detail) ? (detail[0] as unknown) : detail;
	if (!isRecord(first)) return {};
	const inner = text(first['message']) ?? text(first['msg']);
	return {
		...(inner === undefined ? {} : { message: inner }),
		code: first['code'] ?? first['type']
	};
}

/**
 * Reads one JSON error value. Returns undefined when the value carries nothing error-like (then the
 * status alone decides). Arrays are read through their first element (`[{"error":{…}}]`).
 */
export function readErrorFields(value: unknown): ErrorFields | undefined {
	if (typeof value === 'string') {
		const message = text(value);
		return message === undefined ? undefined : { form: 'flat', codes: [], message };
	}
	const root = Array.isArray(value) ? (value[0] as unknown) : value;
	if (!isRecord(root)) return undefined;
	const form = formOf(root);
	if (form === undefined) return undefined;

	const inner = isRecord(root['error']) ? root['error'] : {};
	const flatError = text(root['error']);
	const detail = detailParts(root['detail']);
	const codeSources: unknown[] = [
		inner['code'],
		inner['type'],
		inner['error_code'],
		inner['status'],
		root['code'],
		flatError !== undefined && identifierLike(flatError) ? flatError : undefined,
		root['error_code'],
		root['error_name'],
		root['type'],
		detail.code
	];
	const codes: string[] = [];
	for (const source of codeSources) {
		const code = normalizeCode(source);
		if (code !== undefined && !codes.includes(code)) codes.push(code);
	}

	const message =
		text(inner['message']) ??
		text(inner['msg']) ??
		text(root['message']) ??
		text(root['msg']) ??
		text(root['error_description']) ??
		detail.message ??
		(form === 'problem' ? text(root['title']) : undefined) ??
		flatError;
	const label = flatError ?? (form === 'problem' ? text(root['title']) : undefined);
	const statusHint =
		httpStatus(inner['code']) ??
		httpStatus(root['code']) ??
		httpStatus(root['status']) ??
		httpStatus(inner['status']) ??
		httpStatus(root['error_code']);
	const requestId = validRequestId(
		root['request_id'] ?? root['requestId'] ?? root['requestID'] ?? inner['request_id']
	);
	const param = text(inner['param']) ?? text(root['param']);
	const retryAfter = finiteNumber(root['retry_after'] ?? inner['retry_after']);
	const resetsIn = finiteNumber(inner['resets_in_seconds'] ?? root['resets_in_seconds']);
	const resetsAt = finiteNumber(inner['resets_at'] ?? root['resets_at']);

	return {
		form,
		codes,
		...(param === undefined ? {} : { param }),
		...(message === undefined ? {} : { message }),
		...(label === undefined || label === message ? {} : { label }),
		...(statusHint === undefined ? {} : { statusHint }),
		...(requestId === undefined ? {} : { requestId }),
		...(retryAfter === undefined || retryAfter < 0 ? {} : { retryAfterSeconds: retryAfter }),
		...(resetsIn === undefined || resetsIn < 0 ? {} : { resetsInSeconds: resetsIn }),
		...(resetsAt === undefined || resetsAt <= 0 ? {} : { resetsAtSeconds: resetsAt })
	};
}
