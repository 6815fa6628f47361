/**
 * What each failure-card fix does (failure-fixes.svelte.ts keeps which one a turn waits for, and
 * loads this with the first fix carried out): one-click fixes change what they change and resend
 * at once; fixes made elsewhere leave the turn waiting (`waitFor`); a sign-in that may leave the
 * page leaves the turn for the next one too (`leave`).
 */
import { assertNever } from '../failure/assert-never.ts';
import type { FailureAction } from '../failure/index.ts';
import type { FailureFixes, FixHost } from './failure-fixes.svelte.ts';
import { takeResend } from './resend-after-load.ts';

export function carryOutFix(
	fixes: FailureFixes,
	host: FixHost,
	action: FailureAction,
	messageId: string
): void {
	const session = host.session;
	switch (action.kind) {
		case 'retry':
			// While its countdown runs, the card's only retry is the countdown's "Try now".
			if (session?.retryNow(messageId) !== true) void session?.retry(messageId);
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
			fixes.waitFor('choose_model', messageId);
			host.openModelPicker();
			return;
		case 'change_thinking':
			fixes.waitFor('change_thinking', messageId);
			host.openSettings('model');
			return;
		case 'switch_gateway':
			fixes.waitFor('switch_gateway', messageId);
			host.openSettings('gateway');
			return;
		case 'sign_in':
			void signIn(fixes, host, action.credential, messageId);
			return;
		case 'reload_app':
			// Carried out by FailureFixes itself, which needs no code loaded for it.
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

async function signIn(
	fixes: FailureFixes,
	host: FixHost,
	credential: 'api_key' | undefined,
	messageId: string
): Promise<void> {
	fixes.waitFor('sign_in', messageId);
	// A sign-in may leave the page for the authorization server and come back to a new one.
	if (credential !== 'api_key') fixes.leave('sign_in', messageId);
	const outcome = await host.signIn(credential);
	if (outcome === 'key_asked' || outcome === 'left') return;
	takeResend(host.tabStorage, Date.now());
	if (outcome === 'signed_in') fixes.made('sign_in');
	else fixes.abandoned('sign_in');
}
