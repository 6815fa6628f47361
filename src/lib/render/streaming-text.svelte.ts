/**
 * The text of an answer while it streams, held outside deep reactive state: appending a delta is
 * a string concatenation and a call to the renderers listening, never a proxied write that wakes
 * every reader of the message. Reactive are only the two facts the page lays out by (has any
 * answer text / any reasoning arrived), each flipping once.
 *
 * One `StreamingText` per streaming message, registered by message id (`openStreamingText`); the
 * session copies what streamed into the message's own `text`/`reasoning` when it saves
 * (`syncStreamedText`) and once more when the turn ends (`settleStreamedText`), which also drops
 * the registration: from then on the message's `text` is the settled answer.
 */
import { SvelteMap } from 'svelte/reactivity';

export type TextChannel = 'text' | 'reasoning';
export type DeltaListener = (delta: string) => void;

export class StreamingText {
	#text = '';
	#reasoning = '';
	#hasText = $state(false);
	#hasReasoning = $state(false);
	// Plain sets on purpose: listeners are not state anything renders from.
	readonly #listeners: Record<TextChannel, Set<DeltaListener>> = {
		// eslint-disable-next-line svelte/prefer-svelte-reactivity
		text: new Set(),
		// eslint-disable-next-line svelte/prefer-svelte-reactivity
		reasoning: new Set()
	};

	append(channel: TextChannel, delta: string): void {
		if (delta === '') return;
		if (channel === 'text') {
			this.#text += delta;
			if (!this.#hasText) this.#hasText = true;
		} else {
			this.#reasoning += delta;
			if (!this.#hasReasoning) this.#hasReasoning = true;
		}
		for (const listener of this.#listeners[channel]) listener(delta);
	}

	/** Everything that arrived on `channel` so far. */
	read(channel: TextChannel): string {
		return channel === 'text' ? this.#text : this.#reasoning;
	}

	/** Whether anything arrived on `channel` (reactive; flips once). */
	has(channel: TextChannel): boolean {
		return channel === 'text' ? this.#hasText : this.#hasReasoning;
	}

	/** Hears every later delta on `channel`; returns the unsubscribe function. */
	subscribe(channel: TextChannel, listener: DeltaListener): () => void {
		this.#listeners[channel].add(listener);
		return () => this.#listeners[channel].delete(listener);
	}

	/** Snapshots and JSON carry the text so far, not the listeners. */
	toJSON(): { text: string; reasoning: string } {
		return { text: this.#text, reasoning: this.#reasoning };
	}
}

const streaming = new SvelteMap<string, StreamingText>();

/** Starts (or restarts, for a retry) the streamed text of message `id`. */
export function openStreamingText(id: string): StreamingText {
	const text = new StreamingText();
	streaming.set(id, text);
	return text;
}

/** The text still streaming into message `id`, if any (reactive). */
export function streamingTextOf(id: string): StreamingText | undefined {
	return streaming.get(id);
}

interface SettledText {
	readonly id: string;
	text: string;
	reasoning: string;
}

/** Copies what has streamed into `message` so far (for saving it); the stream goes on. */
export function syncStreamedText(message: SettledText): void {
	const live = streaming.get(message.id);
	if (live === undefined) return;
	const text = live.read('text');
	const reasoning = live.read('reasoning');
	if (message.text !== text) message.text = text;
	if (message.reasoning !== reasoning) message.reasoning = reasoning;
}

/** The turn ended: what streamed becomes the message's settled text, and the stream is dropped. */
export function settleStreamedText(message: SettledText): void {
	syncStreamedText(message);
	streaming.delete(message.id);
}
