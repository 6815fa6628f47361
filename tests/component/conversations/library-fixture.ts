/**
 * A library of many conversations as a Switchboard export file (transfer.ts's format), for the
 * tests of search, import progress and the long list.
 */
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../src/lib/chat/storage/transfer.ts';

const WORDS = [
	'harbour',
	'tide',
	'granite',
	'lantern',
	'keeper',
	'storm',
	'signal',
	'beacon',
	'rope',
	'gull',
	'chart',
	'compass'
];

/** Deterministic filler text of about `length` characters, different for each `seed`. */
function filler(seed: number, length: number): string {
	const words: string[] = [];
	let size = 0;
	for (let i = 0; size < length; i++) {
		const word = WORDS[(seed * 7 + i * 5) % WORDS.length] ?? 'sea';
		words.push(word);
		size += word.length + 1;
	}
	return words.join(' ');
}

export interface LibrarySpec {
	conversations: number;
	messagesEach: number;
	/** Extra text put into one message: `[conversation index, message index, text]`. */
	plant?: readonly (readonly [number, number, string])[];
}

/** An export file's text holding `spec.conversations × spec.messagesEach` messages. */
export function libraryExport(spec: LibrarySpec): string {
	const conversations = [];
	for (let c = 0; c < spec.conversations; c++) {
		const id = `c${c}`;
		const messages = [];
		for (let m = 0; m < spec.messagesEach; m++) {
			const planted = spec.plant?.find(([pc, pm]) => pc === c && pm === m)?.[2];
			const text = filler(c + m, m % 2 === 0 ? 80 : 400);
			messages.push({
				id: `${id}-m${m}`,
				conversationId: id,
				seq: m,
				role: m % 2 === 0 ? 'user' : 'assistant',
				text: planted === undefined ? text : `${text} ${planted} ${text}`,
				reasoning: '',
				status: 'completed',
				images: [],
				createdAt: 1_700_000_000_000 + c * 1000 + m
			});
		}
		conversations.push({
			id,
			title: `Conversation ${c}`,
			createdAt: 1_700_000_000_000 + c * 1000,
			updatedAt: 1_700_000_000_000 + c * 1000 + spec.messagesEach,
			model: 'demo',
			profileId: 'default',
			draft: '',
			messages
		});
	}
	return JSON.stringify({
		format: EXPORT_FORMAT,
		version: EXPORT_VERSION,
		exportedAt: new Date(0).toISOString(),
		conversations
	});
}
