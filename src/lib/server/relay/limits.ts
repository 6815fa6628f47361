/**
 * The relay's limits. The body cap and the connect timeout are fixed (a deployment that needs
 * other numbers should say why in a change to this file); the two waits for the gateway are
 * configuration (RELAY_FIRST_BYTE_TIMEOUT, RELAY_IDLE_TIMEOUT), since how long a model may think
 * before it answers depends on the gateway.
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
 * handshake). Shorter than the browser's own connect timeout (30 s), so the person is told which
 * side failed.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Default wait for the response head once the request is sent. A streamed answer's head comes at
 * once; a non-streamed one from a reasoning model can take minutes (the OpenAI SDK waits 10).
 */
export const DEFAULT_FIRST_BYTE_TIMEOUT_SECONDS = 300;

/**
 * Default longest silence in the middle of a body. Gateways send keep-alive comments or events
 * every few seconds while a model thinks; the Codex CLI gives up on a stream after 300 s.
 */
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 300;
