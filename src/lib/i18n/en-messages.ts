/**
 * English strings of the conversation's messages: prompts, answers, their tools, images, notices
 * and actions. Loaded with the message views (components/chat/message-views.ts), not with the
 * chat's first paint: an empty conversation never needs them. Part of the `Catalogue` every other
 * language implements in full (catalogue.ts); the conventions of en.ts hold here.
 */
import type { NoticeKind } from '../chat/compaction-notices.ts';
import { ENGLISH_RENDERER_LABELS } from '../render/dom/labels.ts';

export const enMessages = {
	/** Notices in a conversation (compaction-notices.ts; stored in English, as markers). */
	notices: {
		compacted:
			'Earlier messages were summarised to fit the model’s context window. They are still here, but only the summary is sent.',
		carried_over:
			'This conversation carries on from a summary of an earlier one. Its messages are still in that conversation; only the summary is sent here.',
		dropped:
			'Earlier messages were left out to fit the model’s context window (a summary could not be made). They are still here, but no longer sent.'
	} satisfies { readonly [K in NoticeKind]: string },
	prompt: {
		attachedFiles: 'Attached files',
		noLongerStored: (name: string) => `${name} (no longer stored)`,
		edit: 'Edit your message',
		/** The files an edited prompt sends again, each with a button to leave it out. */
		sentWith: 'Files sent with it',
		cancel: 'Cancel',
		send: 'Send',
		/** Esc in an editor whose text was changed: a second Esc, or Discard, throws the edits away. */
		discardAsk: 'Discard your edits? Esc again discards them.',
		discard: 'Discard',
		keepEditing: 'Keep editing'
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
		/** An automatic retry under way; `failure` is the failed attempt's card title. */
		retryingAfter: (failure: string) => `Trying again after: ${failure}.`,
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
		generatingImage: 'Generating an image',
		searchedFiles: 'Searched files',
		usedMcp: (name: string) => `Used ${name} (MCP)`,
		ranCommand: (command: string) => `Ran a command${command === '' ? '' : `: ${command}`}`,
		used: (name: string) => `Used ${name}`,
		called: (name: string) => `Called ${name}`,
		running: 'running…',
		failed: 'failed',
		done: 'done',
		/** A call the model made to a tool of the client's, which Switchboard does not have. */
		notRunShort: 'not run',
		byProvider: 'Run by the provider.',
		notRun: 'Not run: Switchboard has no such tool.'
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
	}
};
