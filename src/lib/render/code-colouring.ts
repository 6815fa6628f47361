/**
 * Colouring highlighted code into the page, in idle time (highlight.ts asks for the highlights).
 * Each step applies one block's answer to at most one plain chunk (`LIMITS.plainChunkChars`), so
 * colouring a big block is never one long task: the coloured spans go before the chunk's plain
 * text node, which is trimmed by as many characters and is still the one the code view appends
 * to. Text is replaced only while it still shows exactly what was highlighted and no selection
 * touches its chunk; the plain text stays until then, character for character the same as the
 * coloured text after. `code.hljs` is set once a final block is coloured to its end.
 */
import { highlightedNodes, type HighlightRanges } from './hljs-dom.ts';

/** Time an idle period must still have for one more step to be taken in it. */
const SLICE_MS = 3;
/** How long a chunk under the person's selection waits before it is tried again. */
const SELECTION_RETRY_MS = 500;

/** Runs `callback` when the page is next idle (within 2 s); where that cannot be asked, soon. */
export function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
	if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
	else setTimeout(callback, 50);
}

/**
 * A block being coloured. `text`/`highlight` is the longest text highlighted so far; the text
 * before `coloured` is shown coloured, and chunk `index` of the <code> holds offset `coloured`.
 */
export interface Colouring {
	code: HTMLElement;
	text: string;
	highlight: HighlightRanges;
	index: number;
	coloured: number;
	/** Whether `text` is the block's whole text. */
	final: boolean;
}

/** What the queue reads and marks of a block (highlight.ts's record of it). */
export interface ColouredBlock {
	colouring: Colouring | null;
	/** In the queue, or waiting for a selection to go. */
	queued: boolean;
	/** Given up for good: the block changed under us, left the page or grew too big. */
	abandoned: boolean;
}

/** The page's blocks waiting to be coloured, taken a step at a time in idle periods. */
export class ColouringQueue {
	readonly #queue: { code: HTMLElement; block: ColouredBlock }[] = [];
	#scheduled = false;
	/**
	 * Whether the person may have something selected. Every read of the selection makes Chromium
	 * bring style and layout up to date (300 reads, each after a DOM change: 3 s, against 1 ms
	 * without them), and colouring changes the DOM at every step: so the selection is read once per
	 * idle slice, and only when a `selectionchange` came since it was last seen collapsed.
	 */
	#selectionMayExist = true;
	#watchingSelection = false;

	/** Colours the block's answer from where it stands, unless it is already waiting its turn. */
	enqueue(code: HTMLElement, block: ColouredBlock): void {
		if (block.queued) return;
		block.queued = true;
		this.#queue.push({ code, block });
		this.#watchSelection(code.ownerDocument);
		if (this.#scheduled) return;
		this.#scheduled = true;
		whenIdle((deadline) => this.#colourInIdle(deadline));
	}

	/** Takes steps while the idle period lasts (at least one, so a busy page still progresses). */
	#colourInIdle(deadline?: IdleDeadline): void {
		this.#scheduled = false;
		const doc = this.#queue[0]?.code.ownerDocument;
		const selected = doc === undefined ? [] : this.#selectedRanges(doc);
		let first = true;
		while (this.#queue.length > 0 && (first || (deadline?.timeRemaining() ?? 0) > SLICE_MS)) {
			first = false;
			const next = this.#queue[0];
			if (next === undefined) break;
			const { code, block } = next;
			const step = block.colouring === null ? 'waiting' : colourStep(block.colouring, selected);
			if (step === 'more') continue;
			this.#queue.shift();
			block.queued = false;
			if (step === 'gone') block.abandoned = true;
			else if (step === 'selected') {
				block.queued = true;
				setTimeout(() => {
					block.queued = false;
					this.enqueue(code, block);
				}, SELECTION_RETRY_MS);
			}
		}
		if (this.#queue.length > 0 && !this.#scheduled) {
			this.#scheduled = true;
			whenIdle((idle) => this.#colourInIdle(idle));
		}
	}

	#watchSelection(doc: Document): void {
		if (this.#watchingSelection) return;
		this.#watchingSelection = true;
		doc.addEventListener('selectionchange', () => (this.#selectionMayExist = true), {
			passive: true
		});
	}

	#selectedRanges(doc: Document): readonly Range[] {
		if (!this.#selectionMayExist) return [];
		const ranges = selectedRanges(doc);
		if (ranges.length === 0) this.#selectionMayExist = false;
		return ranges;
	}
}

/**
 * Colours the next stretch of the block, at most the rest of one chunk: 'more' when something
 * was coloured or passed and more may follow, 'waiting' when all that was highlighted is
 * coloured (a later answer goes on), 'gone' when the block changed or left the page (it is left as
 * it is), 'selected' when the person's selection (`selected`: its ranges) touches the chunk.
 *
 * A chunk is a `span.md-chunk` whose last child is its plain text node (plain-text.ts); what is
 * coloured goes before that node, which loses as many characters from its start.
 */
export function colourStep(
	block: Colouring,
	selected: readonly Range[] = selectedRanges(block.code.ownerDocument)
): 'more' | 'waiting' | 'gone' | 'selected' {
	const { code, text, highlight } = block;
	if (!code.isConnected) return 'gone';
	const chunk = code.childNodes[block.index];
	if (!(chunk instanceof HTMLElement) || !chunk.classList.contains('md-chunk')) {
		// Past the last chunk: finished if this was all of the text (else its tail is still coming).
		if (block.final && block.coloured === text.length) {
			code.classList.add('hljs');
			return 'waiting';
		}
		return chunk === undefined || chunk.nodeType === Node.TEXT_NODE ? 'waiting' : 'gone';
	}
	const plain = chunk.lastChild;
	if (plain === null || plain.nodeType !== Node.TEXT_NODE) return 'gone';
	const shown = (plain as Text).data;
	const length = Math.min(shown.length, text.length - block.coloured);
	if (!text.startsWith(shown.slice(0, length), block.coloured)) return 'gone';
	if (length === 0) {
		// This chunk is coloured as far as the text goes: on to the next one, if there is one.
		const next = chunk.nextSibling;
		if (shown === '' && next instanceof HTMLElement && next.classList.contains('md-chunk')) {
			block.index++;
			return 'more';
		}
		if (shown === '' && block.final && block.coloured === text.length) {
			block.index++;
			return 'more';
		}
		return 'waiting';
	}
	if (selected.some((range) => range.intersectsNode(chunk))) return 'selected';
	const from = block.coloured;
	const to = from + length;
	chunk.insertBefore(highlightedNodes(code.ownerDocument, text, highlight, from, to), plain);
	(plain as Text).deleteData(0, length);
	block.coloured = to;
	return 'more';
}

/** The ranges the person has selected; none when the selection is collapsed. Reading forces layout. */
function selectedRanges(doc: Document): Range[] {
	const selection = doc.getSelection();
	if (selection === null || selection.isCollapsed) return [];
	return Array.from({ length: selection.rangeCount }, (_, index) => selection.getRangeAt(index));
}
