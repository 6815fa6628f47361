/**
 * The message list and every message view (MessageList.svelte, MessageRow.svelte and the prompt,
 * answer, notice, actions and editor views) load with the first message to show or at the first
 * interaction, not with the page (bench:size: an empty conversation's first paint carries none of
 * them). Once loaded they are at hand synchronously, so a list mounted later (the first send, back
 * from the connection check) paints its messages in its first frame.
 */
import { loadKept } from '../../app/load-once.ts';
import type MessageList from './MessageList.svelte';

const views = loadKept(async () => (await import('./MessageList.svelte')).default);

export const loadMessageViews: () => Promise<typeof MessageList> = views.load;
export const loadedMessageViews: () => typeof MessageList | null = views.loaded;
