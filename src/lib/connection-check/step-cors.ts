/**
 * Step 2: may this origin read the gateway's answers, with the headers a chat request sends?
 *
 * A GET of `{base}/v1/models` carrying every header of a real turn (so the preflight names exactly
 * the turn's CORS-unsafe headers; GET and POST are both safelisted methods, so the method changes
 * nothing in the preflight). When that is refused, a GET without custom headers tells "no CORS at
 * all" from "the preflight refuses these headers", and then each header alone names the ones the
 * gateway refuses.
 */
import { corsUnsafeHeaderNames } from './cors-headers.ts';
import type { CorsProbe } from './cors-probe.ts';
import type { StepDeadline } from './deadline.ts';
import type { CorsOutcome } from './steps.ts';
import { isSameOrigin, type CheckTarget } from './target.ts';

export async function checkCors(
	target: CheckTarget,
	headers: Record<string, string>,
	probe: CorsProbe,
	deadline: StepDeadline
): Promise<CorsOutcome> {
	if (isSameOrigin(target)) return { kind: 'same_origin' };
	const url = `${target.baseUrl}/v1/models`;
	const names = corsUnsafeHeaderNames(headers);
	const { signal } = deadline;
	try {
		if (await probe.withHeaders(url, headers, signal)) return { kind: 'allowed', headers: names };
		if (!(await probe.simple(url, signal))) return { kind: 'no_cors', headers: names };
		const alone = await Promise.all(
			names.map((name) =>
				probe.withHeaders(url, headersNamed(headers, name), signal).then((ok) => (ok ? [] : [name]))
			)
		);
		return { kind: 'preflight_refused', headers: names, refused: alone.flat() };
	} catch (error) {
		if (deadline.expired()) return { kind: 'timed_out', afterMs: deadline.afterMs };
		throw error;
	}
}

/** The headers whose lower-case name is `name` (one header, with its real value). */
function headersNamed(headers: Record<string, string>, name: string): Record<string, string> {
	return Object.fromEntries(
		Object.entries(headers).filter(([candidate]) => candidate.toLowerCase() === name)
	);
}
