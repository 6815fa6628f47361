/**
 * The check's target from the chat's own state (AppState): the active gateway profile, its
 * address as the chat resolves it, the model the chat would use, and its credentials through the
 * same GatewayClient (AppState.gatewayFor). Nothing here is a second copy of the configuration logic.
 */
import type { AppState } from '../../chat/app-state.svelte.ts';
import { SERVER_PROFILE_ID } from '../../chat/settings.ts';
import type { CheckTarget, GatewayPath } from '../../connection-check/index.ts';
import type { CheckSetup } from './connection-check.svelte.ts';

export function checkTarget(app: AppState): CheckTarget {
	const profile = app.settings.activeProfile;
	if (profile === null) throw new Error('no gateway is configured.');
	const config = app.config;
	const configuredByServer = profile.id === SERVER_PROFILE_ID;
	const path: GatewayPath = !configuredByServer
		? 'direct'
		: config?.gateway.demo === true
			? 'demo'
			: config?.gateway.mode === 'relay'
				? 'relay'
				: 'direct';
	// Not signed in on a sign-in profile, a pasted key is what goes out.
	const credentialSource =
		profile.auth === 'oauth' && !app.access.auth.signedIn ? 'api_key' : profile.auth;
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
		hasCredential: app.access.hasCredential(profile),
		gateway
	};
}

/** Loads the app's configuration once, then reads the target afresh for every run. */
export function appCheckSetup(app: AppState): () => Promise<CheckSetup> {
	let loaded: Promise<void> | undefined;
	return async () => {
		await (loaded ??= app.load());
		if (app.loadState === 'error') throw new Error(app.loadError);
		return { target: checkTarget(app), topUpUrl: app.config?.topUpUrl ?? null };
	};
}
