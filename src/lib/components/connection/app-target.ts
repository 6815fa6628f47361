/**
 * The check's target from the chat's own state (AppState): the active gateway profile, its
 * address as the chat resolves it, the model the chat would use, and its credentials through the
 * same GatewayClient (AppState.gatewayFor). Nothing here is a second copy of the configuration logic.
 */
import type { AppState } from '../../chat/app-state.svelte.ts';
import { profileAccess } from '../../chat/settings.ts';
import type { CheckTarget, GatewayPath } from '../../connection-check/index.ts';
import { CheckCannotRun, type CheckPageWords, type CheckSetup } from './connection-check.svelte.ts';
import type { Locale } from '../../i18n/locale.svelte.ts';
import { deferredStrings } from '../../i18n/deferred.ts';

export function checkTarget(app: AppState): CheckTarget {
	const profile = app.settings.activeProfile;
	if (profile === null) throw new CheckCannotRun({ kind: 'no_gateway' });
	const config = app.config;
	const access = profileAccess(profile);
	const { configuredByServer } = access;
	const path: GatewayPath = !configuredByServer
		? 'direct'
		: config?.gateway.demo === true
			? 'demo'
			: config?.gateway.mode === 'relay'
				? 'relay'
				: 'direct';
	// Not signed in on a sign-in profile, a pasted key is what goes out (and on any profile but the
	// server's own: the sign-in token never goes to a gateway the person added).
	const credentialSource =
		profile.auth === 'oauth' && (!configuredByServer || !app.access.auth.signedIn)
			? 'api_key'
			: profile.auth;
	const upstreamHost = path === 'relay' ? config?.gateway.upstreamHost : undefined;
	const gateway = app.gatewayFor(profile);
	return {
		baseUrl: gateway.baseUrl,
		origin: location.origin,
		route: gateway.route,
		area: gateway.area,
		path,
		...(upstreamHost === undefined ? {} : { upstreamHost }),
		configuredByServer,
		model: app.model,
		classifierModels: config?.classifierModels ?? [],
		credentialSource,
		hasCredential: app.access.hasCredential(access),
		gateway
	};
}

/** Loads the app's configuration once, then reads the target afresh for every run. */
export function appCheckSetup(app: AppState): () => Promise<CheckSetup> {
	let loaded: Promise<void> | undefined;
	return async () => {
		await (loaded ??= app.load());
		if (app.loadState === 'error')
			throw new CheckCannotRun({ kind: 'not_loaded', error: app.loadError });
		return { target: checkTarget(app), topUpUrl: app.config?.topUpUrl ?? null };
	};
}

/** The check page's words in the language `locale` shows. */
export function checkPageWords(locale: Locale): CheckPageWords {
	const strings = deferredStrings(locale);
	return { connection: strings.connection, failure: strings.failure, appLoad: locale.t.appLoad };
}
