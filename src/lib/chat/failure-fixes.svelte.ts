/**
 * The failure card's actions, carried out to the end: after its fix, the failed turn is sent again
 * without the person retyping it (docs/ARCHITECTURE.md, "Every failure has a way out").
 *
 * - one-click fixes (`retry`, `continue`, `switch_model`, `enable_long_context`,
 *   `disable_encrypted_content`, `compact_and_retry`) change what they change and resend at once;
 * - fixes the person makes elsewhere (`choose_model` in the model picker, `sign_in` with a key or
 *   a sign-in, `change_thinking` and `switch_gateway` in Settings) leave a *pending fix*: the turn
 *   is resent when that fix is made, and forgotten if the person does something else instead;
 * - fixes that leave the page (`reload_app`, a sign-in that redirects) leave the turn in this tab's
 *   sessionStorage (resend-after-load.ts), and the page resends it when it is back.
 */
import { assertNever } from '../failure/assert-never.ts';
import type { FailureAction, FailureActionKind } from '../failure/index.ts';
import type { ChatSession } from './chat-session.svelte.ts';
import { rememberResend, takeResend, type ResendAfterLoad } from './resend-after-load.ts';

/** Fixes that are made somewhere else than on the card. */
export type DeferredFix = Extract<
	FailureActionKind,
	'choose_model' | 'sign_in' | 'change_thinking' | 'switch_gateway'
>;

interface PendingFix {
	fix: DeferredFix;
	conversationId: string;
	messageId: string;
}

/** What carrying out a fix needs from the page's state (AppState). */
export interface FixHost {
	readonly session: ChatSession | null;
	model: string;
	/** Opens Settings at a section (the page watches it). */
	openSettings(section: 'model' | 'gateway'): void;
	/** Asks the model picker to open its list and take focus. */
	openModelPicker(): void;
	updateModel(patch: { longContext?: boolean; encryptedReasoning?: boolean }): void;
	/** Signs in or asks for a key; resolves once a sign-in in this page is over. */
	signIn(credential: 'api_key' | undefined): Promise<'signed_in' | 'key_asked' | 'left' | 'not'>;
	newConversationFromSummary(): Promise<void>;
	/** Opens conversation `id` (after a load that showed another). */
	openConversation(id: string): Promise<ChatSession | null>;
	reload(): void;
	/** This tab's sessionStorage. */
	readonly tabStorage: Storage | null;
}

export class FailureFixes {
	#pending = $state.raw<PendingFix | null>(null);

	constructor(private readonly host: FixHost) {}

	/** The fix a failed turn is waiting for, if any (the card says so). */
	get pending(): PendingFix | null {
		return this.#pending;
	}

	/** Carries out `action`, picked on the failure card of assistant message `messageId`. */
	carryOut(action: FailureAction, messageId: string): void {
		const { host } = this;
		const session = host.session;
		this.#pending = null;
		switch (action.kind) {
			case 'retry':
				void session?.retry(messageId);
				return;
			case 'continue':
				void session?.continueAnswer(messageId);
				return;
			case 'switch_model':
				host.model = action.model;
				void session?.retry(messageId);
				return;
			case 'enable_long_context':
				host.updateModel({ longContext: true });
				void session?.retry(messageId);
				return;
			case 'disable_encrypted_content':
				host.updateModel({ encryptedReasoning: false });
				void session?.retry(messageId);
				return;
			case 'compact_and_retry':
				void session?.compactAndRetry(messageId);
				return;
			case 'choose_model':
				this.#await('choose_model', messageId);
				host.openModelPicker();
				return;
			case 'change_thinking':
				this.#await('change_thinking', messageId);
				host.openSettings('model');
				return;
			case 'switch_gateway':
				this.#await('switch_gateway', messageId);
				host.openSettings('gateway');
				return;
			case 'sign_in':
				void this.#signIn(action.credential, messageId);
				return;
			case 'reload_app':
				this.#leave('reload_app', messageId);
				host.reload();
				return;
			case 'new_conversation':
				void host.newConversationFromSummary();
				return;
			case 'top_up':
				// A link: the card opens it in a new tab; its Try again resends after the top-up.
				return;
			case 'connection_check':
				// A navigation to the check page: the page does it (it holds the router).
				return;
			default:
				assertNever(action, 'failure action');
		}
	}

	/**
	 * The person made fix `fix` (picked a model, entered a key, closed Settings after changing
	 * something): the turn waiting for it is sent again.
	 */
	made(fix: DeferredFix): void {
		const pending = this.#pending;
		if (pending === null || pending.fix !== fix) return;
		this.#pending = null;
		const session = this.host.session;
		if (session?.id === pending.conversationId) void session.retry(pending.messageId);
	}

	/** The person left the fix undone (closed Settings unchanged): nothing is resent. */
	abandoned(fix: DeferredFix): void {
		if (this.#pending?.fix === fix) this.#pending = null;
	}

	/**
	 * After a page load: sends again the turn the page before left for this one (a reload, a
	 * sign-in that redirected). A sign-in that did not complete resends nothing.
	 */
	async resumeAfterLoad(signedIn: boolean, now: number): Promise<void> {
		const resend = takeResend(this.host.tabStorage, now);
		if (resend === null || (resend.reason === 'sign_in' && !signedIn)) return;
		const session = await this.host.openConversation(resend.conversationId);
		if (session === null) return;
		await session.ready;
		const last = session.messages.at(-1);
		if (last?.id === resend.messageId && last.status === 'failed') {
			await session.retry(resend.messageId);
		}
	}

	#await(fix: DeferredFix, messageId: string): void {
		const session = this.host.session;
		if (session !== null) this.#pending = { fix, conversationId: session.id, messageId };
	}

	#leave(reason: ResendAfterLoad['reason'], messageId: string): void {
		const session = this.host.session;
		if (session === null) return;
		rememberResend(this.host.tabStorage, {
			reason,
			conversationId: session.id,
			messageId,
			at: Date.now()
		});
	}

	async #signIn(credential: 'api_key' | undefined, messageId: string): Promise<void> {
		this.#await('sign_in', messageId);
		// A sign-in may leave the page for the authorization server and come back to a new one.
		if (credential !== 'api_key') this.#leave('sign_in', messageId);
		const outcome = await this.host.signIn(credential);
		if (outcome === 'key_asked' || outcome === 'left') return;
		takeResend(this.host.tabStorage, Date.now());
		if (outcome === 'signed_in') this.made('sign_in');
		else this.abandoned('sign_in');
	}
}
