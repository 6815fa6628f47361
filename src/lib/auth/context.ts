/**
 * The sign-in session, shared from the root layout to the chat page and the callback page.
 */
import { createContext } from 'svelte';
import type { AuthSession } from './auth-session.svelte.ts';

export const [getAuthSession, setAuthSession] = createContext<AuthSession>();
