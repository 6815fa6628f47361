/**
 * The parser's working tree → the `Inline` model: addresses through the URL policy, escapes and
 * entities resolved in destinations and titles, adjacent text merged, links inside links
 * flattened (HTML forbids nesting them), and nesting deeper than the cap flattened to its text.
 */
import { unescapeString } from './entities.ts';
import { linkEmails } from './inline-email.ts';
import type { Inline } from './inline-model.ts';
import type { InlineItem } from './inline-model.ts';
import { LIMITS } from './limits.ts';
import { normalizeLabel } from './link-reference.ts';
import { safeImageUrl, safeLinkUrl } from './url-policy.ts';

/** `extendedAutolinks`: GFM email and `mailto:`/`xmpp:` autolinks in text (§6.9). */
export function toInlines(root: InlineItem, extendedAutolinks: boolean): Inline[] {
	return convert(root, 0, false, extendedAutolinks);
}

function pushText(out: Inline[], text: string): void {
	if (text === '') return;
	const last = out.at(-1);
	if (last?.type === 'text') last.text += text;
	else out.push({ type: 'text', text });
}

function pushAll(out: Inline[], items: Inline[]): void {
	for (const item of items) {
		if (item.type === 'text') pushText(out, item.text);
		else out.push(item);
	}
}

function convert(parent: InlineItem, depth: number, inLink: boolean, emails: boolean): Inline[] {
	const out: Inline[] = [];
	for (let item = parent.first; item !== null; item = item.next) {
		switch (item.type) {
			case 'text':
				pushText(out, item.text);
				break;
			case 'math':
				out.push({ type: 'math', tex: item.text, display: item.display });
				break;
			case 'code':
			case 'softbreak':
			case 'hardbreak':
				out.push(item.type === 'code' ? { type: 'code', text: item.text } : { type: item.type });
				break;
			case 'em':
			case 'strong':
			case 'del':
				if (depth >= LIMITS.maxInlineDepth) pushText(out, plainText(item));
				else out.push({ type: item.type, children: convert(item, depth + 1, inLink, emails) });
				break;
			case 'link': {
				const raw = item.href ?? '';
				const href = inLink ? null : safeLinkUrl(item.verbatim ? raw : unescapeString(raw));
				const children =
					depth >= LIMITS.maxInlineDepth
						? [{ type: 'text' as const, text: plainText(item) }]
						: convert(item, depth + 1, true, emails);
				if (href === null) pushAll(out, children);
				else out.push({ type: 'link', href, title: unescapeString(item.title), children });
				break;
			}
			case 'footnote':
				// No link inside a link: a reference there is its text.
				if (inLink) pushText(out, item.text);
				else out.push({ type: 'footnote', label: normalizeLabel(item.text.slice(2, -1)) });
				break;
			case 'image':
				out.push({
					type: 'image',
					src: safeImageUrl(unescapeString(item.href ?? '')),
					alt: plainText(item),
					title: unescapeString(item.title)
				});
				break;
			case 'root':
				break;
		}
	}
	return emails && !inLink ? withEmailLinks(out) : out;
}

function withEmailLinks(inlines: Inline[]): Inline[] {
	let out: Inline[] | null = null;
	inlines.forEach((inline, index) => {
		const linked = inline.type === 'text' ? linkEmails(inline.text) : null;
		if (linked !== null) out ??= inlines.slice(0, index);
		if (out !== null) out.push(...(linked ?? [inline]));
	});
	return out ?? inlines;
}

/** The text content of an item, without recursion (its nesting may be very deep). */
function plainText(item: InlineItem): string {
	let text = '';
	const stack: (InlineItem | null)[] = [item.first];
	while (stack.length > 0) {
		const node = stack.pop() ?? null;
		if (node === null) continue;
		stack.push(node.next);
		if (
			node.type === 'text' ||
			node.type === 'code' ||
			node.type === 'footnote' ||
			node.type === 'math'
		)
			text += node.text;
		else if (node.type === 'softbreak' || node.type === 'hardbreak') text += ' ';
		else stack.push(node.first);
	}
	return text;
}
