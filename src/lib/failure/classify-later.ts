/**
 * `classifyThrown` for code that runs with the first paint: the classifier and its tables load
 * when something has failed, not with the page. If they cannot load either (the app server is
 * gone and no service worker holds them), the failure is the app's own asset failure — still a
 * card with the one action that helps (reload), never silence.
 */
import { assetFailure } from './asset-load.ts';
import type { ThrownContext } from './classify-thrown.ts';
import type { Failure } from './types.ts';

export async function classifyThrownLater(
	error: unknown,
	context: ThrownContext = {}
): Promise<Failure> {
	try {
		const { classifyThrown } = await import('./classify-thrown.ts');
		return classifyThrown(error, context);
	} catch (loadError) {
		return assetFailure(loadError instanceof Error ? loadError.message : String(loadError));
	}
}
