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
import { ENGLISH_OWN_SENTENCES } from '../failure/own-sentence-say.ts';
import type { FailureCopy } from '../failure/present-copy.ts';
import type { ManualRetryKind } from '../failure/retry-policy.ts';
import type { ImportRefusal } from '../chat/storage/import-file.ts';
import type { MarkdownWords } from '../chat/storage/transfer.ts';
import type { ExplainCopy } from '../connection-check/check-copy.ts';
import type { CheckStepName, StepState } from '../connection-check/steps.ts';
import type { RouteKind } from '../wire/index.ts';

/** A damaged conversation of an import file: its title, or its place in the file. */
const damagedName = (title: string | null, position: string): string =>
	title === null ? `Conversation ${position} of the file` : `“${title}”`;

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
	resetsIn: (ms: number) => `It resets in about ${formatDuration(ms)}.`,
	/** This app's own sentence where the gateway gave none (failure/own-sentence.ts holds them). */
	own: ENGLISH_OWN_SENTENCES
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

	/**
	 * A file the composer could not take, named; sizes arrive written (`2.4 MB`). The composer
	 * loads these words with the first refusal; en.ts `composer.notAttached` is said without them.
	 */
	attachmentRefusal: {
		/**
		 * The code that checks files could not be loaded. The browser keeps that failure for the
		 * page's life, so only a reload tries again.
		 */
		unavailable: (name: string) =>
			`${name} could not be attached: the app server could not be reached. When the connection is back, reload the page (your draft is kept) and attach it again.`,
		unsupportedType: (name: string) =>
			`${name}: this file type can’t be sent; attach PNG, JPEG, WebP, GIF or PDF.`,
		tooManyFiles: (name: string, limit: number) =>
			`${name}: a message can carry at most ${limit} files.`,
		imageTooLarge: (name: string, size: string, limit: string) =>
			`${name} is ${size}; an image can be at most ${limit}.`,
		pdfTooLarge: (name: string, size: string, limit: string) =>
			`${name} is ${size}; a PDF can be at most ${limit}.`,
		totalTooLarge: (name: string, limit: string) =>
			`${name}: all files of a message together can be at most ${limit}.`
	},

	/** Enter pressed while an answer is still coming: why nothing was sent (Composer.svelte). */
	heldPrompt:
		'The answer is still coming, so your message waits here. Send it once the answer ends, or press Stop (Esc) first.',

	/** When this browser does not keep what is typed and received (loaded when it happens). */
	storageNotice: {
		unavailable:
			'History is not being saved: this browser does not allow storage here (private mode, a policy, or a page embedding the app in a browser that blocks storage for embedded sites). Conversations last until you close the page; export them to keep them.',
		full: 'History is no longer being saved: the browser storage is full. What you type and receive from now on is kept only in this page and is lost when it is closed or reloaded; export your conversations to keep them, or delete old ones to free space.',
		failed:
			'History is no longer being saved: the browser storage stopped working. What you type and receive from now on is kept only in this page and is lost when it is closed or reloaded; export your conversations to keep them.',
		/** `since`: a date and time, written for the language. */
		lostSince: (since: string) =>
			`Your last visit could not save everything: from ${since} on, the browser storage refused writes, so what was typed and received after that was kept only in that page and is gone.`,
		skipped: (count: number) =>
			`${count} damaged saved item${count === 1 ? ' was' : 's were'} skipped.`
	},

	/** The API-key popover's form (its button's words are en.ts `auth`). */
	apiKeyForm: {
		keyInUse: 'Key in use:',
		remembered: 'Remembered on this device until you forget it.',
		notRemembered: 'Kept only until this page is closed or reloaded.',
		forgetKey: 'Forget key',
		keyLabel: 'API key for this gateway',
		remember: 'Remember on this device',
		sharedMachineWarning:
			"A remembered key is stored in this browser, where anyone using this computer's browser profile can read it. Don't remember it on a shared or public computer.",
		useKey: 'Use key',
		empty: 'Paste or type the key first.',
		/** `what` is one of `character`'s sentences below. */
		unsendable: (position: number, what: string) =>
			`This key can't be used: character ${position} is ${what}. A key is letters, digits and symbols: copy or type it again.`,
		character: {
			visible: (character: string, code: string) => `“${character}” (${code})`,
			space: (_character: string, code: string) => `a space (${code})`,
			fullWidthSpace: (_character: string, code: string) => `a full-width space (${code})`,
			lineBreak: (_character: string, code: string) => `a line break (${code})`,
			invisible: (_character: string, code: string) => `an invisible character (${code})`
		}
	},

	/** What an export or import reports (the buttons are in en.ts, `transfer`). */
	importExport: {
		nothingToExport: 'This conversation has no saved messages yet.',
		nothingToExportAll: 'There are no saved conversations to export yet.',
		refused: {
			not_json: 'This file is not JSON, so it is not a Switchboard export.',
			damaged_json:
				'This file is damaged or incomplete: it starts like an export but does not read to the end. Export the conversations again, or use a complete copy of the file.',
			markdown:
				'This is a Markdown file, which is for reading: to bring conversations back, import a JSON export (Export as JSON or Export all).',
			not_export: 'This JSON file is not a Switchboard export.',
			no_conversations: 'This export holds no conversations.'
		} satisfies { readonly [R in ImportRefusal]: string },
		importing: 'Importing conversations',
		dismissSummary: 'Dismiss the import summary',
		readingFile: 'Reading the file…',
		/** Counts arrive formatted for the language (Intl); `count` is the total, for the plural. */
		messagesProgress: (done: string, total: string, count: number) =>
			`${done} of ${total} message${count === 1 ? '' : 's'}`,
		conversationsProgress: (done: string, total: string, count: number) =>
			`${done} of ${total} conversation${count === 1 ? '' : 's'}`,
		imported: (formatted: string, count: number) =>
			`Imported ${formatted} conversation${count === 1 ? '' : 's'}.`,
		/** Every conversation in the file is in the library already, unchanged. */
		nothingNew: 'Every conversation in this file is here already.',
		messages: 'Messages',
		skipped: 'Skipped as damaged',
		/**
		 * Which conversations of the file lost something, each named by its title (its own words,
		 * as they are) or, without one, by its place among the file's conversations (formatted).
		 */
		damagedMessages: (title: string | null, position: string, formatted: string, count: number) =>
			`${damagedName(title, position)}: ${formatted} message${count === 1 ? '' : 's'} skipped`,
		damagedWhole: (title: string | null, position: string) =>
			`${damagedName(title, position)}: could not be read, skipped whole`,
		damagedMore: (formatted: string, _count: number) => `and ${formatted} more`,
		alreadyHere: 'Here already, not imported again',
		time: 'Time',
		seconds: (seconds: string) => `${seconds} s`,
		/**
		 * The words of a Markdown export (storage/transfer.ts `exportMarkdown`), in the language of
		 * the page. What the model and the person wrote stays as it is; `what` and `model` arrive as
		 * Markdown code.
		 */
		markdown: {
			untitled: 'Conversation',
			model: (model: string) => `Model: ${model}`,
			you: 'You',
			assistant: 'Assistant',
			reasoning: 'Reasoning',
			attached: (name: string, mimeType: string) =>
				`attached: ${name} (${mimeType}) — in the JSON export`,
			tool: (what: string, status: string, input: string) =>
				`Tool: ${what} (${status})${input === '' ? '' : `: ${input}`}`,
			sources: 'Sources:',
			image: (position: number) => `image ${position} — in the JSON export`,
			status: {
				incomplete: 'incomplete: the gateway ended the answer early',
				interrupted: 'interrupted: the answer did not finish',
				cancelled: 'stopped',
				failed: 'failed'
			},
			notices: {
				compacted:
					'Here earlier messages were summarised to fit the model’s context window; from here on only the summary was sent.',
				carried_over: 'This conversation carries on from a summary of an earlier one.',
				dropped: 'Here earlier messages were left out to fit the model’s context window.'
			}
		} satisfies MarkdownWords
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
			legend: 'Gateway & sign-in',
			use: 'Use',
			/** The built-in demo gateway, in the list of gateways to use. */
			demoName: 'Demo gateway',
			/** A name and what it stands for, in brackets: a gateway and its route, a route and its path. */
			option: (name: string, route: string) => `${name} (${route})`,
			/** The routes in plain words (their paths are shown beside them, untranslated). */
			routeNames: {
				responses: 'OpenAI Responses API',
				backend: 'Codex backend (ChatGPT account)',
				messages: 'Anthropic Messages API'
			} satisfies { readonly [R in RouteKind]: string },
			account: 'Your account (sign in)',
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
			legend: 'Model & reasoning',
			/** Under the legend: the options below are the ones this route has. */
			onRoute: (route: string) => `Options of the ${route} route.`,
			effort: 'Reasoning effort',
			efforts: {
				off: 'Off (no reasoning parameters)',
				default: 'Model default',
				minimal: 'Minimal',
				low: 'Low',
				medium: 'Medium',
				high: 'High',
				xhigh: 'Extra high'
			},
			summary: 'Ask for reasoning summaries',
			thinking: 'Thinking',
			thinkingOff: 'Not asked for (the model’s default)',
			adaptiveGroup: 'Adaptive (newer models)',
			adaptive: 'Adaptive: the model decides',
			adaptiveEffort: {
				low: 'Adaptive, low effort',
				medium: 'Adaptive, medium effort',
				high: 'Adaptive, high effort'
			},
			budgetGroup: 'With a budget (older models)',
			budget: (tokens: string) => `Budget of ${tokens} tokens`,
			encryptedReasoning:
				'Carry reasoning between turns (encrypted; on by default for reasoning models)',
			longContext:
				'Use the larger (1M-token) context window, where the plan includes it (may cost extra)'
		},
		chat: {
			legend: 'Conversation',
			instructions: 'Instructions (system prompt)',
			/** Around the tool's name, shown as code: "Image generation (the image_generation tool)". */
			imageGeneration: { before: 'Image generation (the ', after: ' tool)' },
			imageFormat: 'Image format'
		},
		language: {
			label: 'Language',
			auto: 'Automatic (browser language)'
		}
	},

	/** The model picker's list, opened from the model button (ModelPicker.svelte). */
	picker: {
		dialog: 'Choose a model',
		search: 'Search models',
		placeholder: 'Search, or type any model id',
		list: 'Models',
		recent: 'Recent',
		other: 'Other',
		/** The last choice: the text typed, used as the model id as it is. */
		useTyped: (id: string) => `Use “${id}”`,
		notListed: 'not listed; the gateway may still accept it',
		more: (count: string) => `${count} more — type to narrow the list`,
		noModels: 'This gateway lists no models: type a model id to use it.',
		loadFailed: 'The model list could not be loaded: type a model id to use it.',
		noMatch: 'No listed model matches.'
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
		/** Why it could not run, when no gateway is set up. */
		noGateway: 'no gateway is configured.',
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
		explain: {
			seconds: (seconds: number) => `${seconds} s`,
			address: {
				settings: (baseUrl: string) => `the gateway's base URL in Settings (now ${baseUrl})`,
				direct: (baseUrl: string) => `GATEWAY_URL on the Switchboard server (now ${baseUrl})`,
				relay: (baseUrl: string) =>
					`GATEWAY_URL on the Switchboard server (the relay at ${baseUrl} forwards to it)`,
				demo: (baseUrl: string) =>
					`the Switchboard server (it serves the built-in demo gateway at ${baseUrl})`
			},
			reachable: {
				answered: (host: string) => `The gateway at ${host} answered.`,
				demo: 'This server answers: it runs the built-in demo gateway.',
				relay: (upstream: string) =>
					`This server answers: it relays to the configured gateway${upstream === '' ? '' : ` at ${upstream}`} (GATEWAY_MODE=relay).`,
				sameOrigin: "The gateway is on this server's origin, and it answered.",
				offline: 'This device is offline.',
				offlineFix: 'Connect to a network, then run the check again.',
				mixedContent: (baseUrl: string) =>
					`This page is served over https, and the browser blocks its calls to the http:// gateway address ${baseUrl}.`,
				mixedContentServerFix:
					'Give the gateway an https:// address (GATEWAY_URL), or set GATEWAY_MODE=relay on the Switchboard server.',
				mixedContentSettingsFix: "Use the gateway's https:// address in Settings.",
				blocked: (host: string) =>
					`This app's Content-Security-Policy does not allow connections to ${host}.`,
				blockedServerFix:
					'Reload this page; if it is still blocked, tell whoever runs Switchboard (its policy should allow GATEWAY_URL).',
				blockedSettingsFix:
					'Reload this page: a gateway added since it loaded is allowed only after a reload. If it is still blocked, custom gateways are off on this server (ALLOW_CUSTOM_GATEWAYS).',
				timedOut: (host: string, wait: string) => `${host} did not answer within ${wait}.`,
				timedOutFix:
					'Check that the gateway is running and that this computer can reach it (VPN, firewall, proxy settings).',
				unreachable: (host: string) =>
					`The browser could not connect to ${host}: nothing answered there, its name did not resolve, or a secure connection could not be made.`,
				unreachableTold: (detail: string, host: string) =>
					`${detail.trim().replace(/\.$/, '')} (${host}).`,
				unreachableFix: (address: string) =>
					`Check ${address}, that the gateway is running, and that this computer can reach it (VPN, firewall, proxy settings).`
			},
			cors: {
				sameOrigin: "Not needed: the gateway is on this server's origin.",
				allowed: (origin: string) => `The gateway allows this origin (${origin}).`,
				allowedHeaders: (origin: string, headers: string) =>
					`The gateway allows this origin (${origin}) and the headers a chat request sends (${headers}).`,
				noCors: (origin: string) =>
					`The gateway does not allow this origin (${origin}): its answers carry no CORS headers for it, so the browser may not read them.`,
				noCorsServerFix: (origin: string, headers: string) =>
					`Set GATEWAY_MODE=relay on the Switchboard server, or allow ${origin}${headers === '' ? '' : ` (and the ${headers} headers)`} in the gateway's CORS settings.`,
				noCorsSettingsFix: (origin: string, headers: string) =>
					`Allow ${origin}${headers === '' ? '' : ` (and the ${headers} headers)`} in the gateway's CORS settings, or ask whoever runs Switchboard to make this gateway its GATEWAY_URL with GATEWAY_MODE=relay.`,
				headersRefused: (origin: string, headers: string, count: number) =>
					`The gateway allows this origin (${origin}), but its preflight refuses the ${headers} ${count === 1 ? 'header' : 'headers'} that chat requests send.`,
				preflightRefused: (origin: string, headers: string) =>
					`The gateway allows this origin (${origin}) for simple requests, but refuses the preflight for the headers chat requests send (${headers}).`,
				preflightFix: (headers: string, count: number, origin: string) =>
					`Allow the ${headers} ${count === 1 ? 'header' : 'headers'} for ${origin} in the gateway's CORS settings (Access-Control-Allow-Headers; a * there does not cover Authorization).`,
				preflightServerFix: (headers: string, count: number, origin: string) =>
					`Allow the ${headers} ${count === 1 ? 'header' : 'headers'} for ${origin} in the gateway's CORS settings (Access-Control-Allow-Headers; a * there does not cover Authorization), or set GATEWAY_MODE=relay on the Switchboard server.`,
				timedOut: (wait: string) => `The CORS check got no answer within ${wait}.`,
				timedOutFix:
					'Run the check again; if it keeps timing out, check the gateway and any proxy in front of it.'
			},
			auth: {
				credential: {
					none: 'the request without credentials',
					oauth: 'your sign-in',
					apiKey: 'the API key'
				},
				accepted: (credential: string) => `The gateway accepted ${credential}.`,
				acceptedWithout: 'The gateway answered without credentials.',
				notRefused: (credential: string, status: number) =>
					`The gateway did not refuse ${credential} (it answered HTTP ${status}; the next step says more).`,
				refused: (credential: string, detail: string) =>
					`The gateway refused ${credential}: ${detail}`,
				signInFix: 'Sign in from the chat (your draft is kept).',
				addKeyFix: "This gateway needs a key: add one with the chat header's key menu.",
				signInAgainFix: 'Sign in again from the chat (your draft is kept).',
				checkKeyFix:
					"Check the API key in the chat header's key menu: it may be mistyped, revoked, or for another gateway.",
				forbiddenFix:
					"Ask the gateway's operator to allow this key or account from here (quote the request id), or use another gateway.",
				requestFailed: (detail: string) => `The request for the model list failed: ${detail}`,
				requestFailedFix:
					'Run the check again; if it fails again, check the gateway and any proxy in front of it.',
				timedOut: (url: string, wait: string) =>
					`The gateway did not answer ${url} within ${wait}.`,
				timedOutFix: "Run the check again; if it keeps timing out, ask the gateway's operator."
			},
			models: {
				listed: (count: number, shown: string, more: boolean) =>
					`The gateway lists ${count === 1 ? '1 model' : `${count} models`}: ${shown}${more ? ', …' : ''}.`,
				answered: (url: string, detail: string) => `${url} answered: ${detail}`,
				relayUnreachableFix:
					'The relay on this server could not use the gateway: check GATEWAY_URL, and that the Switchboard server itself can reach the gateway (firewall, DNS, outgoing proxy).',
				relayOffFix:
					'The relay is off: set GATEWAY_MODE=relay on the Switchboard server and restart it.',
				relayRefusedFix:
					'The relay on this server refused the request; the message above says why. Tell whoever runs Switchboard.',
				baseUrlFix: (address: string) =>
					`Check ${address}: it is the address under which /v1/models and the chat route live, without /v1.`,
				html: (url: string, title: string) =>
					`${url} answered with an HTML page${title === '' ? '' : ` ("${title}")`}, not a model list.`,
				htmlFix: (baseUrlFix: string) =>
					`An HTML page usually means a wrong base URL, or a proxy or sign-in page in front of the gateway. ${baseUrlFix}`,
				notJson: (url: string) => `${url} did not answer with JSON.`,
				wrongShape: (url: string, keys: string) =>
					`${url} answered with JSON that is not a model list (expected {"data": [{"id": …}]}${keys === '' ? '' : `; it has ${keys}`}).`,
				wrongShapeFix: (baseUrlFix: string) =>
					`${baseUrlFix} The gateway must speak the OpenAI or Anthropic API.`,
				empty: 'The gateway lists no models for these credentials.',
				emptyFix: "Ask the gateway's operator to enable models for your key or account.",
				timedOut: (wait: string) => `The model list did not arrive within ${wait}.`,
				timedOutFix: "Run the check again; if it keeps timing out, ask the gateway's operator."
			},
			stream: {
				completed: (model: string) => `${model} streamed an answer to its end.`,
				incomplete: (model: string) =>
					`${model} streamed an answer that stopped at the check's small token limit; that is fine.`,
				failed: (model: string, detail: string) =>
					`A streamed request to ${model} failed: ${detail}`,
				networkFix: (url: string, relay: boolean) =>
					`Check that the gateway serves chat requests at ${url} and sends CORS headers on those answers too${relay ? ' (or set GATEWAY_MODE=relay on the Switchboard server)' : ''}.`,
				stalled: (detail: string) =>
					`The streamed answer stopped arriving: ${detail} Something between the browser and the gateway holds streamed answers back.`,
				ended: 'The stream ended before its last event: the connection drops streamed answers.',
				bufferingFix:
					"Turn proxy buffering off for the gateway's path (nginx: proxy_buffering off) and give streamed answers a long read timeout.",
				requestInvalid: (detail: string) => `The request could not be built: ${detail}`,
				requestInvalidFix: 'Paste the API key again, without spaces or line breaks around it.',
				noModel: 'There is no model to try.',
				noModelFix: 'Choose a model in the chat, then run the check again.',
				timedOut: (wait: string) => `No complete answer arrived within ${wait}.`,
				timedOutFix: (bufferingFix: string) =>
					`Try again, or choose a faster model in the chat. If streamed answers never arrive: ${bufferingFix}`
			},
			fix: {
				retry:
					"Try again in a moment; if it keeps failing, tell the gateway's operator (quote the request id).",
				continue: 'Ask the model to continue its answer in the chat.',
				switchModel: (model: string) => `Use ${model} instead (choose it in the chat).`,
				chooseModel: 'Choose another model in the chat.',
				newConversation: 'Start a new conversation in the chat.',
				enableLongContext: 'Turn on the larger context option for this model in Settings.',
				changeThinking: 'Change the thinking setting for this model in Settings.',
				disableEncryptedContent: 'Turn off encrypted reasoning for this model in Settings.',
				topUp: (url: string) => `Top up your balance on the gateway (${url}).`,
				switchGateway: 'Use another gateway (Settings, Gateways).',
				enterAnotherKey: 'Enter another API key for this gateway in the chat.',
				signInAgain: 'Sign in again from the chat.',
				reloadApp: 'Reload this page.',
				checkSettings: "Check the gateway's base URL and route in Settings."
			},
			skipped: (step: string) => `Not checked: "${step}" failed first.`,
			summary: {
				checking: (step: string) => `Checking: ${step}…`,
				failedAt: (step: string, problem: string) => `Failed at "${step}". ${problem}`.trim(),
				cancelled: 'The check was cancelled.',
				allPassed: 'All steps passed.',
				notRunYet: 'Not run yet.'
			},
			report: {
				title: (time: string) => `Switchboard connection check, ${time}`,
				origin: (origin: string) => `Page origin: ${origin}`,
				gateway: (baseUrl: string, route: string, path: string) =>
					`Gateway: ${baseUrl} (${route} route; ${path})`,
				pathDirect: 'the browser calls it directly',
				pathRelay: (upstream: string) =>
					upstream === ''
						? 'through the relay on this server (GATEWAY_MODE=relay)'
						: `through the relay on this server to ${upstream} (GATEWAY_MODE=relay)`,
				pathDemo: 'the built-in demo gateway on this server',
				credentials: (what: string) => `Credentials: ${what}`,
				credentialsNone: 'none sent',
				credentialsOauth: 'sign-in access token (sent, not shown)',
				credentialsApiKey: 'API key (sent, not shown)',
				browser: (client: string) => `Browser: ${client}`,
				step: (number: number, label: string, result: string) =>
					`${number}. ${label}: ${result.toLowerCase()}`,
				problem: (text: string) => `Problem: ${text}`,
				fix: (text: string) => `Fix: ${text}`,
				requestId: (id: string) => `Request id: ${id}`,
				notStarted: (summary: string) => `Switchboard connection check: ${summary}`
			}
		} satisfies ExplainCopy,
		modelListMissing: 'The model list did not load; you can still type a model id and send.',
		trying: 'Trying…',
		tryAgain: 'Try again',
		open: 'Open the connection check'
	}
};

/** A sentence with parts shown as code (addresses), in the order the language puts them. */
export type RichText = readonly (string | { code: string })[];
