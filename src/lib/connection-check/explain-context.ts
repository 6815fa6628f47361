/**
 * What the sentences need to know about the check's target (no credentials: only whether there
 * were any), and the few phrases every step's sentences share.
 */
import type { RouteKind } from '../wire/index.ts';
import type { ExplainCopy } from './check-copy.ts';
import type { CheckTarget, CredentialSource, GatewayPath } from './target.ts';

export interface ExplainContext {
	origin: string;
	baseUrl: string;
	route: RouteKind;
	area: string;
	path: GatewayPath;
	upstreamHost?: string;
	configuredByServer: boolean;
	credentialSource: CredentialSource;
	/** A key or access token was sent. */
	hasCredential: boolean;
	topUpUrl?: string | null;
}

export function explainContext(target: CheckTarget, topUpUrl?: string | null): ExplainContext {
	return {
		origin: target.origin,
		baseUrl: target.baseUrl,
		route: target.route,
		area: target.area,
		path: target.path,
		...(target.upstreamHost === undefined ? {} : { upstreamHost: target.upstreamHost }),
		configuredByServer: target.configuredByServer,
		credentialSource: target.credentialSource,
		hasCredential: target.hasCredential,
		...(topUpUrl === undefined ? {} : { topUpUrl })
	};
}

export function hostOf(context: ExplainContext): string {
	return URL.canParse(context.baseUrl) ? new URL(context.baseUrl).host : context.baseUrl;
}

/** The address a chat request goes to on the context's route. */
export function turnUrl(context: ExplainContext): string {
	switch (context.route) {
		case 'responses':
			return `${context.baseUrl}/v1/responses`;
		case 'messages':
			return `${context.baseUrl}/v1/messages`;
		case 'backend':
			return `${context.baseUrl}/backend-api/${context.area}/responses`;
	}
}

/** Where the gateway's address is set: the server (GATEWAY_URL) or the person's profile. */
export function addressSetting(context: ExplainContext, words: ExplainCopy): string {
	if (!context.configuredByServer) return words.address.settings(context.baseUrl);
	switch (context.path) {
		case 'direct':
			return words.address.direct(context.baseUrl);
		case 'relay':
			return words.address.relay(context.baseUrl);
		case 'demo':
			return words.address.demo(context.baseUrl);
	}
}

export function seconds(ms: number, words: ExplainCopy): string {
	return words.seconds(Math.max(1, Math.round(ms / 1000)));
}
