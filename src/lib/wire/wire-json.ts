/**
 * Reading untrusted JSON from the wire: every value is `unknown` until a reader below narrows it.
 * Readers never throw and never coerce (a numeric string is not a number).
 *
 * They take values, not keys: callers read `payload['delta']` themselves, so each property access
 * has its own call site and stays monomorphic for the payload shape it sees (a shared
 * `record[key]` site would see every key of every event type, and the hot path would slow down).
 */
export type WireRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is WireRecord {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asString(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

/** A non-negative integer (indices, token counts). */
export function asCount(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

export function asRecord(value: unknown): WireRecord | undefined {
	return isRecord(value) ? value : undefined;
}

export function asArray(value: unknown): readonly unknown[] | undefined {
	return Array.isArray(value) ? (value as readonly unknown[]) : undefined;
}

/** `JSON.parse` that answers `undefined` instead of throwing. */
export function parseJson(text: string): { value: unknown } | undefined {
	try {
		return { value: JSON.parse(text) as unknown };
	} catch {
		return undefined;
	}
}
