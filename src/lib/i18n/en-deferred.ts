/**
 * English, the source language: the strings of the parts loaded on first use (the failure card
 * and the sign-in problem, the settings panel, the connection check). They are kept apart from
 * en.ts so that they load with those parts, not with the chat's first paint (bench:size budget,
 * docs/reference/performance.md). Other languages keep both halves in one file (zh-CN.ts).
 *
 * These are the exact words the tests and the documentation use: change them together.
 */
import type { DeferredFix } from '../chat/failure-fixes.svelte.ts';
import { formatDuration } from '../failure/duration.ts';
import type { FailureCopy } from '../failure/present-copy.ts';
import type { ManualRetryKind } from '../failure/retry-policy.ts';
import type { ImportRefusal } from '../chat/storage/transfer.ts';
import type { CheckStepName, StepState } from '../connection-check/steps.ts';

const failureCopy = {
	title: {
		insufficient_balance: 'Your balance on this gateway has run out',
		payment_authorization_failed: 'The payment was declined',
		usage_limit: "You've reached your plan's usage limit",
		rate_limited: 'Too many requests right now',
		classifier_unavailable: 'Safety checks are temporarily unavailable',
		model_unavailable: "This model isn't available right now",
		model_retired: 'This model has been retired',
		context_too_large: 'This conversation is too long for the model',
		long_context_required: 'This request needs the larger context option',
		encrypted_content_unsupported:
			"This model can't accept encrypted reasoning from earlier replies",
		thinking_block_invalid: "An earlier reply's thinking couldn't be sent back to the model",
		thinking_mode_unsupported: "This model doesn't support the chosen thinking setting",
		region_unsupported: 'The service is not available in your country or region',
		token_exchange_failed: "Sign-in couldn't be completed",
		forbidden: 'The gateway refused this request',
		not_found: "The gateway address or route wasn't found",
		request_too_large: 'The message is too large to send',
		bad_request: 'The gateway rejected the request',
		overloaded: 'The model is overloaded right now',
		upstream_failed: "The gateway's provider failed to answer",
		bad_gateway: "The gateway isn't responding properly",
		origin_timeout: 'The gateway took too long to answer',
		server_error: 'The gateway had an internal error',
		asset_timeout: 'Part of the app failed to load',
		malformed_response: 'The gateway sent an unexpected response',
		response_too_large: 'The answer was too large and was stopped',
		stream_interrupted: 'The answer was cut off',
		stream_stalled: 'The answer stopped arriving',
		unknown: 'Something went wrong'
	},
	authExpired: {
		signIn: 'Your sign-in has expired',
		apiKey: 'The gateway refused your API key'
	},
	network: {
		offline: "You're offline",
		timeout: 'The connection to the gateway timed out',
		refused_or_blocked: "Can't reach the gateway"
	},
	classifierExplanation:
		'The safety checks that review shell commands are temporarily unavailable, so shell actions are blocked for now. Read-only actions continue, and other models are not affected.',
	partialKept: 'What arrived so far is kept.',
	resetsIn: (ms: number) => `It resets in about ${formatDuration(ms)}.`
} satisfies FailureCopy;

const failure = {
	...failureCopy,
	/** Failure card buttons: what clicking does, in plain words. */
	actions: {
		retry: 'Try again',
		continue: 'Continue the answer',
		switchModel: (model: string) => `Switch to ${model}`,
		chooseModel: 'Choose another model',
		compactAndRetry: 'Compact the conversation and retry',
		enableLongContext: 'Enable the larger context option',
		changeThinking: 'Change the thinking setting',
		disableEncryptedContent: 'Turn off encrypted content for this model',
		topUp: 'Top up your balance',
		switchGateway: 'Use another gateway',
		signIn: 'Sign in again',
		enterAnotherKey: 'Enter another key',
		reloadApp: 'Reload the app',
		connectionCheck: 'Check the connection',
		newConversation: 'Start a new conversation'
	},
	/** While the turn waits for a fix made elsewhere: where, and what follows. */
	awaiting: {
		choose_model: 'Pick a model above: this message is sent again with it.',
		sign_in: 'Once you are signed in, or have entered a key, this message is sent again.',
		change_thinking:
			'Change the thinking setting in Settings: this message is sent again when you close it.',
		switch_gateway:
			'Choose another gateway in Settings: this message is sent again when you close it.'
	} satisfies { readonly [F in DeferredFix]: string },
	detailsFromGateway: 'Details from the gateway',
	requestId: 'Request id',
	copy: 'Copy',
	copied: 'Copied',
	selectedToCopy: 'Selected: press Ctrl+C to copy.',
	retryPaused: (attempt: number, seconds: number) =>
		`Attempt ${attempt} paused while you read (${seconds} s left).`,
	retryIn: (attempt: number, seconds: number) => `Attempt ${attempt} in ${seconds} s…`,
	tryNow: 'Try now',
	cancel: 'Cancel',
	/** Why the app does not send the message again by itself (under the card's text). */
	retryNote: {
		manual: {
			classifier_unavailable: 'Safety checks are unavailable; retry when they are back.',
			model_unavailable: 'The model may come back; retrying is up to you.',
			thinking_block_invalid:
				'The retry leaves out the empty thinking blocks; it is sent on request.',
			malformed_response: 'The gateway answered unexpectedly; retrying is up to you.',
			unknown: 'The failure is not understood well enough to retry by itself.'
		} satisfies { readonly [K in ManualRetryKind]: string },
		notRetryable: 'Sending it again as it is would fail the same way.',
		attemptsUsed: (attempts: number) =>
			`Already tried ${attempts} times; the app stops retrying here.`,
		answerStarted:
			'Part of the answer was already shown; sending again replaces it, so it waits for you.',
		waitTooLong: 'The gateway asked to wait longer than the app waits by itself.',
		stillTooLarge:
			'Still too large after compacting once. Start a new conversation from the summary, or shorten your message.'
	}
};

export const enDeferred = {
	failure,

	/** What an export or import reports (the buttons are in en.ts, `transfer`). */
	importExport: {
		nothingToExport: 'This conversation has no saved messages yet.',
		refused: {
			not_json: 'This file is not JSON, so it is not a Switchboard export.',
			not_export: 'This JSON file is not a Switchboard export.',
			no_conversations: 'This export holds no conversations.'
		} satisfies { readonly [R in ImportRefusal]: string },
		importing: 'Importing conversations',
		readingFile: 'Reading the file…',
		/** Counts arrive formatted for the language (Intl); `count` is the total, for the plural. */
		messagesProgress: (done: string, total: string, count: number) =>
			`${done} of ${total} message${count === 1 ? '' : 's'}`,
		conversationsProgress: (done: string, total: string, count: number) =>
			`${done} of ${total} conversation${count === 1 ? '' : 's'}`,
		imported: (formatted: string, count: number) =>
			`Imported ${formatted} conversation${count === 1 ? '' : 's'}.`,
		messages: 'Messages',
		skipped: 'Skipped as damaged',
		time: 'Time',
		seconds: (seconds: string) => `${seconds} s`
	},

	/** A sign-in attempt that failed, or a session that ended. */
	signIn: {
		sessionEnded: 'Your session has ended',
		keptWhileSigningIn: 'Your conversation and your draft are kept while you sign in again.',
		signInAgain: 'Sign in again',
		tryAgain: 'Try again',
		dismiss: 'Dismiss'
	},

	settings: {
		title: 'Settings',
		done: 'Done',
		gateway: {
			legend: 'Gateway',
			use: 'Use',
			remove: 'Remove this gateway',
			add: 'Add a gateway',
			name: 'Name',
			baseUrl: 'Base URL',
			route: 'Route',
			area: 'Backend area',
			signIn: 'Sign-in',
			apiKey: 'API key',
			none: 'None',
			keyHeader: 'Send the key as',
			keyHeaderXApiKey: 'x-api-key (Anthropic API, most relays)',
			keyHeaderBearer: 'Authorization: Bearer (one-api and others)',
			defaultModel: 'Default model',
			submit: 'Add gateway',
			badBaseUrl:
				'Enter the gateway’s base URL, like https://gw.example.com (http or https, no query).'
		},
		model: {
			legend: 'Model',
			thinking: 'Thinking',
			adaptive: 'Adaptive (the model decides)',
			enabled: 'On, with a budget',
			off: 'Off',
			budget: 'Thinking budget (tokens, at least 1024)',
			encryptedReasoning:
				'Carry reasoning between turns (encrypted; on by default for reasoning models)',
			longContext:
				'Use the larger (1M-token) context window, where the plan includes it (may cost extra)'
		},
		chat: {
			legend: 'Chat',
			instructions: 'Instructions (system prompt)',
			reasoningEffort: 'Reasoning effort',
			modelDefault: 'Model default',
			reasoningSummary: 'Ask for reasoning summaries (reasoning models only)',
			/** Around the tool's name, shown as code: "Image generation (the image_generation tool)". */
			imageGeneration: { before: 'Image generation (the ', after: ' tool)' },
			imageFormat: 'Image format'
		},
		language: {
			label: 'Language',
			auto: 'Automatic (browser language)'
		}
	},

	connection: {
		pageTitle: 'Connection check',
		title: 'Connection check',
		/** Where the check looks; `{ code }` parts are shown as code. */
		context: (where: { baseUrl: string; route: string; origin: string }): RichText => [
			'Gateway ',
			{ code: where.baseUrl },
			`, ${where.route} route, from this page at `,
			{ code: where.origin },
			'.'
		],
		intro:
			'Checks whether this browser can use the gateway: reachable, CORS, credentials, model list, and one streamed answer.',
		preparing: 'Preparing the check…',
		notRunYet: 'Not run yet.',
		couldNotRun: (reason: string) => `The check could not run: ${reason}`,
		cancel: 'Cancel',
		runAgain: 'Run again',
		backToChat: 'Back to the chat',
		copyReport: 'Copy report',
		reportCopied: 'Report copied',
		noClipboard: 'The clipboard is not available: press Ctrl+C to copy.',
		report: 'Connection check report',
		howToFix: 'How to fix it:',
		steps: {
			reachable: 'Reachable',
			cors: 'CORS allowed',
			auth: 'Credentials accepted',
			models: 'Model list',
			stream: 'Streamed answer'
		} satisfies { readonly [S in CheckStepName]: string },
		states: {
			pending: 'Waiting',
			running: 'Checking…',
			passed: 'Passed',
			failed: 'Failed',
			skipped: 'Skipped',
			cancelled: 'Cancelled'
		} satisfies { readonly [S in StepState['state']]: string },
		modelListMissing: 'The model list did not load; you can still type a model id and send.',
		trying: 'Trying…',
		tryAgain: 'Try again',
		open: 'Open the connection check'
	}
};

/** A sentence with parts shown as code (addresses), in the order the language puts them. */
export type RichText = readonly (string | { code: string })[];
