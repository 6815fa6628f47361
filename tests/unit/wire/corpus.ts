/**
 * The recorded provider streams of ../shared/corpus/recorded, read in place (never copied): each
 * JSONL line is one `data:` payload, framed here as `event: <type>` + `data:` + blank line.
 * A missing corpus fails loudly (CI always has it).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readTurn, type RouteKind, type TurnEvent } from '../../../src/lib/wire/index.ts';
import { bodyOf, randomChunks } from './harness.ts';

export const CORPUS = fileURLToPath(
	new URL('../../../../shared/corpus/recorded/', import.meta.url)
);

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
