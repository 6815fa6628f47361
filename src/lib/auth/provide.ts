/**
 * Creates the app's one AuthSession and shares it through context. Called by the root layout, so
 * the session (and the access token in it) outlives navigation between the callback and the chat.
 */
import { browserEnvironment } from './auth-environment.ts';
import { AuthSession } from './auth-session.svelte.ts';
import { setAuthSession } from './context.ts';

export function provideAuthSession(appBase: string): AuthSession {
	return setAuthSession(new AuthSession(appBase, browserEnvironment()));
}
