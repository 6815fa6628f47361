/**
 * Bytes → Turn, push style and synchronous: the pipeline without any I/O, for `readTurn` and for the
 * benchmark.
 *
 * bytes → streaming `TextDecoder` (Encoding §10.2: multi-byte characters split across chunks are
 * joined, a leading BOM is dropped) → eventsource-parser `feed()` (WHATWG HTML §9.2.6 line and field
 * rules, including `\r` at the end of one chunk and `\n` at the start of the next; `maxBufferSize`
 * bounds a pending event) → turn-core.ts → the route's reducer → TurnEvents.
 *
 * Before the first significant character the body is sniffed (body-sniff.ts). Caps (limits.ts): an
 * event over `maxEventChars` or a body over `maxResponseBytes` ends the turn `response_too_large`;
 * bytes past the body cap are never parsed, so the partial turn is the same however the body was
 * chunked.
 */
import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { ClassifyContext, Failure } from '../failure/index.ts';
import {
	firstSignificant,
	foreignBodyFailure,
	framelessBodyFailure,
	startsForeignBody
} from './body-sniff.ts';
import { resolveLimits, SNIFF_CHARS, type StreamLimits } from './limits.ts';
import type { RouteKind } from './route-kind.ts';
import { responseTooLarge, streamInterrupted } from './stream-failures.ts';
import { createTurnCore } from './turn-core.ts';
import type { Turn, TurnEventListener } from './turn-events.ts';

export interface TurnReducerOptions {
	onEvent?: TurnEventListener;
	limits?: Partial<StreamLimits>;
	/** For classifying in-stream errors: the model asked for, safety-classifier models. */
	context?: ClassifyContext;
}

export interface TurnReducer {
	/** True once the turn ended: further input is ignored and the body can be cancelled. */
	readonly done: boolean;
	push(chunk: Uint8Array): void;
	/** The body ended. */
	end(): void;
	/** The caller stopped the turn (a user abort): `cancelled`, not a failure. */
	cancel(): void;
	/** The turn ended for a reason outside the body (stalled, connection broken). */
	fail(failure: Failure, status?: 'failed' | 'interrupted'): void;
	turn(): Turn;
}

const DECODE_STREAMING: TextDecodeOptions = { stream: true };
/** Room for a field name (`data: `) on top of the event cap in the parser's line buffer. */
const FIELD_SLACK = 64;

type Mode = 'sniff' | 'events' | 'foreign';

export function createTurnReducer(route: RouteKind, options: TurnReducerOptions = {}): TurnReducer {
	const limits = resolveLimits(options.limits);
	const core = createTurnCore(route, {
		...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
		...(options.context === undefined ? {} : { context: options.context }),
		maxEventChars: limits.maxEventChars
	});
	const context: ClassifyContext = { route, ...options.context };
	const decoder = new TextDecoder('utf-8');
	let tail = false;
	const parser = createParser({
		maxBufferSize: limits.maxEventChars + FIELD_SLACK,
		onEvent: (message: EventSourceMessage) => core.frame(message.data, message.event, tail),
		onError: (error: ParseError) => {
			if (error.type === 'max-buffer-size-exceeded') {
				core.fail(responseTooLarge('event', limits.maxEventChars));
			}
		}
	});
	let mode: Mode = 'sniff';
	/** Whether the text so far ends with a line break (else the body ended inside a line). */
	let endsLine = true;
	/** The body's first characters while it has produced no event (capped at SNIFF_CHARS + 1). */
	let head = '';
	let received = 0;

	function keepHead(text: string): void {
		if (head.length <= SNIFF_CHARS) head += text.slice(0, SNIFF_CHARS + 1 - head.length);
	}

	function foreignEnd(): void {
		const truncated = head.length > SNIFF_CHARS;
		const body = truncated ? head.slice(0, SNIFF_CHARS) : head;
		core.fail(foreignBodyFailure(body, truncated, context));
	}

	function text(chunk: string): void {
		if (mode === 'events') {
			if (core.frames === 0) keepHead(chunk);
			else if (head !== '') head = '';
			const last = chunk.charCodeAt(chunk.length - 1);
			endsLine = last === 10 || last === 13;
			parser.feed(chunk);
			return;
		}
		if (mode === 'foreign') {
			keepHead(chunk);
			if (head.length > SNIFF_CHARS) foreignEnd();
			return;
		}
		const pending = head + chunk;
		const start = firstSignificant(chunk);
		if (start === -1 && pending.length <= SNIFF_CHARS) {
			head = pending;
			return;
		}
		head = '';
		if (start !== -1 && startsForeignBody(chunk.charCodeAt(start))) {
			mode = 'foreign';
			return text(pending);
		}
		mode = 'events';
		text(pending);
	}

	return {
		get done() {
			return core.done;
		},
		push(chunk) {
			if (core.done) return;
			received += chunk.byteLength;
			const over = received - limits.maxResponseBytes;
			const bytes = over > 0 ? chunk.subarray(0, Math.max(0, chunk.byteLength - over)) : chunk;
			const decoded = decoder.decode(bytes, DECODE_STREAMING);
			if (decoded !== '') text(decoded);
			if (over > 0) core.fail(responseTooLarge('response', limits.maxResponseBytes));
		},
		end() {
			if (core.done) return;
			const rest = decoder.decode();
			if (rest !== '') text(rest);
			if (core.done) return;
			if (mode === 'foreign') return foreignEnd();
			if (mode === 'events') {
				// A body that closes without the final blank line still delivered its last event.
				// If it even closed inside a line, that event may be cut off: it is used only when
				// its data is complete JSON (turn-core.ts, `tail`).
				tail = !endsLine;
				parser.feed('\n\n');
				parser.reset({ consume: true });
			}
			if (core.done) return;
			if (core.frames === 0) {
				const outcome = framelessBodyFailure(head);
				return core.fail(outcome.failure, outcome.status);
			}
			core.fail(streamInterrupted(), 'interrupted');
		},
		cancel() {
			core.finish({ type: 'end', status: 'cancelled' });
		},
		fail: (failure, status) => core.fail(failure, status),
		turn: () => core.turn()
	};
}
