import type { Attachment } from 'svelte/attachments';

/** How close to the bottom (px) still counts as "at the bottom". */
const NEAR_BOTTOM_PX = 48;
/** How long after the person's input (wheel, touch, key, pointer) a scroll counts as theirs. */
const INTENT_MS = 600;

/**
 * Whether a scroll container is pinned to its end. Only the person's scrolling changes that: a
 * scroll that ends near the bottom pins, scrolling up to read unpins. While pinned, any growth of
 * the content (a streamed frame rendered, a message added) scrolls to the end before the frame is
 * painted (ResizeObserver callbacks run after layout, before paint).
 *
 * A wheel turned up, or a key that scrolls up, unpins at once, before any scroll: on a busy page
 * the browser's smooth scroll may start long after the input, a few pixels at a time, and
 * following the stream meanwhile would both pull the view back down and cancel that scroll. Until
 * the person's next input of another kind, the view is theirs wherever it stops.
 */
export class FollowState {
	readonly #element: HTMLElement;
	#pinned = $state(true);
	/** Where this left the scroll position when it last followed. */
	#leftAt = 0;
	/** When the person last used wheel, touch, keyboard or pointer on the container. */
	#intentAt = -Infinity;
	/** A pointer is held down on the container (dragging its scrollbar, selecting text). */
	#holding = false;
	/** The person's latest input was a wheel turned up or a key that scrolls up. */
	#headingUp = false;

	constructor(element: HTMLElement) {
		this.#element = element;
	}

	/** At (or following) the end of the content (reactive). */
	get pinned(): boolean {
		return this.#pinned;
	}

	#distanceToEnd(): number {
		const element = this.#element;
		return element.scrollHeight - element.scrollTop - element.clientHeight;
	}

	/**
	 * The person is about to scroll (wheel, touch, key or pointer input on the container).
	 * @param up the input scrolls up (a wheel turned up, PageUp, ↑, Home): following stops now
	 */
	noteIntent(up = false): void {
		this.#intentAt = performance.now();
		this.#headingUp = up;
		if (up && this.#pinned && this.#element.scrollTop > 0) this.#pinned = false;
	}

	/**
	 * A pointer went down on the container, or came up (anywhere). One that comes up after going
	 * down elsewhere (a click on Send, on a search hit) is no input here: the view that layout moves
	 * meanwhile (rows taking their size, scroll anchoring) still follows.
	 */
	notePointer(down: boolean): void {
		if (!down && !this.#holding) return;
		this.#holding = down;
		this.noteIntent();
	}

	/** Whether the person has used wheel, touch, keyboard or pointer on the container since `time`. */
	inputSince(time: number): boolean {
		return this.#holding || this.#intentAt >= time;
	}

	/** Input in the last INTENT_MS: the scrolls happening now are the person's. */
	#personScrolling(): boolean {
		return this.inputSince(performance.now() - INTENT_MS);
	}

	/**
	 * After a scroll: pinned if it ended near the bottom. Scrolls the person did not make (our own
	 * jumps, layout of rows coming into view, scroll anchoring) never unpin, even when the stream
	 * grew past the margin before the event fired: only the person moving up unpins.
	 */
	measure(): void {
		if (this.#headingUp) return;
		const ours =
			this.#pinned && (!this.#personScrolling() || this.#element.scrollTop >= this.#leftAt - 1);
		const pinned = ours || this.#distanceToEnd() <= NEAR_BOTTOM_PX;
		if (pinned !== this.#pinned) this.#pinned = pinned;
		if (pinned) this.#leftAt = this.#element.scrollTop;
	}

	/**
	 * Content changed: keep the end in view if pinned. The person may have scrolled up in this
	 * very frame, before the scroll event says so: a position above where this left it, away
	 * from the end, is theirs, and is left alone (the scroll event then unpins).
	 */
	follow(): void {
		if (!this.#pinned) return;
		const element = this.#element;
		if (
			this.#personScrolling() &&
			element.scrollTop < this.#leftAt - 1 &&
			this.#distanceToEnd() > NEAR_BOTTOM_PX
		) {
			return;
		}
		element.scrollTop = element.scrollHeight;
		this.#leftAt = element.scrollTop;
	}

	/**
	 * Stops following, for a scroll the app makes away from the end (a search hit brought into
	 * view); scrolling back to the bottom follows again.
	 */
	release(): void {
		this.#headingUp = false;
		this.#pinned = false;
	}

	/** "Jump to latest": scroll to the end and follow again. */
	jumpToEnd(): void {
		this.#headingUp = false;
		this.#pinned = true;
		this.#leftAt = 0;
		this.follow();
	}
}

const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', 'Home', 'End', ' ']);
const SCROLL_UP_KEYS = new Set(['PageUp', 'ArrowUp', 'Home']);

/** Whether a key scrolls up: PageUp, ↑, Home, or Shift+Space. */
function scrollsUp(event: KeyboardEvent): boolean {
	return SCROLL_UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey);
}

function isTextField(target: EventTarget | null): boolean {
	return (
		target instanceof HTMLElement &&
		(target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'INPUT')
	);
}

const followers = new WeakMap<Element, FollowState>();

/** The follow state of the scroll container `element` is in, if it follows a stream. */
export function followStateOf(element: Element): FollowState | undefined {
	const container = element.closest('[data-follow-stream]');
	return container === null ? undefined : followers.get(container);
}

/**
 * Keeps a scroll container pinned to its end while new content arrives, but only while the person
 * is already at the bottom (see FollowState). `track` is read inside the attachment's effect, so
 * every change to it re-runs the check too; content growth is seen without it.
 */
export function followStream(track: () => unknown): Attachment<HTMLElement> {
	return (element) => {
		const state = new FollowState(element);
		followers.set(element, state);
		element.setAttribute('data-follow-stream', '');
		const onScroll = (): void => state.measure();
		const onIntent = (): void => state.noteIntent();
		const onWheel = (event: WheelEvent): void => state.noteIntent(event.deltaY < 0);
		const intents = ['touchmove'] as const;
		// Keyboard scrolling reaches this container while focus is elsewhere (the page body, a
		// button above it): a scrolling key anywhere outside a text field counts as intent too.
		const onKey = (event: KeyboardEvent): void => {
			if (SCROLL_KEYS.has(event.key) && !isTextField(event.target)) {
				state.noteIntent(scrollsUp(event));
			} else if (element.contains(event.target as Node | null)) state.noteIntent();
		};
		window.addEventListener('keydown', onKey, { passive: true });
		for (const type of intents) element.addEventListener(type, onIntent, { passive: true });
		element.addEventListener('wheel', onWheel, { passive: true });
		// A scrollbar drag can last longer than INTENT_MS: scrolls count as the person's until the
		// pointer comes up, wherever that happens.
		const onPointerDown = (): void => state.notePointer(true);
		const onPointerUp = (): void => state.notePointer(false);
		element.addEventListener('pointerdown', onPointerDown, { passive: true });
		window.addEventListener('pointerup', onPointerUp, { passive: true });
		window.addEventListener('pointercancel', onPointerUp, { passive: true });
		element.addEventListener('scroll', onScroll, { passive: true });
		const resizes = new ResizeObserver(() => state.follow());
		const observeChildren = (): void => {
			resizes.disconnect();
			resizes.observe(element);
			for (const child of element.children) resizes.observe(child);
		};
		const children = new MutationObserver(observeChildren);
		children.observe(element, { childList: true });
		observeChildren();
		// In the next frame, after its layout and before its paint, once, after everything the
		// change renders: observing the container anew makes the next frame's resize observation
		// report it, whether or not it changed size (a new observation's last reported size is
		// 0×0, Resize Observer §3.1). The spec's observe() would start over by itself (§2.1), but
		// browsers ignore it for a target already observed (w3c/csswg-drafts#12902): so it is
		// unobserved first. A follow from an animation frame instead read the layout before the
		// frame's own: a forced layout of all the renderer had just changed, every frame of a stream.
		$effect(() => {
			track();
			resizes.unobserve(element);
			resizes.observe(element);
		});
		return () => {
			element.removeEventListener('scroll', onScroll);
			for (const type of intents) element.removeEventListener(type, onIntent);
			element.removeEventListener('wheel', onWheel);
			window.removeEventListener('keydown', onKey);
			element.removeEventListener('pointerdown', onPointerDown);
			window.removeEventListener('pointerup', onPointerUp);
			window.removeEventListener('pointercancel', onPointerUp);
			resizes.disconnect();
			children.disconnect();
			followers.delete(element);
			element.removeAttribute('data-follow-stream');
		};
	};
}
