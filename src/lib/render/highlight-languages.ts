/**
 * The lazily loaded half of highlighting: highlight.js core with a handful of languages, bundled
 * into the highlight worker (highlight-worker.ts), and in a chunk of its own for the main-thread
 * fallback; never part of the page's first load.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { colouredScope, highlightRanges, type HighlightRanges } from './hljs-dom.ts';

const LANGUAGES = {
	bash,
	css,
	diff,
	go,
	javascript,
	json,
	python,
	rust,
	sql,
	typescript,
	xml,
	yaml
};

for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Highlighted HTML (highlight.js escapes all text) for `code` in registered `language`. */
export function highlightToHtml(code: string, language: string): string {
	return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

/**
 * The ranges of the scopes the page colours in `code`, in registered `language`; null if that
 * cannot be done exactly.
 */
export function highlightToRanges(code: string, language: string): HighlightRanges | null {
	if (hljs.getLanguage(language) === undefined) return null;
	return highlightRanges(highlightToHtml(code, language), code, colouredScope);
}
