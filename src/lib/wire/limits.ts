/**
 * Size and time caps of one streamed turn. Every cap is configurable per call; these are the
 * defaults. Sizes of single events are in UTF-16 code units (what the SSE parser buffers), the size
 * of a whole response in bytes (what the network delivers).
 */
export interface StreamLimits {
	/** Largest accepted `data` of one event: an image arrives base64-encoded in a single event. */
	maxEventChars: number;
	/** Largest accepted body; bytes after this cap are never parsed. */
	maxResponseBytes: number;
}

/** Default cap on one buffered event, in UTF-16 code units. */
export const DEFAULT_MAX_EVENT_SIZE = 32 * 1024 * 1024;

export const DEFAULT_LIMITS: StreamLimits = {
	maxEventChars: DEFAULT_MAX_EVENT_SIZE,
	maxResponseBytes: 256 * 1024 * 1024
};

/** Silence (not a byte, not even a keep-alive comment) after which a stream counts as stalled. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * How much of a body is kept while it has produced no event yet: enough to classify a JSON error
 * body or show the start of an HTML page, never the whole of a large wrong answer.
 */
export const SNIFF_CHARS = 64 * 1024;

export function resolveLimits(limits: Partial<StreamLimits> | undefined): StreamLimits {
	if (limits === undefined) return DEFAULT_LIMITS;
	return {
		maxEventChars: limits.maxEventChars ?? DEFAULT_LIMITS.maxEventChars,
		maxResponseBytes: limits.maxResponseBytes ?? DEFAULT_LIMITS.maxResponseBytes
	};
}
