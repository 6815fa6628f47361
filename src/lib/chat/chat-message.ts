/**
 * A message as the chat holds it: the stored record plus what only matters on screen while the
 * page is open (an image preview still being generated, why a retry waits for the person).
 */
import type { RetryReason } from '../failure/index.ts';
import type { TurnImage } from '../wire/index.ts';
import type { MessageRecord, StoredImage } from './storage/records.ts';

/**
 * Why the app does not send a failed turn again by itself: the retry policy's reason, or a
 * conversation still too large after its one compaction. Said by the failure card.
 */
export type RetryNote = RetryReason | { kind: 'still_too_large' };

export interface ChatMessage extends MessageRecord {
	/** The latest preview of an image still being generated. */
	partialImage?: StoredImage;
	/** Why the app does not retry this failure by itself, when it offers a retry anyway. */
	retryNote?: RetryNote;
}

const IMAGE_TYPES = ['image/png', 'image/webp', 'image/jpeg'] as const;

/** The wire only yields these three types; anything else is not kept. */
export function storedImage(image: TurnImage): StoredImage | null {
	const mimeType = IMAGE_TYPES.find((type) => type === image.mimeType);
	return mimeType === undefined ? null : { mimeType, base64: image.base64 };
}

/** What goes to storage: the record without the screen-only fields. */
export function toRecord(message: ChatMessage): MessageRecord {
	const { partialImage, retryNote, ...record } = message;
	return record;
}

/**
 * The title of a conversation nobody has named yet (its first prompt names it). Stored as it is:
 * a marker, never shown as such (see `shownTitle`).
 */
export const DEFAULT_TITLE = 'New conversation';

/** A title as shown: the default one in the language shown (`untitled`), any other as it is. */
export function shownTitle(title: string, untitled: string): string {
	return title === DEFAULT_TITLE ? untitled : title;
}

/** A title from the first prompt: its first line, shortened. */
export function titleFrom(prompt: string): string {
	const line =
		prompt
			.replace(/#scenario:\S+/g, '')
			.trim()
			.split('\n')[0]
			?.trim() ?? '';
	if (line === '') return DEFAULT_TITLE;
	return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
