/**
 * The order of a send's work in the page's own runtime (Svelte's client scheduler, in Chromium):
 * the page draws the new turn once, and nothing more until the request has left. A draw is tens
 * of ms on a slow device (the message list's first mount on a first visit), and the request
 * would wait behind it.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../src/lib/chat/chat-session.svelte.ts';
import { type RecordChange } from '../../../src/lib/chat/storage/conversation-store.ts';
import { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import type { MessageRecord } from '../../../src/lib/chat/storage/records.ts';
import { blankConversation, demoTarget } from '../../unit/chat/demo-target.ts';

describe('a send, in the page', () => {
	it('draws the new turn once before its request leaves: nothing is redrawn between the prompt’s write and the request', async () => {
		const events: string[] = [];
		class WatchedStore extends MemoryStore {
			override saveMessage(record: MessageRecord, withRecord?: RecordChange) {
				events.push(`${record.role} written`);
				return super.saveMessage(record, withRecord);
			}
		}
		const chat: ChatSession = new ChatSession({
			conversation: blankConversation(),
			store: new WatchedStore(),
			target: demoTarget(),
			// The request is all this test needs: it is heard, then the turn is stopped.
			fetch: (_input, init) => {
				events.push('request');
				queueMicrotask(() => chat.stop());
				return new Promise((_resolve, reject) =>
					init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))
				);
			}
		});
		const stop = $effect.root(() => {
			$effect(() => {
				events.push(`drawn: ${chat.messages.map((message) => message.role).join(', ')}`);
			});
		});
		flushSync();
		await chat.send('hello');
		stop();
		const at = (event: string): number => events.indexOf(event);
		expect(at('drawn: user, assistant')).toBeGreaterThan(-1);
		expect(at('user written')).toBeGreaterThan(-1);
		expect(at('request')).toBeGreaterThan(at('user written'));
		// Each draw is work the request would wait behind (bench:cold); on the code before, the
		// first attempt redrew the answer here.
		const between = events.slice(at('user written'), at('request'));
		expect(between.filter((event) => event.startsWith('drawn'))).toEqual([]);
	});
});
