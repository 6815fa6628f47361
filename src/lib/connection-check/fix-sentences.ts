/**
 * "How to fix it", for a classified Failure: the failure card's first action (src/lib/failure
 * `present`), said as an instruction, so the check and the card give the same advice.
 */
import { assertNever, present, type Failure, type FailureAction } from '../failure/index.ts';
import type { ExplainCopy } from './check-copy.ts';

function actionSentence(action: FailureAction, w: ExplainCopy): string {
	const say = w.fix;
	switch (action.kind) {
		case 'retry':
			return say.retry;
		case 'continue':
			return say.continue;
		case 'switch_model':
			return say.switchModel(action.model);
		case 'choose_model':
			return say.chooseModel;
		case 'compact_and_retry':
		case 'new_conversation':
			return say.newConversation;
		case 'enable_long_context':
			return say.enableLongContext;
		case 'change_thinking':
			return say.changeThinking;
		case 'disable_encrypted_content':
			return say.disableEncryptedContent;
		case 'top_up':
			return say.topUp(action.url);
		case 'switch_gateway':
			return say.switchGateway;
		case 'sign_in':
			return action.credential === 'api_key' ? say.enterAnotherKey : say.signInAgain;
		case 'reload_app':
			return say.reloadApp;
		case 'connection_check':
			return say.checkSettings;
		default:
			return assertNever(action, 'failure action');
	}
}

export function fixFor(
	failure: Failure,
	topUpUrl: string | null | undefined,
	w: ExplainCopy
): string {
	const [first] = present(failure, { topUpUrl }).actions;
	return actionSentence(first ?? { kind: 'retry' }, w);
}

/** Ends with a full stop unless it already ends a sentence. */
export function sentence(text: string): string {
	const trimmed = text.trim();
	return /[.!?。！？…)）]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
