import { kindForCode, type CodeStrength } from './kinds-by-code.ts';
import { kindForMessage } from './patterns.ts';
import { isGenericStatusKind, kindForStatus } from './status.ts';
import type { FailureKind } from './types.ts';

/** Everything the kind is decided from; shared by HTTP bodies and in-stream errors. */
export interface KindSignals {
	/** The effective HTTP status (the response's, or one named in the body); absent in a stream. */
	status?: number;
	codes: readonly string[];
	param?: string;
	/** The gateway's text (message, label, page title) for the pattern fallback. */
	text: string;
	/** The body carried a real message or code (not only a status text, HTML, or nothing). */
	explained: boolean;
	/** The body named a plan reset (`resets_in_seconds` / `resets_at`). */
	hasResetHint: boolean;
}

/** Pattern text is bounded: no real message is longer, and hostile bodies stay cheap. */
const PATTERN_TEXT_CAP = 4096;

function codeKind(codes: readonly string[], strength: CodeStrength): FailureKind | undefined {
	for (const code of codes) {
		const entry = kindForCode(code);
		if (entry?.strength === strength) return entry.kind;
	}
	return undefined;
}

/**
 * The decision order of docs/reference/failures.md: structured fields first, then the status,
 * then message patterns as a last resort — refined where statuses lie:
 * 1. a `strong` code (`insufficient_user_quota`, `upstream_error`, …) decides;
 * 2. a well-known message pattern (a retired model sent as `model_not_found`, a token whose quota is
 *    exhausted sent as 401, a thinking-block complaint sent as a bare 400);
 * 3. a `weak` code (`model_not_found`, `permission_error`);
 * 4. the status, unless it is generic and a `fallback` code (`invalid_request` on a 500) is more precise;
 * 5. nothing at all: `server_error` for an explicit in-stream error, else `unknown`.
 * A rate limit that names a plan reset is a `usage_limit`.
 */
export function resolveKind(signals: KindSignals): FailureKind {
	const kind = decide(signals);
	return kind === 'rate_limited' && signals.hasResetHint ? 'usage_limit' : kind;
}

function decide(signals: KindSignals): FailureKind {
	const strong = codeKind(signals.codes, 'strong');
	if (strong !== undefined) return strong;
	const text = signals.text.slice(0, PATTERN_TEXT_CAP);
	const byMessage = kindForMessage(text, signals.param ?? '');
	if (byMessage !== undefined) return byMessage;
	const weak = codeKind(signals.codes, 'weak');
	if (weak !== undefined) return weak;
	const fallback = codeKind(signals.codes, 'fallback');
	if (signals.status !== undefined) {
		const byStatus = kindForStatus(signals.status, signals.explained);
		return fallback !== undefined && isGenericStatusKind(byStatus) ? fallback : byStatus;
	}
	if (fallback !== undefined) return fallback;
	return signals.explained ? 'server_error' : 'unknown';
}
