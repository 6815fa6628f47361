import type { RetryNote } from '$lib/chat/chat-message';
import type { DeferredFix } from '$lib/chat/failure-fixes.svelte';
import { assertNever, type FailureAction } from '$lib/failure';
import type { DeferredCatalogue } from '$lib/i18n/catalogue';
import { enDeferred } from '$lib/i18n/en-deferred';

type FailureStrings = DeferredCatalogue['failure'];

/** The button text for a failure action: what clicking it does, in plain words. */
export function actionLabel(
	action: FailureAction,
	strings: FailureStrings = enDeferred.failure
): string {
	const labels = strings.actions;
	switch (action.kind) {
		case 'retry':
			return labels.retry;
		case 'continue':
			return labels.continue;
		case 'switch_model':
			return labels.switchModel(action.model);
		case 'choose_model':
			return labels.chooseModel;
		case 'compact_and_retry':
			return labels.compactAndRetry;
		case 'enable_long_context':
			return labels.enableLongContext;
		case 'change_thinking':
			return labels.changeThinking;
		case 'disable_encrypted_content':
			return labels.disableEncryptedContent;
		case 'top_up':
			return labels.topUp;
		case 'switch_gateway':
			return labels.switchGateway;
		case 'sign_in':
			return action.credential === 'api_key' ? labels.enterAnotherKey : labels.signIn;
		case 'reload_app':
			return labels.reloadApp;
		case 'connection_check':
			return labels.connectionCheck;
		case 'new_conversation':
			return labels.newConversation;
		default:
			return assertNever(action, 'failure action');
	}
}

/** Why the app does not send the message again by itself. */
export function retryNoteText(
	note: RetryNote,
	strings: FailureStrings = enDeferred.failure
): string {
	const words = strings.retryNote;
	switch (note.kind) {
		case 'manual':
			return words.manual[note.failure];
		case 'not_retryable':
			return words.notRetryable;
		case 'attempts_used':
			return words.attemptsUsed(note.attempts);
		case 'answer_started':
			return words.answerStarted;
		case 'wait_too_long':
			return words.waitTooLong;
		case 'still_too_large':
			return words.stillTooLarge;
		default:
			return assertNever(note, 'retry note');
	}
}

/** What the card says while the turn waits for a fix made elsewhere: where, and what follows. */
export function awaitingLabel(
	fix: DeferredFix,
	strings: FailureStrings = enDeferred.failure
): string {
	return strings.awaiting[fix];
}
