import type { FailureCopy } from './present-copy.ts';
import type { FailureSeverity } from './severity.ts';
import type { FailureSituation } from './situation.ts';

/**
 * What the UI shows for a Failure. Actions are a discriminated union on `kind`; the first action
 * of a Presentation is "the one action that helps".
 */
export type FailureAction =
	/** Send the turn again; with `afterMs`, count down first (a Retry-After hint or plan reset). */
	| { kind: 'retry'; afterMs?: number }
	/** Ask the model to carry on from the partial answer, which is kept (routes with a prefill). */
	| { kind: 'continue' }
	/** One-click switch to the successor the gateway named for a retired model. */
	| { kind: 'switch_model'; model: string }
	/** Open the model picker. */
	| { kind: 'choose_model' }
	/** Summarise the conversation and send again (at most once per turn). */
	| { kind: 'compact_and_retry' }
	/** Turn on the larger context option for this model in settings. */
	| { kind: 'enable_long_context' }
	/** Open the thinking setting for this model. */
	| { kind: 'change_thinking' }
	/** Stop sending encrypted reasoning content to this model. */
	| { kind: 'disable_encrypted_content' }
	/** Open the configured top-up page (`TOP_UP_URL`); offered only when one is configured. */
	| { kind: 'top_up'; url: string }
	/** Open the gateway profiles to use another gateway. */
	| { kind: 'switch_gateway' }
	/**
	 * Sign in again, or (`credential: 'api_key'`) enter another key; the turn is sent again after.
	 */
	| { kind: 'sign_in'; credential?: 'api_key' }
	/** Reload the app (a newer version replaced the code this page was running). */
	| { kind: 'reload_app' }
	/** Run the connection check against the gateway. */
	| { kind: 'connection_check' }
	/** Start a fresh conversation. */
	| { kind: 'new_conversation' };

export type FailureActionKind = FailureAction['kind'];

export interface Presentation {
	/** A plain sentence a non-engineer understands. */
	title: string;
	/** How the card looks (severity.ts). */
	severity: FailureSeverity;
	/** The gateway's own message, exactly as sent. Text only. */
	detail: string;
	/** What it means, in this app's words, where that helps (shown after the detail). */
	note?: string;
	/** At least one; the first is the one that helps. */
	actions: FailureAction[];
	/** Shown with a copy button. */
	requestId?: string;
	/** Shown as text behind a details disclosure. */
	raw?: string;
	retryAfterMs?: number;
}

export interface PresentOptions {
	/** `TOP_UP_URL`; the top-up action is offered only when this is a non-empty string. */
	topUpUrl?: string | null | undefined;
	/** The clock (epoch ms) for "resets in …"; defaults to `Date.now()`. */
	now?: number;
	/** Where it happened; decides which actions can help (situation.ts). */
	situation?: FailureSituation;
	/** The app's own words in the person's language (src/lib/i18n); English when absent. */
	copy?: FailureCopy;
}
