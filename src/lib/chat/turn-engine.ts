/**
 * The code that sends a turn and reads its answer — turn-driver.ts and what it brings: the stream
 * reader, the wire reducers, the classifier, compaction — loads with the first turn, not with the
 * page. The page starts loading it at the person's first interaction (app/first-interaction.ts),
 * so that a send seldom waits for it.
 */
export function loadTurnEngine(): Promise<typeof import('./turn-driver.ts')> {
	return import('./turn-driver.ts');
}
