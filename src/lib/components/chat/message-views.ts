/**
 * The message views (MessageRow.svelte and the prompt, answer, notice, actions and editor views it
 * shows) load with the first message to show or at the first interaction, not with the page.
 * Once loaded they are at hand synchronously, so a list mounted later (back from the connection
 * check) paints its messages in its first frame.
 */
import type MessageRow from './MessageRow.svelte';

let loaded: typeof MessageRow | null = null;

export function loadedMessageViews(): typeof MessageRow | null {
	return loaded;
}

export async function loadMessageViews(): Promise<typeof MessageRow> {
	loaded ??= (await import('./MessageRow.svelte')).default;
	return loaded;
}
