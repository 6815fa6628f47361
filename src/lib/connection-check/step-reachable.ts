/**
 * Step 1: does the gateway's host answer at all? A `no-cors` GET resolves with an opaque answer
 * whenever the host answered anything, CORS or not, and rejects only when no answer came: DNS,
 * connection or TLS failure, mixed content, or this page's own Content-Security-Policy
 * (WHATWG Fetch §4.1 "main fetch", no-cors mode: no CORS check; W3C CSP3 §4.1).
 */
import { classifyThrown } from '../failure/index.ts';
import type { StepDeadline } from './deadline.ts';
import type { ReachableOutcome } from './steps.ts';
import { isSameOrigin, type CheckTarget } from './target.ts';

export interface ReachableEnvironment {
	fetch: typeof fetch;
	/** `navigator.onLine` where there is one. */
	online: () => boolean | undefined;
	/** After a rejection: did this page's CSP block `url`? (the page records violations) */
	blockedByPolicy?: (url: string) => Promise<boolean>;
}

/** Hosts a browser treats as potentially trustworthy over http (W3C Secure Contexts §3.2). */
function isLoopback(hostname: string): boolean {
	return (
		hostname === 'localhost' ||
		hostname.endsWith('.localhost') ||
		/^127(?:\.\d{1,3}){3}$/.test(hostname) ||
		hostname === '[::1]'
	);
}

/** An https page calling an http gateway that is not loopback: the browser blocks it. */
export function isMixedContent(target: Pick<CheckTarget, 'baseUrl' | 'origin'>): boolean {
	const gateway = new URL(target.baseUrl);
	return (
		new URL(target.origin).protocol === 'https:' &&
		gateway.protocol === 'http:' &&
		!isLoopback(gateway.hostname)
	);
}

export async function checkReachable(
	target: CheckTarget,
	environment: ReachableEnvironment,
	deadline: StepDeadline
): Promise<ReachableOutcome> {
	if (environment.online() === false) return { kind: 'offline' };
	if (isMixedContent(target)) return { kind: 'mixed_content' };
	const url = `${target.baseUrl}/v1/models`;
	const fetchFn = environment.fetch;
	try {
		const response = await fetchFn(url, {
			mode: 'no-cors',
			credentials: 'omit',
			cache: 'no-store',
			referrerPolicy: 'no-referrer',
			signal: deadline.signal
		});
		await response.body?.cancel().catch(() => undefined);
		return { kind: 'answered', sameOrigin: isSameOrigin(target) };
	} catch (error) {
		if (deadline.expired()) return { kind: 'timed_out', afterMs: deadline.afterMs };
		if (deadline.signal.aborted) throw error;
		if (environment.online() === false) return { kind: 'offline' };
		if ((await environment.blockedByPolicy?.(url)) === true) return { kind: 'blocked_by_policy' };
		return { kind: 'unreachable', failure: classifyThrown(error, { online: true }) };
	}
}
