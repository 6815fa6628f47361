/**
 * How long a turn waits (README "How long the app waits"). Their own module so that the page can
 * say them while it waits without loading the stream reader (stream-turn.ts), which loads with the
 * first turn.
 */

/** No response headers within this long: the attempt gives up. */
export const CONNECT_TIMEOUT_MS = 30_000;
/** Nothing on the stream for this long: the answer has stalled. */
export const IDLE_TIMEOUT_MS = 60_000;
