/**
 * The shape every language implements: English's, in full (en.ts, en-messages.ts and
 * en-deferred.ts). A language
 * that misses a key, adds one, or gives a function other parameters does not type-check.
 */
import type { en } from './en.ts';
import type { enDeferred } from './en-deferred.ts';
import type { enMessages } from './en-messages.ts';

/** What the chat shows from its first paint. */
export type CoreCatalogue = typeof en;
/** What the parts loaded on first use show (failure card, settings panel, connection check). */
export type DeferredCatalogue = typeof enDeferred;
/** What the conversation's messages show (loaded with the message views). */
export type MessagesCatalogue = typeof enMessages;
export type Catalogue = CoreCatalogue & MessagesCatalogue & DeferredCatalogue;
