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

/** What the card says while the turn waits for a fix made elsewhere: where, and what follows. */
export function awaitingLabel(
	fix: DeferredFix,
	strings: FailureStrings = enDeferred.failure
): string {
	return strings.awaiting[fix];
}
