/**
 * The sign-in window's side: hands the result of the attempt to the embedded frame that opened
 * the window, waits for the frame's acknowledgement, and then closes the window — only once the
 * frame has the result. The message is addressed to this app's origin, never `*`: if the opener
 * has meanwhile navigated to another site, the browser drops it.
 *
 * `false` when nobody took it: no opener (the page was opened by hand, or a
 * Cross-Origin-Opener-Policy on the way cut the window off from it), the opener is no longer a
 * page of this origin, or it did not acknowledge within {@link ANSWER_TIMEOUT_MS}.
 * @see HTML Living Standard, "Posting messages" (`postMessage`) and "Cross-origin opener policies"
 */
import type { AuthEnvironment } from './auth-environment.ts';
import { isReceivedMessage, resultMessage } from './popup-message.ts';
import type { TokenResult } from './token-client.ts';

/** A frame that still waits acknowledges at once; this only bounds a frame that has gone. */
export const ANSWER_TIMEOUT_MS = 5_000;

type AnswerEnvironment = Pick<
	AuthEnvironment,
	'opener' | 'listen' | 'setTimer' | 'clearTimer' | 'pageUrl' | 'closeWindow'
>;

export function answerOpener(
	nonce: string,
	result: TokenResult,
	env: AnswerEnvironment
): Promise<boolean> {
	const opener = env.opener();
	if (opener === null || opener.closed) return Promise.resolve(false);
	const origin = env.pageUrl().origin;
	const expected = { origin, source: opener, nonce };
	return new Promise((resolve) => {
		let timer: unknown = null;
		let stopListening = (): void => undefined;
		const finish = (answered: boolean): void => {
			env.clearTimer(timer);
			stopListening();
			if (answered) env.closeWindow();
			resolve(answered);
		};
		stopListening = env.listen((message) => {
			if (isReceivedMessage(message, expected)) finish(true);
		});
		timer = env.setTimer(() => finish(false), ANSWER_TIMEOUT_MS);
		try {
			opener.postMessage(resultMessage(nonce, result), origin);
		} catch {
			finish(false);
		}
	});
}
