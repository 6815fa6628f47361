/**
 * Retry hints, in milliseconds from the moment of classification (docs/reference/failures.md
 * "Retry hints"). Every parser returns undefined for anything it cannot read with certainty, and
 * never a negative or non-finite number.
 */

/** Hints beyond a week are nonsense (or a unit mix-up) and are ignored. */
export const MAX_HINT_MS = 7 * 24 * 60 * 60 * 1000;

function bounded(ms: number): number | undefined {
	if (!Number.isFinite(ms)) return undefined;
	const rounded = Math.max(0, Math.round(ms));
	return rounded <= MAX_HINT_MS ? rounded : undefined;
}

/**
 * `Retry-After` = HTTP-date / delay-seconds (RFC 9110 §10.2.3). A past date means "now" (0).
 * Fractional seconds are accepted leniently; anything else unreadable is ignored.
 */
export function parseRetryAfter(value: string, now: number): number | undefined {
	const trimmed = value.trim();
	if (/^\d+(?:\.\d+)?$/.test(trimmed)) return bounded(Number(trimmed) * 1000);
	if (!/[a-z]/i.test(trimmed)) return undefined;
	const date = Date.parse(trimmed);
	return Number.isNaN(date) ? undefined : bounded(date - now);
}

/** `retry-after-ms` (milliseconds; OpenAI and Anthropic SDKs) first, then `Retry-After`. */
export function retryAfterFromHeaders(headers: Headers, now: number): number | undefined {
	const ms = headers.get('retry-after-ms');
	if (ms !== null && /^\s*\d+(?:\.\d+)?\s*$/.test(ms)) {
		const parsed = bounded(Number(ms));
		if (parsed !== undefined) return parsed;
	}
	const after = headers.get('retry-after');
	return after === null ? undefined : parseRetryAfter(after, now);
}

const UNIT_MS: ReadonlyArray<[RegExp, number]> = [
	[/^(?:ms|msecs?|milliseconds?)$/i, 1],
	[/^(?:s|secs?|seconds?|秒|秒钟|秒鐘)$/i, 1000],
	[/^(?:m|mins?|minutes?|分|分钟|分鐘)$/i, 60_000],
	[/^(?:h|hrs?|hours?|小时|小時)$/i, 3_600_000]
];

/**
 * A Go-style or spoken duration: `11.054s`, `500ms`, `1m30s`, `2 minutes`, `6m0s`, `30 秒`.
 * Returns undefined unless the whole string is made of number+unit parts.
 */
export function parseDuration(text: string): number | undefined {
	const part =
		/(\d+(?:\.\d+)?)\s*(milliseconds?|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|秒钟|秒鐘|秒|分钟|分鐘|分|小时|小時)(?![a-z])/giy;
	let total = 0;
	let matched = false;
	let rest = text.trim();
	while (rest !== '') {
		part.lastIndex = 0;
		const match = part.exec(rest);
		if (match === null) break;
		const unit = UNIT_MS.find(([pattern]) => pattern.test(match[2] ?? ''));
		if (unit === undefined) return undefined;
		total += Number(match[1]) * unit[1];
		matched = true;
		rest = rest.slice(match[0].length).replace(/^[\s,]*(?:and\s+)?/i, '');
	}
	return matched ? bounded(total) : undefined;
}

/**
 * "Please try again in 11.054s", "retry after 20 seconds", "try again in 1m30s", "请在 30 秒后重试".
 * Only phrases that clearly announce a wait are read; a bare number is never taken as a delay.
 */
export function retryAfterFromText(text: string): number | undefined {
	const english =
		/\b(?:try again|retry|retrying)\s+(?:in|after)\s+((?:\d+(?:\.\d+)?\s*[a-z]+[\s,]*(?:and\s+)?)+)/i.exec(
			text
		);
	if (english?.[1] !== undefined) {
		const parsed = parseDuration(english[1].replace(/[.,\s]+$/, ''));
		if (parsed !== undefined) return parsed;
	}
	const chinese = /(\d+(?:\.\d+)?)\s*(秒钟|秒鐘|秒|分钟|分鐘|小时|小時)\s*(?:后|後|之后|之後)/.exec(
		text
	);
	if (chinese?.[1] !== undefined && chinese[2] !== undefined) {
		return parseDuration(`${chinese[1]}${chinese[2]}`);
	}
	return undefined;
}
