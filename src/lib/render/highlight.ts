/**
 * Code highlighting, off the hot path: only a closed code block is highlighted, only in a language
 * of the lazily loaded set (highlight-languages.ts, not part of the page's first load), only up to
 * `LIMITS.maxHighlightChars`, and in idle time. The result replaces the block's plain text in
 * one go, if the block is still on the page.
 */
import { LIMITS } from './core/limits.ts';
import type * as HighlightLanguages from './highlight-languages.ts';
import { highlightedNodes } from './hljs-dom.ts';

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

type Highlighter = typeof HighlightLanguages;
let loading: Promise<Highlighter> | null = null;

function whenIdle(callback: () => void): void {
	if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 2000 });
	else setTimeout(callback, 50);
}

/** Highlights `code` (a <code> element showing `text`) later, if worth it. */
export function highlightLater(code: HTMLElement, text: string, language: string): void {
	const registered = Object.hasOwn(ALIASES, language) ? ALIASES[language] : undefined;
	if (registered === undefined || text.length > LIMITS.maxHighlightChars || text.trim() === '')
		return;
	whenIdle(() => {
		loading ??= import('./highlight-languages.ts');
		loading
			.then((highlighter) => {
				whenIdle(() => {
					if (!code.isConnected) return;
					const nodes = highlightedNodes(
						code.ownerDocument,
						highlighter.highlightToHtml(text, registered)
					);
					if (nodes === null) return;
					const chunk = code.ownerDocument.createElement('span');
					chunk.setAttribute('class', 'md-chunk');
					chunk.appendChild(nodes);
					code.replaceChildren(chunk);
					code.classList.add('hljs');
				});
			})
			.catch(() => {
				// Highlighting is decoration: without it the plain code stays.
				loading = null;
			});
	});
}
