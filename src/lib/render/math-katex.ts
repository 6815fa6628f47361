/**
 * KaTeX, in its own chunk with its stylesheet and fonts (math.ts loads it the first time a
 * message has math; the page's first load never does). The fonts are the package's files, which
 * Vite copies into the build beside the stylesheet that names them by relative address: they load
 * from the app itself, under any BASE_PATH, offline, and from no other host.
 *
 * Safe settings: `trust: false` (no \href, \url, \includegraphics, \htmlClass…), sizes and macro
 * expansion bounded, errors shown, never thrown. KaTeX builds its elements itself (no HTML string
 * is parsed); a formula it cannot read shows its source as code.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';

const OPTIONS = {
	throwOnError: false,
	trust: false,
	strict: 'ignore',
	/** Every size written in the TeX (\rule{1000em}{…}, \kern…) is capped at this many ems. */
	maxSize: 20,
	/** Macro expansions per formula (a recursive \def stops here, with an error). */
	maxExpand: 500,
	output: 'htmlAndMathml'
} as const;

/** `tex` typeset, or its source as `<code>` if KaTeX cannot read it (the reason as its title). */
export function typesetTex(doc: Document, tex: string, display: boolean): HTMLElement {
	const holder = doc.createElement('span');
	holder.setAttribute('class', 'md-math-typeset');
	let error: string | null = null;
	try {
		katex.render(tex, holder, { ...OPTIONS, displayMode: display });
		const failed = holder.querySelector('.katex-error');
		if (failed !== null) error = failed.getAttribute('title') ?? 'KaTeX could not read this';
	} catch (thrown) {
		error = thrown instanceof Error ? thrown.message : 'KaTeX could not read this';
	}
	if (error === null) return holder;
	const code = doc.createElement('code');
	code.setAttribute('class', 'md-math-error');
	code.setAttribute('title', error);
	code.textContent = tex;
	return code;
}
