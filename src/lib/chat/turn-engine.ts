/**
 * The code that sends a turn and reads its answer — turn-driver.ts and what it brings: the stream
 * reader, the wire reducers, the classifier, compaction — loads with the first turn, not with the
 * page. The page starts loading it at the person's first interaction (app/first-interaction.ts),
 * so that a send seldom waits for it.
 */
import type * as TurnDriver from './turn-driver.ts';

export type TurnEngine = typeof TurnDriver;

export function loadTurnEngine(): Promise<TurnEngine> {
	return import('./turn-driver.ts');
}

/**
 * Everything a first send loads, fetched ahead (the page calls it at the first interaction): the
 * engine, the request planner (AppState's turn target imports it) and the transport
 * (GatewayClient imports it), so that the send waits for none of them — on a slow link each one
 * left to the send would cost it a round trip.
 */
export function preloadFirstTurn(): Promise<unknown> {
	return Promise.all([
		loadTurnEngine(),
		import('./turn-planner.ts'),
		import('../gateway/stream-turn.ts')
	]);
}
