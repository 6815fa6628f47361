/**
 * An optional, larger corpus: real recorded provider streams (the Vercel AI SDK's test fixtures,
 * Apache-2.0) kept beside the repository in ../shared/corpus/recorded, read in place and never
 * copied in. Each JSONL line is one `data:` payload, framed here as `event: <type>` + `data:` +
 * blank line. The project's own transcripts are tests/fixtures/wire/; these add breadth.
 *
 * Where the folder is absent (a clone on its own), the suites that replay it are skipped, never
 * failed: `CORPUS_PRESENT` is false and corpus-oracle.test.ts prints `CORPUS_ABSENT` once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readTurn, type RouteKind, type TurnEvent } from '../../../src/lib/wire/index.ts';
import { bodyOf, randomChunks } from './harness.ts';

export const CORPUS = fileURLToPath(
	new URL('../../../../shared/corpus/recorded/', import.meta.url)
);

export const CORPUS_PRESENT = existsSync(`${CORPUS}responses`) && existsSync(`${CORPUS}messages`);

/** The one line printed when the corpus is not there. */
export const CORPUS_ABSENT = `Recorded-stream corpus not found at ${CORPUS}: its replay tests are skipped (the project's own fixtures under tests/fixtures/ still run).`;

export type Payload = Record<string, unknown> & { type: string };

export function payloads(folder: string, file: string): Payload[] {
	return readFileSync(`${CORPUS}${folder}/${file}`, 'utf8')
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => JSON.parse(line) as Payload);
}

function sseOf(folder: string, file: string): string {
	return readFileSync(`${CORPUS}${folder}/${file}`, 'utf8')
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => `event: ${(JSON.parse(line) as Payload).type}\ndata: ${line}\n\n`)
		.join('');
}

export async function replay(route: RouteKind, folder: string, file: string, seed?: number) {
	const bytes = new TextEncoder().encode(sseOf(folder, file));
	const events: TurnEvent[] = [];
	const chunks = seed === undefined ? [bytes] : randomChunks(bytes, seed);
	const turn = await readTurn(route, bodyOf(chunks).stream, {
		idleTimeoutMs: 0,
		onEvent: (event) => events.push(event)
	});
	return { turn, events };
}
