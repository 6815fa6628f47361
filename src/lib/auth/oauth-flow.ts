/**
 * Everything of sign-in that speaks OAuth on the wire (discovery, the authorization request, the
 * callback check, the token route) or talks between windows (sign-in from inside a frame), in
 * one module so that the session can load it on first use.
 */
export { startAuthorization } from './authorization-start.ts';
export { redeemCallback } from './redeem-callback.ts';
export { endServerSession, refreshWithCookie } from './token-client.ts';
export { takeAttempt } from './sign-in-attempt.ts';
export { frameRenewalFailure } from './sign-in-failure.ts';
export { waitForPopup } from './popup-wait.ts';
export { answerOpener } from './opener-answer.ts';
export { runSignInWindow } from './sign-in-window.ts';
