/**
 * The message list and every message view (MessageList.svelte, MessageRow.svelte and the prompt,
 * answer, notice, actions and editor views) load with the first message to show or at the first
 * interaction, not with the page (bench:size: an empty conversation's first paint carries none of
 * them). Once loaded they are at hand synchronously, so a list mounted later (the first send, back
 * from the connection check) paints its messages in its first frame.
 */
import type MessageList from './MessageList.svelte';

let loaded: typeof MessageList | null = null;

export function loadedMessageViews(): typeof MessageList | null {
	return loaded;
}

export async function loadMessageViews(): Promise<typeof MessageList> {
	loaded ??= (await import('./MessageList.svelte')).default;
	return loaded;
}
