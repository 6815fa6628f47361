/**
 * Size caps of the markdown renderer. Every cap is a pure function of the text (never of time or
 * chunking), so a capped render is still the same whichever way the text arrived; what lies past a
 * cap degrades to escaped plain text, never to an error or a frozen tab.
 */
export const LIMITS = {
	/** Container nesting (block quotes, list items) deeper than this is read as plain text. */
	maxContainerDepth: 24,
	/** Inline nesting (emphasis, links) deeper than this is flattened to its text. */
	maxInlineDepth: 24,
	/** Open `[`/`![` at once; further brackets are literal text. */
	maxOpenBrackets: 128,
	/** A paragraph, heading or table cell longer than this is shown as plain text. */
	maxInlineChars: 48 * 1024,
	/** Table rows; lines after the cap end the table and read as paragraph text. */
	maxTableRows: 2000,
	/** Table columns kept; cells past the cap are dropped (GFM drops excess cells too). */
	maxTableColumns: 64,
	/**
	 * Cells per table segment: a table longer than one segment is laid out as several tables with
	 * the same fixed column widths, each skipping layout off-screen (see dom/table-view.ts).
	 */
	tableSegmentCells: 512,
	/** ... but never fewer rows than this per segment. */
	tableSegmentMinRows: 8,
	/** A column of a segmented table is at most this many characters wide (longer text wraps). */
	tableColumnMaxChars: 40,
	/** A table row line longer than this ends the table. */
	maxTableLineChars: 16 * 1024,
	/** Link reference definitions kept per message; later ones are hidden but define nothing. */
	maxLinkDefinitions: 10_000,
	/**
	 * An unfinished definition longer than this (a title left open, say) is shown as text while
	 * it streams, and counts only once its paragraph ends: no scan of a growing paragraph per line.
	 */
	maxPendingDefinitionChars: 4096,
	/** Markdown parsed per message; lines starting past this are shown as plain text. */
	maxMarkdownChars: 1024 * 1024,
	/** Plain text (code, degraded paragraphs, overflow) is laid out in chunks of at most this. */
	plainChunkChars: 8 * 1024,
	/** ... and of at most this many lines, so streaming into a big block relays out one chunk. */
	plainChunkLines: 64,
	/** Code longer than this is not highlighted. */
	maxHighlightChars: 32 * 1024,
	/** TeX longer than this (one formula or math block) is shown as its source, not typeset. */
	maxMathChars: 8 * 1024,
	/**
	 * Inline math still waiting for its closer is held back (not shown) while a paragraph streams,
	 * for at most this many characters; then it is text until it closes (`$5 and …` is currency).
	 */
	maxPendingMathChars: 64
} as const;
