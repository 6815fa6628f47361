/**
 * ChatSession's way to send a planned turn: the gateway transport (src/lib/gateway/stream-turn.ts),
 * which adds the gateway header table at send, as GatewayClient.streamTurn does.
 */
export { streamTurn } from '../gateway/stream-turn.ts';
