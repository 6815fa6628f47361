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
 * Each loader keeps its promise once asked: a second `import()` of a module already loaded still
 * resolves a task later, and between the click and the request every such hop lets the page's
 * rendering run first. A load that fails is forgotten, so the next turn tries again (a deployment
 * replaced the chunk; the reload on the failure card fixes it).
 */
import type * as TurnDriver from './turn-driver.ts';
import type * as TurnPlanner from './turn-planner.ts';

export type TurnEngine = typeof TurnDriver;

let engine: Promise<TurnEngine> | undefined;
let planner: Promise<typeof TurnPlanner> | undefined;

export function loadTurnEngine(): Promise<TurnEngine> {
	engine ??= import('./turn-driver.ts').catch((error: unknown) => {
		engine = undefined;
		throw error;
	});
	return engine;
}

export function loadTurnPlanner(): Promise<typeof TurnPlanner> {
	planner ??= import('./turn-planner.ts').catch((error: unknown) => {
		planner = undefined;
		throw error;
	});
	return planner;
}
