/**
 * Bytes → text → SSE frames: the first layer of every stream.
 *
 * A streaming `TextDecoder` keeps multi-byte characters split across chunks intact and drops a
 * leading BOM (Encoding §10.2, `ignoreBOM: false`); eventsource-parser's `feed()` does the line and
 * field rules of WHATWG HTML §9.2.6, including a `\r` at the end of one chunk followed by `\n` at the
 * start of the next, and bounds what it buffers (`maxBufferSize`). `end()` flushes the decoder and
 * parses an unterminated last line; as §9.2.6 says, an event without its final blank line is not
 * dispatched. (The turn pipeline, turn-reducer.ts, is more lenient with a complete last event.)
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { DEFAULT_MAX_EVENT_SIZE } from './limits.ts';

export interface SseFrame {
	event: string | undefined;
	data: string;
}

export interface SseHandlers {
	onFrame(frame: SseFrame): void;
	/** Comments (`: PING`) are keep-alives: they prove the connection is alive. */
	onComment?(comment: string): void;
	/** The frame buffer exceeded `maxBufferSize`: one event or line is too large to accept. */
	onOverflow?(): void;
}

export interface SseDecoder {
	push(chunk: Uint8Array): void;
	end(): void;
}

/** Default cap on one buffered event, in UTF-16 code units (images arrive base64 in one event). */
export { DEFAULT_MAX_EVENT_SIZE };

export function createSseDecoder(
	handlers: SseHandlers,
	maxBufferSize = DEFAULT_MAX_EVENT_SIZE
): SseDecoder {
	const decoder = new TextDecoder('utf-8');
	let overflowed = false;
	const parser = createParser({
		maxBufferSize,
		onEvent: (message: EventSourceMessage) =>
			handlers.onFrame({ event: message.event, data: message.data }),
		...(handlers.onComment === undefined
			? {}
			: { onComment: (comment: string) => handlers.onComment?.(comment) }),
		onError: (error) => {
			if (error.type === 'max-buffer-size-exceeded') {
				overflowed = true;
				handlers.onOverflow?.();
			}
		}
	});
	return {
		push(chunk) {
			if (overflowed) return;
			parser.feed(decoder.decode(chunk, { stream: true }));
		},
		end() {
			if (overflowed) return;
			const rest = decoder.decode();
			if (rest !== '') parser.feed(rest);
			parser.reset({ consume: true });
		}
	};
}
