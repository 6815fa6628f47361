/**
 * The contract of docs/ARCHITECTURE.md ("Contracts"): a response body of `route` → the whole
 * Turn, once it ended. `readTurn` without a listener.
 */
import { readTurn } from './read-turn.ts';
import type { RouteKind } from './route-kind.ts';
import type { Turn } from './turn-events.ts';

export interface CollectTurnOptions {
	signal?: AbortSignal;
	idleTimeoutMs?: number;
}

export function collectTurn(
	route: RouteKind,
	body: ReadableStream<Uint8Array>,
	options: CollectTurnOptions = {}
): Promise<Turn> {
	return readTurn(route, body, options);
}
