/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (https or localhost);
 * on a plain-http intranet address the copy falls back to a selected, off-screen text area and
 * `execCommand('copy')`, which browsers still honour inside a click.
 * @see https://w3c.github.io/clipboard-apis/#dom-clipboard-writetext
 */
export async function copyText(text: string): Promise<boolean> {
	if (typeof navigator !== 'undefined' && navigator.clipboard !== undefined && isSecureContext) {
		try {
			await navigator.clipboard.writeText(text);
			return true;
		} catch {
			// Refused (no focus, a permissions policy): try the old way.
		}
	}
	const area = document.createElement('textarea');
	area.value = text;
	area.setAttribute('readonly', '');
	area.style.position = 'fixed';
	area.style.insetInlineStart = '-9999px';
	document.body.append(area);
	area.select();
	try {
		return document.execCommand('copy');
	} finally {
		area.remove();
	}
}
