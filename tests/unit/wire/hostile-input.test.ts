/**
 * Whatever a gateway sends, the pipeline answers a Turn: it never throws, emits exactly one `end`
 * event, and never reads inherited properties as wire data.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAILURE_KINDS, type FailureKind } from '../../../src/lib/failure/index.ts';
import { parseTurnJson, type RouteKind, type TurnEvent } from '../../../src/lib/wire/index.ts';
import { run, runText } from './harness.ts';

const ROUTES: RouteKind[] = ['responses', 'backend', 'messages'];
const EVENT_TYPES = [
	'response.output_text.delta',
	'response.output_text.done',
	'response.output_item.done',
	'response.completed',
	'response.incomplete',
	'response.failed',
	'response.image_generation_call.partial_image',
	'error',
	'message_start',
	'content_block_start',
	'content_block_delta',
	'content_block_stop',
	'message_delta',
	'message_stop',
	'constructor',
	'__proto__'
];

function endsOnce(events: readonly TurnEvent[]): void {
	expect(events.filter((event) => event.type === 'end')).toHaveLength(1);
	expect(events.at(-1)?.type).toBe('end');
}

function knownKind(kind: FailureKind | undefined): void {
	if (kind !== undefined) expect(FAILURE_KINDS).toContain(kind);
}

describe('hostile input', () => {
	it('turns arbitrary JSON in known event types into a turn, never an exception', async () => {
		const frame = fc.record({
			type: fc.constantFrom(...EVENT_TYPES),
			data: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue()))
		});
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...ROUTES),
				fc.array(frame, { maxLength: 12 }),
				async (route, frames) => {
					const body = frames
						.map(({ type, data }) => {
							const payload =
								typeof data === 'object' && data !== null && !Array.isArray(data)
									? { type, ...data }
									: data;
							return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
						})
						.join('');
					const { turn, events } = await runText(route, body);
					endsOnce(events);
					knownKind(turn.failure?.kind);
				}
			),
			{ numRuns: 300 }
		);
	});

	it('turns arbitrary bytes into a turn, never an exception', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...ROUTES),
				fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 8 }),
				async (route, chunks) => {
					const { turn, events } = await run(route, chunks);
					endsOnce(events);
					knownKind(turn.failure?.kind);
				}
			),
			{ numRuns: 300 }
		);
	});

	it('never reads inherited properties as wire data', () => {
		const response = {
			object: 'response',
			status: 'constructor',
			output: [
				{ id: 'ig_1', type: 'image_generation_call', output_format: 'constructor', result: 'AAAA' }
			]
		};
		const turn = parseTurnJson('responses', JSON.stringify(response));
		expect(turn.status).toBe('interrupted');
		expect(turn.images).toEqual([{ mimeType: 'image/png', base64: 'AAAA' }]);
		const message = {
			type: 'message',
			content: [{ type: 'toString', id: 'x', name: 'y', input: {} }],
			stop_reason: 'end_turn'
		};
		expect(parseTurnJson('messages', JSON.stringify(message)).status).toBe('completed');
	});
});
