/**
 * Browsing contexts for AuthSession's Node tests of sign-in from inside a frame: each window has
 * an origin, `message` listeners and a `closed` flag; a handle to a window posts to it the way the
 * browser does — later (a task), as a structured clone, only when the target origin matches, and
 * with the sender's origin and the receiver's handle to the sender as `origin` and `source`.
 */
import type { PopupWindow } from '../../../src/lib/auth/auth-environment.ts';
import type { IncomingMessage } from '../../../src/lib/auth/popup-message.ts';

export interface WindowSide {
	origin: string;
	listeners: Set<(message: IncomingMessage) => void>;
	closed: boolean;
}

export function windowSide(origin: string): WindowSide {
	return { origin, listeners: new Set(), closed: false };
}

/** Dispatches `message` to `target`'s listeners in a later task. */
export function deliver(target: WindowSide, message: IncomingMessage): void {
	setTimeout(() => {
		if (target.closed) return;
		for (const listener of [...target.listeners]) listener(message);
	}, 0);
}

/**
 * `target` as `sender` sees it (`window.open`'s result, or `window.opener`). `senderHandle` is
 * how `target` sees `sender`: the `source` of what arrives there.
 */
export function windowHandle(
	target: WindowSide,
	sender: WindowSide,
	senderHandle: () => unknown
): PopupWindow & { readonly location: { origin: string } } {
	return {
		get closed() {
			return target.closed;
		},
		/** Readable only from the same origin, as the browser has it. */
		get location() {
			if (target.origin !== sender.origin)
				throw new DOMException(
					'Blocked a frame from accessing a cross-origin frame.',
					'SecurityError'
				);
			return { origin: target.origin };
		},
		close() {
			target.closed = true;
		},
		postMessage(message, targetOrigin) {
			if (targetOrigin !== '*' && targetOrigin !== target.origin) return;
			const data: unknown = structuredClone(message);
			deliver(target, { origin: sender.origin, source: senderHandle(), data });
		}
	};
}

/** A frame and the sign-in window it opens: `open()` is what `window.open` returns in the frame. */
export function linkedWindows(
	frame: WindowSide,
	popup: WindowSide
): {
	open: () => PopupWindow;
	opener: PopupWindow;
} {
	const popupSeenByFrame: PopupWindow = windowHandle(popup, frame, () => frameSeenByPopup);
	const frameSeenByPopup: PopupWindow = windowHandle(frame, popup, () => popupSeenByFrame);
	return {
		open: () => {
			popup.closed = false;
			return popupSeenByFrame;
		},
		opener: frameSeenByPopup
	};
}
