/**
 * GFM extended email autolinks and `mailto:`/`xmpp:` autolinks (GFM §6.9), found as cmark-gfm finds
 * them: after inline parsing, in each run of text outside links (so `*a@b.co*` links inside the
 * emphasis, and `_` that made no emphasis is part of the address). Every `@` is looked at once and
 * scans stop at the next `@`, so a run of text costs time linear in its length.
 */
import type { Inline } from './inline-model.ts';
import { safeLinkUrl } from './url-policy.ts';

const LOCAL_CHAR = /[A-Za-z0-9.+_-]/;
const ALNUM = /[A-Za-z0-9]/;
const ALPHA = /[A-Za-z]/;
const PROTOCOLS = ['mailto:', 'xmpp:'] as const;

interface EmailLink {
	start: number;
	end: number;
	href: string;
}

/** `text` with its email addresses as links, or null when it has none. */
export function linkEmails(text: string): Inline[] | null {
	if (!text.includes('@')) return null;
	const out: Inline[] = [];
	let from = 0;
	let shown = 0;
	for (let link = findEmail(text, from); link !== null; link = findEmail(text, from)) {
		from = link.end;
		const href = safeLinkUrl(link.href);
		if (href === null) continue;
		if (link.start > shown) out.push({ type: 'text', text: text.slice(shown, link.start) });
		const label = text.slice(link.start, link.end);
		out.push({ type: 'link', href, title: '', children: [{ type: 'text', text: label }] });
		shown = link.end;
	}
	if (out.length === 0) return null;
	if (shown < text.length) out.push({ type: 'text', text: text.slice(shown) });
	return out;
}

function findEmail(text: string, from: number): EmailLink | null {
	for (let at = text.indexOf('@', from); at !== -1; at = text.indexOf('@', at + 1)) {
		let start = at;
		while (start > from && LOCAL_CHAR.test(text.charAt(start - 1))) start--;
		if (start === at || text.charAt(start - 1) === '/') continue;
		let end = at + 1;
		let periods = 0;
		for (; end < text.length; end++) {
			const char = text.charAt(end);
			if (ALNUM.test(char) || char === '-' || char === '_') continue;
			if (char === '.' && ALNUM.test(text.charAt(end + 1))) periods++;
			else break;
		}
		const last = text.charAt(end - 1);
		if (end - at < 2 || periods === 0 || (!ALPHA.test(last) && last !== '.')) continue;
		const protocol = PROTOCOLS.find(
			(name) =>
				text.startsWith(name, start - name.length) &&
				start - name.length >= from &&
				!ALNUM.test(text.charAt(start - name.length - 1))
		);
		// xmpp: addresses may name a resource: `/` then letters, digits, `@` and `.`.
		if (protocol === 'xmpp:' && text.charAt(end) === '/') {
			let resource = end + 1;
			while (resource < text.length && /[A-Za-z0-9@.]/.test(text.charAt(resource))) resource++;
			while (resource > end + 1 && text.charAt(resource - 1) === '.') resource--;
			if (resource > end + 1) end = resource;
		}
		const linkStart = protocol === undefined ? start : start - protocol.length;
		const address = text.slice(start, end);
		return { start: linkStart, end, href: `${protocol ?? 'mailto:'}${address}` };
	}
	return null;
}
