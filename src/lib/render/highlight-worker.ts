/**
 * The highlight worker: highlight.js runs here, off the page's main thread. It answers each
 * request with scope ranges over the request's own text (hljs-dom.ts), never with markup; the page
 * builds the spans itself, a slice at a time (code-colouring.ts).
 */
import { highlightToRanges } from './highlight-languages.ts';
import type { HighlightReply, HighlightRequest } from './highlight-worker-protocol.ts';

const scope = self as unknown as {
	onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null;
	postMessage(message: HighlightReply, options?: StructuredSerializeOptions): void;
};

scope.onmessage = ({ data }) => {
	let reply: HighlightReply;
	try {
		const highlight = highlightToRanges(data.text, data.language);
		reply = { id: data.id, highlight };
	} catch {
		reply = { id: data.id, highlight: null };
	}
	scope.postMessage(reply, {
		transfer: reply.highlight === null ? [] : [reply.highlight.ranges.buffer]
	});
};
