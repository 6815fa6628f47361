/**
 * The code that sends a turn and reads its answer loads with the first turn, not with the page:
 * - the engine: turn-driver.ts and what it brings (the stream reader, the wire reducers, the
 *   classifier, compaction);
 * - the planner: turn-planner.ts and the request builders, which turn the settings into the
 *   request (AppState asks it for each turn).
 * The page starts loading both at the person's first interaction (app/first-interaction.ts), so
 * that a send waits for neither: on a first visit each would otherwise be a round trip between
 * the click on Send and the request (tests/e2e/start-up.spec.ts).
 */
import type * as TurnDriver from './turn-driver.ts';
import type * as TurnPlanner from './turn-planner.ts';

export type TurnEngine = typeof TurnDriver;

export function loadTurnEngine(): Promise<TurnEngine> {
	return import('./turn-driver.ts');
}

export function loadTurnPlanner(): Promise<typeof TurnPlanner> {
	return import('./turn-planner.ts');
}
