/** Messages between the page (highlight.ts) and the highlight worker (highlight-worker.ts). */
import type { HighlightRanges } from './hljs-dom.ts';

export interface HighlightRequest {
	id: number;
	text: string;
	/** A language registered in highlight-languages.ts. */
	language: string;
}

export interface HighlightReply {
	id: number;
	/** null: not highlighted (unknown language, or output that is not exactly the text). */
	highlight: HighlightRanges | null;
}
