import type { Failure } from './types.ts';

/**
 * Classification must never throw, whatever it is handed (a getter that throws, a revoked Proxy, a
 * stack overflow on a pathological value). This runs a classifier and, should it throw anyway,
 * answers `unknown` with the status when one is known.
 */
export function safely(classify: () => Failure, status?: number): Failure {
	try {
		return classify();
	} catch {
		return {
			kind: 'unknown',
			message: 'Something went wrong, and the app could not tell what.',
			...(status === undefined ? {} : { status })
		};
	}
}
