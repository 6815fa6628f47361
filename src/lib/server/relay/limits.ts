/**
 * The relay's fixed limits. Like the token route's, they are not configuration: a deployment
 * that needs other numbers should say why in a change to this file.
 */

/**
 * Largest request body the relay forwards; a longer one is answered 413. The body is streamed,
 * never held, so this bounds abuse rather than memory. A request carries the whole conversation,
 * images included as data URLs, hence generous; the built-in demo gateway takes the same.
 * (adapter-node's BODY_SIZE_LIMIT applies first: it must be at least this for the cap to be ours.)
 */
export const MAX_REQUEST_BODY_BYTES = 32 * 1024 * 1024;

/**
 * How long the gateway has to accept the connection (DNS, TCP and, for https, the TLS
 * handshake). Once connected, no deadline: a long answer may take minutes before its first
 * byte, and the browser owns the idle timeout of a stream and cancels it when it gives up.
 * Shorter than the browser's own connect timeout (30 s), so the person is told which side failed.
 */
export const CONNECT_TIMEOUT_MS = 10_000;
