/**
 * What the chat tests drive a ChatSession with in Node: the real demo gateway handler in-process
 * (the same code that serves /demo), planned as the app plans a Responses turn, and a blank
 * conversation.
 */
import type { MemoryStore } from '../../../src/lib/chat/storage/memory-store.ts';
import { DemoGateway } from '../../../src/lib/server/demo-gateway/index.ts';

export { blankConversation, demoTarget } from './demo-target.ts';

/**
 * `fetch` answered by a demo gateway of its own (it remembers its `:once` prompts);
 * `onRequest` hears each request as it leaves.
 */
export function demoFetch(onRequest?: (request: Request) => void): typeof fetch {
	const gateway = new DemoGateway();
	return (input, init) => {
		const request = new Request(input, init);
		onRequest?.(request.clone());
		return gateway.handle(request, { mountPath: '', cors: false });
	};
}

/** A slow disk under `store`: each message write waits until it is let through. */
export interface HeldWrites {
	/** Lets writes through one at a time until `done()` holds; the writes after it wait again. */
	stepUntil(done: () => boolean): Promise<void>;
	/** Lets every write through, now and from now on. */
	releaseAll(): void;
}

export function holdWrites(store: MemoryStore): HeldWrites {
	let release = (): void => {};
	let gate = new Promise<void>((resolve) => (release = resolve));
	const save = store.saveMessage.bind(store);
	store.saveMessage = async (record, withRecord) => {
		await gate;
		return save(record, withRecord);
	};
	return {
		async stepUntil(done) {
			while (!done()) {
				release();
				gate = new Promise<void>((resolve) => (release = resolve));
				await new Promise((resolve) => setTimeout(resolve, 2));
			}
		},
		releaseAll() {
			gate = Promise.resolve();
			release();
		}
	};
}
