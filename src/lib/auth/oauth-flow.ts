/**
 * Everything of sign-in that speaks OAuth on the wire (discovery, the authorization request, the
 * callback check, the token route), in one module so that the session can load it on first use.
 */
export { loadAuthorizationServer } from './authorization-server.ts';
export { createAuthorizationRequest } from './authorization-request.ts';
export { checkCallback } from './callback.ts';
export { endServerSession, exchangeCode, refreshWithCookie } from './token-client.ts';
export { saveAttempt, takeAttempt } from './sign-in-attempt.ts';
export { signInFailure } from './sign-in-failure.ts';
