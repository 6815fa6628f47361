/**
 * What the browser may ask the token route for, parsed from its form fields against an allow-list.
 * The route rebuilds the upstream request from this value alone; nothing else of the browser's
 * request (other fields, headers, cookies) travels on.
 */
export type TokenGrant =
	| {
			grantType: 'authorization_code';
			code: string;
			redirectUri: string;
			codeVerifier: string;
	  }
	| { grantType: 'refresh_token'; scope?: string };

export interface GrantExpectations {
	/** `OAUTH_CLIENT_ID`: the only client this route speaks for. */
	clientId: string;
	/** `{app origin}{BASE_PATH}/auth/callback`: the only redirect URI a code may be redeemed for. */
	redirectUri: string;
}

export type GrantParse =
	{ ok: true; grant: TokenGrant } | { ok: false; error: string; description: string };

/** The allow-list, per grant type (RFC 6749 §4.1.3, RFC 7636 §4.5, RFC 6749 §6). */
const ALLOWED: Readonly<Record<TokenGrant['grantType'], ReadonlySet<string>>> = {
	authorization_code: new Set(['grant_type', 'client_id', 'code', 'redirect_uri', 'code_verifier']),
	refresh_token: new Set(['grant_type', 'client_id', 'scope'])
};

/** RFC 7636 §4.1: 43–128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** RFC 6749 Appendix A.11: `code` is 1*VSCHAR; capped at a length no real server exceeds. */
const CODE = /^[\x20-\x7e]{1,2048}$/;
/** RFC 6749 §3.3: scope tokens of NQCHAR separated by single spaces. */
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*$/;

/** A field name fit to quote back in an error: printable and short. */
function label(name: string): string {
	const printable = name.replace(/[^\x20-\x7e]/g, '?');
	return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

function refuse(error: string, description: string): GrantParse {
	return { ok: false, error, description };
}

export function parseTokenGrant(
	fields: ReadonlyMap<string, string>,
	expected: GrantExpectations
): GrantParse {
	const grantType = fields.get('grant_type');
	if (grantType === undefined) return refuse('invalid_request', 'grant_type is required.');
	if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
		return refuse(
			'unsupported_grant_type',
			'Only the authorization_code and refresh_token grants are accepted here.'
		);
	}
	if (grantType === 'refresh_token' && fields.has('refresh_token')) {
		return refuse(
			'invalid_request',
			'Do not send refresh_token: the server keeps it in the session cookie.'
		);
	}
	for (const name of fields.keys()) {
		if (!ALLOWED[grantType].has(name)) {
			return refuse('invalid_request', `The field ${label(name)} is not accepted here.`);
		}
	}
	const clientId = fields.get('client_id');
	if (clientId !== undefined && clientId !== expected.clientId) {
		return refuse('invalid_client', "client_id is not this app's client.");
	}
	if (grantType === 'refresh_token') {
		const scope = fields.get('scope');
		if (scope === undefined) return { ok: true, grant: { grantType } };
		if (scope.length > 1024 || !SCOPE.test(scope)) {
			return refuse('invalid_scope', 'scope is not a valid scope list (RFC 6749 §3.3).');
		}
		return { ok: true, grant: { grantType, scope } };
	}
	const code = fields.get('code');
	const redirectUri = fields.get('redirect_uri');
	const codeVerifier = fields.get('code_verifier');
	if (clientId === undefined) return refuse('invalid_request', 'client_id is required.');
	if (code === undefined || !CODE.test(code)) {
		return refuse('invalid_request', 'code is missing or not a valid authorization code.');
	}
	if (redirectUri !== expected.redirectUri) {
		return refuse('invalid_request', "redirect_uri is not this app's callback address.");
	}
	if (codeVerifier === undefined || !CODE_VERIFIER.test(codeVerifier)) {
		return refuse(
			'invalid_request',
			'code_verifier is missing or not 43–128 unreserved characters (RFC 7636 §4.1).'
		);
	}
	return { ok: true, grant: { grantType, code, redirectUri, codeVerifier } };
}

/** A grant as sent upstream: a refresh carries the token read from the session cookie. */
export type UpstreamGrant =
	| Extract<TokenGrant, { grantType: 'authorization_code' }>
	| { grantType: 'refresh_token'; scope?: string; refreshToken: string };

/** The upstream form for `grant`: the configured client id, plus the grant's own fields. */
export function upstreamForm(grant: UpstreamGrant, clientId: string): URLSearchParams {
	const form = new URLSearchParams({ grant_type: grant.grantType, client_id: clientId });
	if (grant.grantType === 'authorization_code') {
		form.set('code', grant.code);
		form.set('redirect_uri', grant.redirectUri);
		form.set('code_verifier', grant.codeVerifier);
	} else {
		form.set('refresh_token', grant.refreshToken);
		if (grant.scope !== undefined) form.set('scope', grant.scope);
	}
	return form;
}
