/**
 * The real response to a routed request, and its text, for a route handler that rewrites, holds
 * or refuses it; or null when the test ended while the request was on its way. Closing the
 * context at a test's end disposes a response still being read ("Response has been disposed"),
 * and a handler that threw then would fail a test that has passed: a lazy chunk the page asked
 * for in its last moment did exactly that (failures.spec.ts, a clean-clone run on 2 December).
 * Nobody is left to answer such a request, so the handler has nothing to do.
 */
import type { APIResponse, Route } from '@playwright/test';

/**
 * Playwright's messages for a request whose page, context or response is gone. A context closed
 * with a reason says the reason instead: the test runner closes each test's context with "Test
 * ended." (playwright/lib/index.js), which a clean-clone run on 2 December met in the same handler.
 */
const GONE = /Response has been disposed|Request context disposed|has been closed|Test ended\./;

export async function fetchRouted(
	route: Route
): Promise<{ response: APIResponse; body: string } | null> {
	try {
		const response = await route.fetch();
		return { response, body: await response.text() };
	} catch (error) {
		if (error instanceof Error && GONE.test(error.message)) return null;
		throw error;
	}
}
