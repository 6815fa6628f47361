/**
 * Code highlighting, off the main thread: only a closed code block is highlighted, only in a
 * language of the set in highlight-languages.ts, only up to `LIMITS.maxHighlightChars`. highlight.js
 * runs in a worker (highlight-worker.ts, created when the first such block closes, so neither it
 * nor highlight.js is part of the page's first load) and answers with scope ranges, not markup.
 * The page then colours the block one plain chunk at a time in idle periods (a chunk is at most
 * `LIMITS.plainChunkChars`), so applying a big block is never one long task. A chunk is replaced
 * only while it still shows exactly the text that was highlighted and no selection touches it; the
 * plain text stays until then, character for character the same as the coloured text after.
 * If the worker cannot start or load, highlight.js is imported on the main thread and run in idle
 * time instead; if that fails too, the code stays plain.
 */
import { LIMITS } from './core/limits.ts';
import type * as HighlightLanguages from './highlight-languages.ts';
import type { HighlightReply, HighlightRequest } from './highlight-worker-protocol.ts';
import { highlightedNodes, validRanges, type HighlightRanges } from './hljs-dom.ts';

/** Language names and aliases (as written after ```) → the registered language. */
const ALIASES: Record<string, string> = {
	bash: 'bash',
	sh: 'bash',
	shell: 'bash',
	zsh: 'bash',
	console: 'bash',
	css: 'css',
	diff: 'diff',
	patch: 'diff',
	go: 'go',
	golang: 'go',
	javascript: 'javascript',
	js: 'javascript',
	jsx: 'javascript',
	mjs: 'javascript',
	cjs: 'javascript',
	json: 'json',
	jsonc: 'json',
	python: 'python',
	py: 'python',
	rust: 'rust',
	rs: 'rust',
	sql: 'sql',
	typescript: 'typescript',
	ts: 'typescript',
	tsx: 'typescript',
	xml: 'xml',
	html: 'xml',
	svg: 'xml',
	svelte: 'xml',
	vue: 'xml',
	yaml: 'yaml',
	yml: 'yaml'
};

type Languages = typeof HighlightLanguages;
type Resolve = (highlight: HighlightRanges | null) => void;

/** The worker: not started yet (undefined), running, or failed for good (null). */
let worker: Worker | null | undefined;
const pending = new Map<number, { request: HighlightRequest; resolve: Resolve }>();
let nextId = 0;
let languages: Promise<Languages> | null = null;

/** Time an idle period must still have for one more chunk to be applied in it. */
const SLICE_MS = 3;
/** How long a chunk under the person's selection waits before it is tried again. */
const SELECTION_RETRY_MS = 500;

function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
	if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
	else setTimeout(callback, 50);
}

function startWorker(): Worker | null {
	if (typeof Worker !== 'function') return null;
	try {
		const started = new Worker(new URL('./highlight-worker.ts', import.meta.url), {
			type: 'module',
			name: 'highlight'
		});
		started.addEventListener('message', ({ data }: MessageEvent<HighlightReply>) => {
			const job = pending.get(data.id);
			pending.delete(data.id);
			job?.resolve(data.highlight);
		});
		// The script could not load (offline, blocked, a chunk missing) or the worker failed.
		started.addEventListener('error', (event) => {
			event.preventDefault();
			workerFailed();
		});
		return started;
	} catch {
		return null;
	}
}

/** Every request still waiting is done on the main thread instead, and so is every later one. */
function workerFailed(): void {
	worker?.terminate();
	worker = null;
	const waiting = [...pending.values()];
	pending.clear();
	for (const { request, resolve } of waiting)
		void onMainThread(request.text, request.language).then(resolve);
}

function onMainThread(text: string, language: string): Promise<HighlightRanges | null> {
	languages ??= import('./highlight-languages.ts');
	return languages.then(
		(loaded) =>
			new Promise<HighlightRanges | null>((resolve) =>
				whenIdle(() => {
					try {
						resolve(loaded.highlightToRanges(text, language));
					} catch {
						resolve(null);
					}
				})
			),
		() => {
			// Highlighting is decoration: without it the plain code stays (a later block tries again).
			languages = null;
			return null;
		}
	);
}

function highlighted(text: string, language: string): Promise<HighlightRanges | null> {
	if (worker === undefined) worker = startWorker();
	const running = worker;
	if (running === null) return onMainThread(text, language);
	return new Promise((resolve) => {
		const request: HighlightRequest = { id: ++nextId, text, language };
		pending.set(request.id, { request, resolve });
		running.postMessage(request);
	});
}

/** A block being coloured: its next plain chunk is child `index`, starting at `offset` of `text`. */
export interface Colouring {
	code: HTMLElement;
	text: string;
	highlight: HighlightRanges;
	index: number;
	offset: number;
}

const colouring: Colouring[] = [];
let colourScheduled = false;

function scheduleColouring(): void {
	if (colourScheduled) return;
	colourScheduled = true;
	whenIdle(colourInIdle);
}

/** Applies chunks while the idle period lasts (at least one, so a busy page still progresses). */
function colourInIdle(deadline?: IdleDeadline): void {
	colourScheduled = false;
	let first = true;
	while (colouring.length > 0 && (first || (deadline?.timeRemaining() ?? 0) > SLICE_MS)) {
		first = false;
		const block = colouring[0];
		if (block === undefined) break;
		const step = colourChunk(block);
		if (step === 'more') continue;
		colouring.shift();
		if (step === 'selected')
			setTimeout(() => {
				colouring.push(block);
				scheduleColouring();
			}, SELECTION_RETRY_MS);
	}
	if (colouring.length > 0) scheduleColouring();
}

/**
 * Replaces the block's next plain chunk with its coloured version: 'more' when one was replaced
 * and more remain, 'done' when finished (or when the block changed or left the page, in which
 * case it is left as it is), 'selected' when the person's selection touches the chunk.
 */
export function colourChunk(block: Colouring): 'more' | 'done' | 'selected' {
	const { code, text, highlight } = block;
	if (!code.isConnected) return 'done';
	const chunk = code.childNodes[block.index];
	if (chunk === undefined) {
		if (block.offset === text.length && block.index > 0) code.classList.add('hljs');
		return 'done';
	}
	const plain = chunk.firstChild;
	if (
		!(chunk instanceof HTMLElement) ||
		!chunk.classList.contains('md-chunk') ||
		plain === null ||
		plain !== chunk.lastChild ||
		plain.nodeType !== Node.TEXT_NODE
	)
		return 'done';
	const shown = (plain as Text).data;
	if (!text.startsWith(shown, block.offset) || shown === '') return 'done';
	if (selectionTouches(chunk)) return 'selected';
	const end = block.offset + shown.length;
	chunk.replaceChildren(highlightedNodes(code.ownerDocument, text, highlight, block.offset, end));
	block.index++;
	block.offset = end;
	return 'more';
}

function selectionTouches(node: Node): boolean {
	const selection = node.ownerDocument?.getSelection() ?? null;
	if (selection === null || selection.isCollapsed) return false;
	for (let index = 0; index < selection.rangeCount; index++)
		if (selection.getRangeAt(index).intersectsNode(node)) return true;
	return false;
}

/** Highlights `code` (a <code> element showing `text` in plain chunks) later, if worth it. */
export function highlightLater(code: HTMLElement, text: string, language: string): void {
	const registered = Object.hasOwn(ALIASES, language) ? ALIASES[language] : undefined;
	if (registered === undefined || text.length > LIMITS.maxHighlightChars || text.trim() === '')
		return;
	void highlighted(text, registered).then((highlight) => {
		if (highlight === null || !code.isConnected || !validRanges(highlight, text.length)) return;
		colouring.push({ code, text, highlight, index: 0, offset: 0 });
		scheduleColouring();
	});
}
