import type { ChatMessage, ChatSession } from './chat-session.svelte.ts';
import type { AttachmentRef } from './storage/records.ts';

/**
 * What a message's actions can do (components/chat/MessageActions.svelte): copy is the message's
 * own; versions, regenerate, edit and continue act on the conversation.
 */
export interface MessageActionsHost {
	/** A turn is in flight here or in another tab: versions, regenerate and edit wait for it. */
	readonly busy: boolean;
	/** Which version is shown at the message's place, of how many; `null` when there is one. */
	versionsOf(id: string): { index: number; count: number } | null;
	showVersion(id: string, step: -1 | 1): void;
	regenerate(id: string): void;
	/** Sends `text` with `files` (of the prompt's own) as a new version of prompt `id`. */
	editPrompt(id: string, text: string, files: readonly AttachmentRef[]): void;
	/** The prompt open in its in-place editor, or `null`; `edit` opens one or closes it. */
	readonly editing: string | null;
	edit(id: string | null): void;
	/** Counts ↑'s requests for the editor: the open editor takes the focus on each. */
	readonly editAsked: number;
	/** Whether a stopped or cut answer can be continued where it ended (the route has a prefill). */
	canContinue(message: ChatMessage): boolean;
	continueAnswer(id: string): void;
}

/** The actions of `session`'s messages; `routeCanContinue` says whether the route has a prefill. */
export function messageActions(
	session: ChatSession,
	routeCanContinue: (message: ChatMessage) => boolean
): MessageActionsHost {
	return {
		get busy() {
			return session.busy || session.answeringElsewhere;
		},
		versionsOf: (id) => session.versionsOf(id),
		showVersion: (id, step) => void session.showVersion(id, step),
		regenerate: (id) => void session.regenerate(id),
		editPrompt: (id, text, files) => void session.editPrompt(id, text, files),
		get editing() {
			return session.editing;
		},
		edit: (id) => session.editInPlace(id),
		get editAsked() {
			return session.editAsked;
		},
		// A failed or interrupted answer offers Continue on its failure card already.
		canContinue: (message) =>
			message.text !== '' &&
			(message.status === 'cancelled' || message.status === 'incomplete') &&
			routeCanContinue(message),
		continueAnswer: (id) => void session.continueAnswer(id)
	};
}
