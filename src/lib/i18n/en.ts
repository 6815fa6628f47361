/**
 * English, the source language: every string the chat shows from its first paint. The strings of
 * the messages (en-messages.ts) load with the message views, those of the parts loaded on first
 * use with those parts (en-deferred.ts); together they define the `Catalogue` every other language
 * implements in full (catalogue.ts). Functions take what the sentence needs
 * (counts, names) and return the whole sentence, so each language orders it as it must.
 *
 * These are the exact words the tests and the documentation use (accessible names, `getByRole`):
 * change them together. Never put gateway or model text, ids or URLs here.
 */

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
		/** History is not (or was not) saved, when the words saying why could not be loaded. */
		storageUnexplained:
			'History may not be saved in this browser. (The app server could not be reached to say why.)',
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
		send: 'Send',
		/** Files not attached, when the words saying why (en-deferred.ts) could not be loaded. */
		notAttached: (names: string) =>
			`Not attached: ${names}. (The app server could not be reached to say why.)`
	},
	/** Why the app's configuration did not load (chat/app-state.svelte.ts `LoadError`). */
	appLoad: {
		offline: 'You are offline. Your conversations are here to read; sending needs the network.',
		status: (status: number) => `The app server answered ${status} for its configuration.`,
		invalid: 'The server sent a configuration this app cannot read.',
		unreachable:
			'The app server could not be reached for its configuration. Check the connection, then reload the page.'
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
	update: {
		ready: 'A new version of Switchboard is ready.',
		reload: 'Reload',
		reloading: 'Reloading…',
		later: 'Later'
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
