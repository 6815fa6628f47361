/**
 * What one tab tells the others about conversations, so that every tab shows the same thing
 * without a reload: a message written (a new turn, an answer growing), messages taken back, a
 * conversation record changed (a rename), a conversation deleted. One channel per page, shared by
 * the library and the open conversation; a `BroadcastChannel` never delivers a message to the
 * object that posted it, so a tab does not hear its own news.
 * @see https://html.spec.whatwg.org/multipage/web-messaging.html#broadcasting-to-other-browsing-contexts
 */
import type { ConversationPatch } from './storage/conversation-store.ts';
import { readBranches, readMessageRecord, type MessageRecord } from './storage/records.ts';

export type ConversationNews =
	| { type: 'message'; record: MessageRecord }
	// Sent no more (↑ took a turn away until it opened the editor instead); still received, from a
	// tab that runs an older version of the app until it reloads.
	| { type: 'messages-removed'; conversationId: string; ids: string[] }
	| { type: 'record'; conversationId: string; patch: ConversationPatch }
	| { type: 'deleted'; conversationId: string };

export type NewsListener = (news: ConversationNews) => void;

const CHANNEL_NAME = 'switchboard.conversations';

const isStrings = (value: unknown): value is string[] =>
	Array.isArray(value) && value.every((item) => typeof item === 'string');

/** News from another tab, validated like anything read from outside; `null` when it is not news. */
export function readNews(value: unknown): ConversationNews | null {
	if (typeof value !== 'object' || value === null || !('type' in value)) return null;
	const news = value as Record<string, unknown>;
	const conversationId = news['conversationId'];
	switch (news['type']) {
		case 'message': {
			const record = readMessageRecord(news['record']);
			return record === null ? null : { type: 'message', record };
		}
		case 'messages-removed':
			return typeof conversationId === 'string' && isStrings(news['ids'])
				? { type: 'messages-removed', conversationId, ids: news['ids'] }
				: null;
		case 'record': {
			const patch = news['patch'];
			if (typeof conversationId !== 'string' || typeof patch !== 'object' || patch === null) {
				return null;
			}
			const fields: ConversationPatch = {};
			const { title, draft, model, updatedAt, branches, activeBranch } = patch as Record<
				string,
				unknown
			>;
			if (typeof title === 'string') fields.title = title;
			if (Array.isArray(branches)) fields.branches = readBranches(branches);
			if (typeof activeBranch === 'string') fields.activeBranch = activeBranch;
			if (typeof draft === 'string') fields.draft = draft;
			if (typeof model === 'string') fields.model = model;
			if (typeof updatedAt === 'number') fields.updatedAt = updatedAt;
			return { type: 'record', conversationId, patch: fields };
		}
		case 'deleted':
			return typeof conversationId === 'string' ? { type: 'deleted', conversationId } : null;
		default:
			return null;
	}
}

export class ConversationChannel {
	readonly #channel: BroadcastChannel | null;
	readonly #listeners = new Set<NewsListener>();

	constructor(name = CHANNEL_NAME) {
		// Missing in some embedded browsers: each tab then works alone, as before.
		this.#channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
		this.#channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
			const news = readNews(event.data);
			if (news === null) return;
			for (const listener of this.#listeners) listener(news);
		});
	}

	post(news: ConversationNews): void {
		try {
			this.#channel?.postMessage(news);
		} catch {
			// Closed, or a value the channel cannot clone: the other tabs see it on their next load.
		}
	}

	/** Hears the other tabs' news; returns the unsubscribe function. */
	subscribe(listener: NewsListener): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	close(): void {
		this.#listeners.clear();
		this.#channel?.close();
	}
}
