/**
 * The connection check's steps and what each one found. Outcomes are facts (typed, no prose);
 * explain.ts turns them into sentences. A step passes or fails by its outcome alone
 * ({@link passes}); the steps after a failed one are skipped.
 */
import type { Failure } from '../failure/index.ts';

export const CHECK_STEPS = ['reachable', 'cors', 'auth', 'models', 'stream'] as const;
export type CheckStepName = (typeof CHECK_STEPS)[number];

export type ReachableOutcome =
	/** The host answered something (an opaque answer is enough); `sameOrigin`: it is this server. */
	| { kind: 'answered'; sameOrigin: boolean }
	/** `navigator.onLine` is false. */
	| { kind: 'offline' }
	/** An https page cannot call an http gateway (mixed content; W3C Mixed Content §4.4). */
	| { kind: 'mixed_content' }
	/** This app's own Content-Security-Policy (`connect-src`) does not list the gateway. */
	| { kind: 'blocked_by_policy' }
	| { kind: 'timed_out'; afterMs: number }
	/** DNS, connection or TLS failure (the browser does not say which; Node does, in `failure.code`). */
	| { kind: 'unreachable'; failure: Failure };

export type CorsOutcome =
	/** The gateway is on this origin: CORS does not apply. */
	| { kind: 'same_origin' }
	/** A request with every header a chat request sends was allowed; `headers`: its CORS-unsafe names. */
	| { kind: 'allowed'; headers: string[] }
	/** Not even a request without custom headers may be read from this origin. */
	| { kind: 'no_cors'; headers: string[] }
	/**
	 * Simple requests are allowed, the preflight for the chat's headers is not. `refused`: the
	 * headers that fail on their own (empty when only the whole set fails).
	 */
	| { kind: 'preflight_refused'; headers: string[]; refused: string[] }
	| { kind: 'timed_out'; afterMs: number };

export type AuthOutcome =
	/** `/v1/models` answered 2xx with the credentials the chat sends. */
	| { kind: 'accepted'; status: number }
	/** Not a 401/403 and not 2xx: the credentials were not refused; the model list step says more. */
	| { kind: 'not_refused'; status: number }
	/** 401 or 403, classified. */
	| { kind: 'refused'; failure: Failure }
	/** The request failed without an answer (after CORS passed: a dropped connection, a block). */
	| { kind: 'request_failed'; failure: Failure }
	| { kind: 'timed_out'; afterMs: number };

export type ModelsOutcome =
	| { kind: 'listed'; ids: string[] }
	/**
	 * A status other than 2xx, 401 and 403, classified. `relayError`: the relay on this server
	 * answered itself (its `Switchboard-Relay-Error` code, e.g. `upstream_unreachable`).
	 */
	| { kind: 'http_error'; failure: Failure; relayError?: string }
	/** An HTML page (a proxy, a sign-in portal, a web server's index): `title` when it has one. */
	| { kind: 'html'; title?: string }
	| { kind: 'not_json' }
	/** JSON, but not `{data: [{id}]}`; `keys`: the top-level keys it did have (a few). */
	| { kind: 'wrong_shape'; keys: string[] }
	| { kind: 'empty' }
	| { kind: 'timed_out'; afterMs: number };

export type StreamOutcome =
	| { kind: 'completed'; model: string }
	/** Ended `incomplete` (the tiny max-output-tokens limit): fine. */
	| { kind: 'incomplete'; model: string }
	/** The request failed (HTTP status, network, an error event in the stream), classified. */
	| { kind: 'failed'; model: string; failure: Failure }
	/** The stream ended or stalled without its terminal event (`interrupted`). */
	| { kind: 'interrupted'; model: string; failure: Failure }
	/** The request could not be built (e.g. a key with a line break in it). */
	| { kind: 'request_invalid'; message: string }
	| { kind: 'no_model' }
	| { kind: 'timed_out'; afterMs: number };

export type StepVerdict =
	| { step: 'reachable'; outcome: ReachableOutcome }
	| { step: 'cors'; outcome: CorsOutcome }
	| { step: 'auth'; outcome: AuthOutcome }
	| { step: 'models'; outcome: ModelsOutcome }
	| { step: 'stream'; outcome: StreamOutcome };

/** What the page shows for a step; `data-check-result` is `state`. */
export type StepState =
	| { step: CheckStepName; state: 'pending' | 'running' | 'cancelled' }
	/** `after`: the step that failed. */
	| { step: CheckStepName; state: 'skipped'; after: CheckStepName }
	| (StepVerdict & { state: 'passed' | 'failed'; requestId?: string });

const PASSING: { [S in CheckStepName]: readonly string[] } = {
	reachable: ['answered'],
	cors: ['same_origin', 'allowed'],
	auth: ['accepted', 'not_refused'],
	models: ['listed'],
	stream: ['completed', 'incomplete']
};

export function passes(verdict: StepVerdict): boolean {
	return PASSING[verdict.step].includes(verdict.outcome.kind);
}

export function pendingSteps(): StepState[] {
	return CHECK_STEPS.map((step) => ({ step, state: 'pending' }));
}
