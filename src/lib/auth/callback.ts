/**
 * The authorization response at the callback (RFC 6749 §4.1.2): checked once against the attempt
 * this tab started — `state` (RFC 6749 §10.12), `iss` (RFC 9207), then oauth4webapi's
 * `validateAuthResponse` — and its parameters removed from the address bar before anything else
 * happens, so the code never lingers in history, bookmarks or a Referer (RFC 9700 §4.2.4).
 */
import {
	AuthorizationResponseError,
	validateAuthResponse,
	type AuthorizationServer,
	type Client
} from 'oauth4webapi';
import type { Failure } from '../failure/index.ts';
import { authorizationErrorFailure, signInFailure } from './sign-in-failure.ts';
import type { SignInAttempt } from './sign-in-attempt.ts';

export type CallbackCheck = { ok: true; params: URLSearchParams } | { ok: false; failure: Failure };

export function checkCallback(
	params: URLSearchParams,
	attempt: SignInAttempt | null
): CallbackCheck {
	if (attempt === null) return { ok: false, failure: signInFailure('no_sign_in_attempt') };
	const states = params.getAll('state');
	if (states.length !== 1 || states[0] !== attempt.state) {
		return { ok: false, failure: signInFailure('state_mismatch') };
	}
	const iss = params.get('iss');
	if (iss === null ? attempt.issParameterSupported : iss !== attempt.issuer) {
		return { ok: false, failure: signInFailure('issuer_mismatch') };
	}
	const server: AuthorizationServer = {
		issuer: attempt.issuer,
		authorization_response_iss_parameter_supported: attempt.issParameterSupported
	};
	const client: Client = { client_id: attempt.clientId };
	let validated: URLSearchParams;
	try {
		validated = validateAuthResponse(server, client, params, attempt.state);
	} catch (error) {
		if (error instanceof AuthorizationResponseError) {
			return {
				ok: false,
				failure: authorizationErrorFailure(error.error, error.error_description ?? null)
			};
		}
		return { ok: false, failure: signInFailure('invalid_response') };
	}
	const codes = validated.getAll('code');
	if (codes.length !== 1 || codes[0] === '')
		return { ok: false, failure: signInFailure('missing_code') };
	return { ok: true, params: validated };
}
