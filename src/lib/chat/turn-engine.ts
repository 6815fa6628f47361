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
