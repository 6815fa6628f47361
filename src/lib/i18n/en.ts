/**
 * English, the source language: every string the chat shows from its first paint. The strings of
 * the parts loaded on first use are in en-deferred.ts; together they define the `Catalogue` every
 * other language implements in full (catalogue.ts). Functions take what the sentence needs
 * (counts, names) and return the whole sentence, so each language orders it as it must.
 *
 * These are the exact words the tests and the documentation use (accessible names, `getByRole`):
 * change them together. Never put gateway or model text, ids or URLs here.
 */
import type { NoticeKind } from '../chat/compaction.ts';
import { ENGLISH_RENDERER_LABELS } from '../render/dom/labels.ts';

export const en = {
	header: {
		conversations: 'Conversations',
		demoGateway: 'demo gateway',
		settings: 'Settings',
		settingsUnavailable:
			'Settings could not be loaded from the server. Check the connection, then press Settings again.'
	},
	sidebar: {
		title: 'Conversations',
		close: 'Close'
	},
	/** The model button in the header; its list's words are en-deferred.ts `picker`. */
	modelPicker: {
		label: 'Model',
		/** The button's text while no model is chosen. */
		none: 'Choose a model',
		unavailable:
			'The model list could not be opened: check the connection, then press the model button again.'
	},
	chat: {
		conversation: 'Conversation',
		answeringElsewhere: 'Answering in another tab of this browser; you can send once it is done.',
		reloadToConnect: (host: string) =>
			`To connect to ${host}, Switchboard needs to reload this page. Your conversations, draft and settings are kept.`,
		reloadNow: 'Reload now',
		jumpToLatest: 'Jump to latest ↓'
	},
	composer: {
		filesToSend: 'Files to send',
		remove: (name: string) => `Remove ${name}`,
		attach: 'Attach images or PDFs',
		attachHint: 'Attach images or PDFs (or paste, or drop them here)',
		webSearch: 'Web search',
		webSearchHint:
			"Let the model search the web (the gateway's web search tool); its sources are listed under the answer",
		label: 'Message',
		placeholder: 'Message (Enter to send, Shift+Enter for a new line, ↑ to edit the last one)',
		stop: 'Stop',
		send: 'Send'
	},
	/** Why the app's configuration did not load (chat/app-state.svelte.ts `LoadError`). */
	appLoad: {
		offline: 'You are offline. Your conversations are here to read; sending needs the network.',
		status: (status: number) => `The app server answered ${status} for its configuration.`,
		invalid: 'The server sent a configuration this app cannot read.',
		unreachable:
			'The app server could not be reached for its configuration. Check the connection, then reload the page.'
	},
	/** Notices in a conversation (compaction.ts; stored in English, as markers). */
	notices: {
		compacted:
			'Earlier messages were summarised to fit the model’s context window. They are still here, but only the summary is sent.',
		carried_over:
			'This conversation carries on from a summary of an earlier one. Its messages are still in that conversation; only the summary is sent here.',
		dropped:
			'Earlier messages were left out to fit the model’s context window (a summary could not be made). They are still here, but no longer sent.'
	} satisfies { readonly [K in NoticeKind]: string },
	/** A file the composer could not take, named; sizes arrive written (`2.4 MB`). */
	attachmentRefusal: {
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
	prompt: {
		attachedFiles: 'Attached files',
		noLongerStored: (name: string) => `${name} (no longer stored)`,
		edit: 'Edit your message',
		cancel: 'Cancel',
		send: 'Send'
	},
	answer: {
		answering: 'Answering…',
		thinking: 'Thinking…',
		/** `reason` is the gateway's own word for it (`max_output_tokens`), shown as sent. */
		endedEarly: (reason: string | undefined) =>
			`The gateway ended the answer early${reason ? ` (${reason})` : ''}.`,
		interrupted: 'The answer was interrupted; what arrived is kept.',
		stopped: 'Stopped.',
		declined: 'The model declined to answer',
		reasoning: 'Reasoning',
		reasoningThinking: 'thinking…',
		summary: 'Summary',
		sources: 'Sources',
		waitingForGateway: (elapsedSeconds: number, attempt: number, limitSeconds: number) =>
			`Waiting for the gateway: ${elapsedSeconds} s${attempt > 1 ? `, attempt ${attempt}` : ''}; gives up after ${limitSeconds} s.`,
		silent: (seconds: number, limitSeconds: number) =>
			`No data for ${seconds} s; waiting up to ${limitSeconds} s.`,
		/** Token counts arrive formatted for the language (Intl). */
		tokens: (parts: readonly string[]) => `Tokens: ${parts.join(' · ')}`,
		tokensIn: (count: string) => `${count} in`,
		tokensOut: (count: string) => `${count} out`,
		tokensTotal: (count: string) => `${count} tokens in all`
	},
	image: {
		partial: (number: number) => `Image ${number}, still being generated`,
		generated: (number: number) => `Generated image ${number}`,
		download: (mimeType: string) => `Download (${mimeType})`,
		useAsInput: 'Use as input'
	},
	tool: {
		searchedWeb: (query: string) =>
			query === '' ? 'Searched the web' : `Searched the web: ${query}`,
		searchResults: 'Search results',
		ranCode: 'Ran code',
		codeOutput: 'Code output',
		generatedImage: 'Generated an image',
		searchedFiles: 'Searched files',
		usedMcp: (name: string) => `Used ${name} (MCP)`,
		ranCommand: (command: string) => `Ran a command${command === '' ? '' : `: ${command}`}`,
		used: (name: string) => `Used ${name}`,
		called: (name: string) => `Called ${name}`,
		running: 'running…',
		failed: 'failed',
		done: 'done',
		byProvider: 'Run by the provider.',
		notRun: 'Not run: Switchboard has no such tool.'
	},
	library: {
		newConversation: 'New conversation',
		search: 'Search conversations',
		searchPlaceholder: 'Search titles and messages',
		searching: 'Searching messages…',
		matches: (count: number) => `${count} conversation${count === 1 ? ' matches' : 's match'}.`,
		empty: 'No saved conversations yet.',
		noMatch: 'No conversation matches.'
	},
	/** One row of the conversation list. */
	conversationRow: {
		/** The title of a conversation nobody has named yet (stored as chat-message.ts DEFAULT_TITLE). */
		untitled: 'New conversation',
		newName: 'New name',
		save: 'Save',
		rename: (title: string) => `Rename ${title}`,
		delete: (title: string) => `Delete ${title}`,
		/** Before a message that matched the search: who wrote it. */
		byYou: 'You:',
		byAssistant: 'Assistant:',
		deleted: (title: string) => `Deleted “${title}”.`,
		undo: 'Undo'
	},
	/** The export and import buttons; what they report is in en-deferred.ts (`importExport`). */
	transfer: {
		group: 'Export and import',
		exportMarkdown: 'Export as Markdown',
		exportJson: 'Export as JSON',
		exportAll: 'Export all',
		import: 'Import…',
		/** The export or import code (and its words) could not be loaded. */
		unavailable: 'Export could not be loaded from the server. Check the connection and try again.',
		importUnavailable:
			'That file could not be imported: the import code or storage is unavailable. Try again.'
	},
	/** When this browser does not keep what is typed and received. */
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
	update: {
		ready: 'A new version of Switchboard is ready.',
		reload: 'Reload',
		reloading: 'Reloading…',
		later: 'Later'
	},
	/** The markdown renderer's own words (render/dom/labels.ts holds them, for the renderer's tests). */
	markdown: ENGLISH_RENDERER_LABELS,
	messageActions: {
		version: (index: number, count: number) => `Version ${index} of ${count}`,
		previousVersion: 'Previous version',
		nextVersion: 'Next version',
		copy: 'Copy',
		copyMarkdown: 'Copy markdown',
		copyText: 'Copy text',
		copied: 'Copied',
		edit: 'Edit',
		regenerate: 'Regenerate',
		continue: 'Continue'
	},
	/** A failure shown before (or without) the full failure card. */
	failureFallback: {
		unavailable: '(The app server could not be reached to show the details.)',
		tryAgain: 'Try again'
	},
	auth: {
		signIn: 'Sign in',
		signingIn: 'Signing in…',
		inWindow: 'Finish signing in in the window that opened, or close it to cancel.',
		signedIn: 'Signed in',
		account: (label: string) => `Account: ${label}`,
		signedInAs: 'Signed in as',
		accountId: 'Account',
		signOut: 'Sign out',
		apiKeyInUse: (masked: string) => `API key ${masked}`,
		useApiKey: 'Use an API key',
		keyInUse: 'Key in use:',
		remembered: 'Remembered on this device until you forget it.',
		notRemembered: 'Kept only until this page is closed or reloaded.',
		forgetKey: 'Forget key',
		keyLabel: 'API key for this gateway',
		remember: 'Remember on this device',
		sharedMachineWarning:
			"A remembered key is stored in this browser, where anyone using this computer's browser profile can read it. Don't remember it on a shared or public computer.",
		useKey: 'Use key',
		/** The sign-in callback and the sign-in window. */
		completing: 'Completing sign-in…',
		handedOver: 'Signed in. You can close this window.',
		callbackTitle: 'Signing in…',
		windowTitle: 'Sign in',
		couldNotStart: "Sign-in couldn't start",
		couldNotStartDetail: 'Sign-in could not start.',
		closeWindow: 'Close this window'
	},
	/** The empty conversation: what Switchboard is, where it is connected, things to try. */
	welcome: {
		title: 'Welcome to Switchboard',
		tagline:
			'Chat with the models behind a gateway. Answers stream in as they are written; when something fails, you see why and what to do next.',
		gateway: 'Gateway',
		model: 'Model',
		demoGateway: 'the built-in demo gateway',
		noModel: 'none chosen yet',
		examples: 'Try an example',
		example: {
			explain: 'Explain how server-sent events work, with a short code example',
			compare: 'Compare quicksort, merge sort and heapsort in a table',
			commit: 'Write a commit message for a fix to a date parser that ignored time zones',
			plan: 'Plan a weekend of learning Svelte 5, hour by hour'
		},
		failureGallery: 'See how failures look',
		failureGalleryHint:
			'The demo gateway fails on request. Pick a failure to send it and see the card Switchboard shows, with its way out.',
		failureGalleryUnavailable: 'The failure gallery could not be loaded. Check the connection.'
	}
};
