/**
 * The connection check's probes in a browser: the page's own fetch (CORS enforced by the
 * browser), `navigator.onLine`, and this page's Content-Security-Policy violations, so that a
 * gateway blocked by `connect-src` is told apart from one that is down (W3C CSP3 §5.3, the
 * `securitypolicyviolation` event).
 */
import { browserCorsProbe } from '../../connection-check/index.ts';
import type { CheckProbes } from './connection-check.svelte.ts';

export interface BrowserProbes extends CheckProbes {
	/** Stops listening for policy violations (the page is left). */
	dispose(): void;
}

function originOf(url: string): string | null {
	return URL.canParse(url) ? new URL(url).origin : null;
}

/** The violation event is queued as a task; let the ones for a just-rejected fetch arrive. */
function nextTask(): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, 0));
}

export function browserProbes(): BrowserProbes {
	// Called unbound: `window.fetch` throws "Illegal invocation" as a method of another object.
	const fetchFn: typeof fetch = (input, init) => fetch(input, init);
	const blocked = new Set<string>();
	const record = (event: SecurityPolicyViolationEvent): void => {
		const origin = originOf(event.blockedURI);
		if (origin !== null) blocked.add(origin);
	};
	document.addEventListener('securitypolicyviolation', record);
	return {
		fetch: fetchFn,
		online: () => navigator.onLine,
		cors: browserCorsProbe(fetchFn),
		async blockedByPolicy(url) {
			await nextTask();
			const origin = originOf(url);
			return origin !== null && blocked.has(origin);
		},
		dispose: () => document.removeEventListener('securitypolicyviolation', record)
	};
}
