/**
 * The callback URL without the authorization response parameters (RFC 9700 §4.2.4): kept apart
 * from the callback check so that the page can clean the address bar before the sign-in code
 * (and oauth4webapi) has loaded.
 */

/** Parameters an authorization response may put in the callback URL. */
const RESPONSE_PARAMETERS = [
	'code',
	'state',
	'iss',
	'error',
	'error_description',
	'error_uri',
	'session_state'
];

/** `url` as a path with query and fragment, without the authorization response parameters. */
export function withoutResponseParameters(url: URL): string {
	const clean = new URL(url.href);
	for (const name of RESPONSE_PARAMETERS) clean.searchParams.delete(name);
	return `${clean.pathname}${clean.search}${clean.hash}`;
}
