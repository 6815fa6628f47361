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

	/**
	 * Carries out `action`, picked on the failure card of assistant message `messageId`. What each
	 * fix does loads with the first one (failure-fix-actions.ts: no failure card, no need for it on
	 * the first paint); Reload needs no code of its own, and if that code cannot load (a deployment
	 * replaced it), the page reloads and sends the turn again from the new one.
	 */
	async carryOut(action: FailureAction, messageId: string): Promise<void> {
		this.#pending = null;
		if (action.kind !== 'reload_app') {
			try {
				const { carryOutFix } = await import('./failure-fix-actions.ts');
				carryOutFix(this, this.host, action, messageId);
				return;
			} catch {
				// The fix's code is gone: the reload below is the way out.
			}
		}
		this.leave('reload_app', messageId);
		this.host.reload();
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

	/** The turn of `messageId` waits for `fix`, made elsewhere (`made` resends it). */
	waitFor(fix: DeferredFix, messageId: string): void {
		const session = this.host.session;
		if (session !== null) this.#pending = { fix, conversationId: session.id, messageId };
	}

	/** The turn of `messageId` is left for the next page load to send again. */
	leave(reason: ResendAfterLoad['reason'], messageId: string): void {
		const session = this.host.session;
		if (session === null) return;
		rememberResend(this.host.tabStorage, {
			reason,
			conversationId: session.id,
			messageId,
			at: Date.now()
		});
	}
}
