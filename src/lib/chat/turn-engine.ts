/**
 * The code that sends a turn and reads its answer loads with the first turn, not with the page:
 * - the engine: turn-driver.ts and what it brings (the stream reader, the wire reducers, the
 *   classifier, compaction);
 * - the planner: turn-planner.ts and the request builders, which turn the settings into the
 *   request (AppState asks it for each turn).
 * The page starts loading both at the person's first interaction (app/first-interaction.ts), so
 * that a send waits for neither: on a first visit each would otherwise be a round trip between
 * the click on Send and the request (tests/e2e/start-up.spec.ts).
 *
 * Each loader keeps its promise (app/load-once.ts): between the click and the request, every
 * `import()` asked again would be a task's wait behind the page's rendering.
 */
import { loadOnce } from '../app/load-once.ts';
import type * as TurnDriver from './turn-driver.ts';
import type * as TurnPlanner from './turn-planner.ts';

export type TurnEngine = typeof TurnDriver;

export const loadTurnEngine: () => Promise<TurnEngine> = loadOnce(() => import('./turn-driver.ts'));

export const loadTurnPlanner: () => Promise<typeof TurnPlanner> = loadOnce(
	() => import('./turn-planner.ts')
);
