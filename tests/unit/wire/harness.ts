/**
 * Hostile delivery of a recorded body: the same bytes whole, in seeded random chunks (1 B–16 KB),
 * byte by byte; and the same stream re-framed with CRLF or CR line endings, a UTF-8 BOM, or
 * keep-alive comments interleaved. Every delivery of one stream must give the same Turn.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readTurn, type ReadTurnOptions } from '../../../src/lib/wire/index.ts';
import { mulberry32 } from '../../bench/wire/prng.ts';
import type { RouteKind, Turn, TurnEvent } from '../../../src/lib/wire/index.ts';

const FIXTURES = fileURLToPath(new URL('../../fixtures/wire/', import.meta.url));

export function readFixture(name: string): string {
	return readFileSync(`${FIXTURES}${name}`, 'utf8');
}

export const MAX_CHUNK = 16 * 1024;

/** Chunk sizes log-uniform in 1..16 KB, so that tiny chunks are as common as large ones. */
export function randomChunks(bytes: Uint8Array, seed: number, max = MAX_CHUNK): Uint8Array[] {
	const random = mulberry32(seed);
	const chunks: Uint8Array[] = [];
	for (let at = 0; at < bytes.length;) {
		const size = Math.max(1, Math.floor(Math.exp(random() * Math.log(max + 1))));
		chunks.push(bytes.slice(at, at + size));
		at += size;
	}
	return chunks;
}

export function byteByByte(bytes: Uint8Array): Uint8Array[] {
	return Array.from(bytes, (byte) => Uint8Array.of(byte));
}

const encoder = new TextEncoder();

export const SEEDS = [1, 7, 42, 1337, 20260501];

export interface Delivery {
	name: string;
	chunks: Uint8Array[];
}

/** Whole, seeded random chunks, byte by byte. */
export function chunkings(bytes: Uint8Array): Delivery[] {
	return [
		{ name: 'whole', chunks: bytes.length === 0 ? [] : [bytes] },
		...SEEDS.map((seed) => ({
			name: `random chunks, seed ${seed}`,
			chunks: randomChunks(bytes, seed)
		})),
		{ name: 'byte by byte', chunks: byteByByte(bytes) }
	];
}

const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

function withBom(bytes: Uint8Array): Uint8Array {
	const out = new Uint8Array(bytes.length + BOM.length);
	out.set(BOM);
	out.set(bytes, BOM.length);
	return out;
}

/**
 * Keep-alive comment lines first, before every `event:` line, and at the end of a body that ends
 * with a line break (one that ends inside a line must keep ending there).
 */
function withComments(text: string): string {
	const framed = text.replace(/^event:/gm, ': PING\nevent:');
	return `: connected\n\n${framed}${framed.endsWith('\n') ? ': bye\n' : ''}`;
}

/**
 * How much a fixture may be changed on delivery:
 * - `framing`: re-chunked, with a BOM, and re-framed (CRLF, CR, comments) — event streams;
 * - `bytes`: re-chunked and with a BOM — bodies that are not event streams, whose text is part of
 *   the result;
 * - `exact`: only re-chunked — when the byte count itself matters (the body size cap).
 */
export type Variation = 'framing' | 'bytes' | 'exact';

export function deliveries(text: string, variation: Variation = 'framing'): Delivery[] {
	const bytes = encoder.encode(text);
	const all: Delivery[] = [...chunkings(bytes)];
	if (variation === 'exact') return all;
	const bom = withBom(bytes);
	all.push(
		{ name: 'BOM, whole', chunks: [bom] },
		{ name: 'BOM, byte by byte', chunks: byteByByte(bom) }
	);
	if (variation === 'bytes') return all;
	const crlf = encoder.encode(text.replace(/\n/g, '\r\n'));
	const cr = encoder.encode(text.replace(/\n/g, '\r'));
	const comments = encoder.encode(withComments(text));
	for (const [label, variant] of [
		['CRLF', crlf],
		['CR', cr],
		['comments', comments]
	] as const) {
		all.push(
			{ name: `${label}, whole`, chunks: [variant] },
			{ name: `${label}, random chunks`, chunks: randomChunks(variant, 99) },
			{ name: `${label}, byte by byte`, chunks: byteByByte(variant) }
		);
	}
	return all;
}

export interface TestBody {
	stream: ReadableStream<Uint8Array>;
	/** True once the consumer cancelled the body. */
	readonly cancelled: boolean;
	readonly cancelReason: unknown;
	/** Chunks the consumer pulled. */
	readonly pulled: number;
}

/** A body that hands out `chunks` one per pull and then closes, or hangs when `hang` is set. */
export function bodyOf(chunks: readonly Uint8Array[], options: { hang?: boolean } = {}): TestBody {
	let index = 0;
	let cancelled = false;
	let cancelReason: unknown;
	const stream = new ReadableStream<Uint8Array>(
		{
			pull(controller): Promise<void> | undefined {
				const chunk = chunks[index];
				if (chunk !== undefined) {
					index++;
					controller.enqueue(chunk);
					return undefined;
				}
				if (options.hang === true) return new Promise<void>(() => undefined);
				controller.close();
				return undefined;
			},
			cancel(reason) {
				cancelled = true;
				cancelReason = reason;
			}
		},
		{ highWaterMark: 0 }
	);
	return {
		stream,
		get cancelled() {
			return cancelled;
		},
		get cancelReason() {
			return cancelReason;
		},
		get pulled() {
			return index;
		}
	};
}

export interface Run {
	turn: Turn;
	events: TurnEvent[];
	body: TestBody;
}

export async function run(
	route: RouteKind,
	chunks: readonly Uint8Array[],
	options: Omit<ReadTurnOptions, 'onEvent'> = {}
): Promise<Run> {
	const events: TurnEvent[] = [];
	const body = bodyOf(chunks);
	const turn = await readTurn(route, body.stream, {
		idleTimeoutMs: 0,
		...options,
		onEvent: (event) => events.push(event)
	});
	return { turn, events, body };
}

export function runText(
	route: RouteKind,
	text: string,
	options: Omit<ReadTurnOptions, 'onEvent'> = {}
): Promise<Run> {
	const bytes = encoder.encode(text);
	return run(route, bytes.length === 0 ? [] : [bytes], options);
}

export function eventsOfType<T extends TurnEvent['type']>(
	events: readonly TurnEvent[],
	type: T
): Extract<TurnEvent, { type: T }>[] {
	return events.filter((event): event is Extract<TurnEvent, { type: T }> => event.type === type);
}

/** Payloads framed as an event stream: `event: <type>`, `data: <JSON>`, blank line. */
export function sseOf(payloads: readonly ({ type: string } & Record<string, unknown>)[]): string {
	return payloads
		.map((payload) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`)
		.join('');
}
