import { messageOf, nameOf } from './errors.ts';
import { ENGLISH_ASSET_FAILED } from './own-sentence.ts';
import type { Failure } from './types.ts';

/**
 * A chunk of the app's own code failed to load (a deploy replaced it, or the network dropped):
 * Chromium "Failed to fetch dynamically imported module: …", Firefox "error loading dynamically
 * imported module", Safari "Importing a module script failed.", Vite "Unable to preload CSS for …",
 * webpack `ChunkLoadError` / "Loading chunk 12 failed". Checked before fetch failures, since the
 * Chromium message also starts with "Failed to fetch".
 */
const ASSET_LOAD =
	/failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|loading (?:css )?chunk [\w-]+ failed/i;

export function isAssetLoadError(error: unknown): boolean {
	const name = nameOf(error);
	return name === 'ChunkLoadError' || ASSET_LOAD.test(messageOf(error));
}

export function assetFailure(raw: string): Failure {
	return {
		kind: 'asset_timeout',
		// own({ kind: 'asset_failed' }), without the English table (own-sentence.ts says why).
		message: ENGLISH_ASSET_FAILED,
		said: { kind: 'asset_failed' },
		raw
	};
}
