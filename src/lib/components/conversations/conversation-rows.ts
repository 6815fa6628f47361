/**
 * The conversation list's rows (ConversationRows.svelte: the windowed list, its keys, the undo of
 * a delete) load with the first conversation to list, or at the first interaction, not with the
 * page: a first visit's list is empty (bench:size). Once loaded they are at hand synchronously, so
 * the row of a first send's new conversation is drawn in the same frame as its messages.
 */
import { loadKept } from '../../app/load-once.ts';
import type ConversationRows from './ConversationRows.svelte';

const rows = loadKept(async () => (await import('./ConversationRows.svelte')).default);

export const loadConversationRows: () => Promise<typeof ConversationRows> = rows.load;
export const loadedConversationRows: () => typeof ConversationRows | null = rows.loaded;
