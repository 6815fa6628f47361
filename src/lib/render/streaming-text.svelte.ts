/**
 * The text of an answer while it streams, held outside deep reactive state: appending a delta is
 * a string concatenation and a call to the renderers listening, never a proxied write that wakes
 * every reader of the message. Reactive are only the two facts the page lays out by (has any
 * answer text / any reasoning arrived), each flipping once.
 *
 * One `StreamingText` per turn in flight, held by its `TurnRun` (chat/turn-run.svelte.ts) and handed
 * to the message component as a prop; when the turn ends the message's own `text` is the settled
 * answer and the component renders that instead.
 */
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
