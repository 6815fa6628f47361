/**
 * The frame's side of signing in through a window of its own. The window was opened — and
 * messages held — during the click (see AuthSession.signIn); this waits for the one answer that
 * passes {@link resultGate}, acknowledges it so that the window may close, and notices when the
 * person closed the window before it finished. The window closes itself only after our
 * acknowledgement, so a closed window before an answer means the person closed it.
 */
import type { AuthEnvironment, PopupWindow } from './auth-environment.ts';
import { receivedMessage, resultGate, type IncomingMessage } from './popup-message.ts';
import { signInFailure } from './sign-in-failure.ts';
import type { TokenResult } from './token-client.ts';

/** How often to look whether the window was closed (closing it fires no event in the opener). */
export const CLOSED_POLL_MS = 500;

/** The sign-in window as the click opened it. */
export interface OpenedPopup {
	/** `null`: the browser blocked it. */
	window: PopupWindow | null;
	nonce: string;
	/** Messages that arrived before this module was loaded, in order. */
	held: IncomingMessage[];
	/** Stops holding messages (this module listens from then on). */
	stopHolding: () => void;
}

export interface PopupWait {
	/** The answer; `null` when the window was closed first or the wait was cancelled. */
	readonly result: Promise<TokenResult | null>;
	/** Stops waiting (the result is then `null`); the window is left as it is. */
	cancel(): void;
}

type WaitEnvironment = Pick<AuthEnvironment, 'listen' | 'setTimer' | 'clearTimer' | 'pageUrl'>;

export function waitForPopup(opened: OpenedPopup, env: WaitEnvironment): PopupWait {
	const popup = opened.window;
	if (popup === null) {
		opened.stopHolding();
		const blocked: TokenResult = { ok: false, failure: signInFailure('popup_blocked') };
		return { result: Promise.resolve(blocked), cancel: () => undefined };
	}
	const origin = env.pageUrl().origin;
	const gate = resultGate({ origin, source: popup, nonce: opened.nonce });
	let done = false;
	let timer: unknown = null;
	let settle: (result: TokenResult | null) => void = () => undefined;
	const result = new Promise<TokenResult | null>((resolve) => (settle = resolve));

	const end = (value: TokenResult | null): void => {
		if (done) return;
		done = true;
		env.clearTimer(timer);
		stopListening();
		settle(value);
	};
	const receive = (message: IncomingMessage): void => {
		const answer = gate(message);
		if (answer === null) return;
		try {
			popup.postMessage(receivedMessage(opened.nonce), origin);
		} catch {
			// The window is already gone: it had nothing more to wait for.
		}
		end(answer);
	};
	const watchClosed = (): void => {
		if (done) return;
		if (popup.closed) end(null);
		else timer = env.setTimer(watchClosed, CLOSED_POLL_MS);
	};

	const stopListening = env.listen(receive);
	opened.stopHolding();
	for (const message of opened.held.splice(0)) receive(message);
	watchClosed();
	return { result, cancel: () => end(null) };
}
