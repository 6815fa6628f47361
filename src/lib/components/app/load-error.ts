import type { LoadError } from '$lib/chat/app-state.svelte';
import { assertNever } from '$lib/failure/assert-never';
import type { CoreCatalogue } from '$lib/i18n/catalogue';

/** Why the app's configuration did not load, in the language of `words`. */
export function loadErrorText(error: LoadError | null, words: CoreCatalogue['appLoad']): string {
	if (error === null) return words.unreachable;
	switch (error.kind) {
		case 'offline':
			return words.offline;
		case 'status':
			return words.status(error.status);
		case 'invalid':
			return words.invalid;
		case 'unreachable':
			return words.unreachable;
		default:
			return assertNever(error, 'load error');
	}
}
