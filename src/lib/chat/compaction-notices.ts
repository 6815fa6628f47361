/**
 * The notices compaction (compaction.ts) leaves in a conversation, and which one a stored notice
 * is. Apart from compaction itself because showing a notice is part of the first paint and
 * compacting is not.
 *
 * A notice is stored as its English sentence (conversations saved before there were languages
 * hold these too): a marker, shown in the language of the moment (`noticeKind`).
 */
export const COMPACTION_NOTICE =
	'Earlier messages were summarised to fit the model’s context window. They are still here, but only the summary is sent.';
/** The first message of a conversation started from another's summary (its messages stay there). */
export const CARRIED_OVER_NOTICE =
	'This conversation carries on from a summary of an earlier one. Its messages are still in that conversation; only the summary is sent here.';
export const DROPPED_NOTICE =
	'Earlier messages were left out to fit the model’s context window (a summary could not be made). They are still here, but no longer sent.';

const NOTICES = {
	compacted: COMPACTION_NOTICE,
	carried_over: CARRIED_OVER_NOTICE,
	dropped: DROPPED_NOTICE
} as const;
export type NoticeKind = keyof typeof NOTICES;

/** Which notice a stored one is; `null` for any other text (shown as it is). */
export function noticeKind(notice: string): NoticeKind | null {
	for (const [kind, sentence] of Object.entries(NOTICES)) {
		if (sentence === notice) return kind as NoticeKind;
	}
	return null;
}
