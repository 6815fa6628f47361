/**
 * The shape every language implements: English's, in full (en.ts and en-deferred.ts). A language
 * that misses a key, adds one, or gives a function other parameters does not type-check.
 */
import type { en } from './en.ts';
import type { enDeferred } from './en-deferred.ts';

/** What the chat shows from its first paint. */
export type CoreCatalogue = typeof en;
/** What the parts loaded on first use show (failure card, settings panel, connection check). */
export type DeferredCatalogue = typeof enDeferred;
export type Catalogue = CoreCatalogue & DeferredCatalogue;
