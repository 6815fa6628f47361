/**
 * The part of oidc-provider 9 the test authorization server uses (the package ships no types).
 * @see https://github.com/panva/node-oidc-provider/blob/main/docs/README.md
 */
declare module 'oidc-provider' {
	import type { IncomingMessage, ServerResponse } from 'node:http';

	export interface ClientMetadata {
		client_id: string;
		token_endpoint_auth_method?: 'none' | 'client_secret_basic' | 'client_secret_post';
		application_type?: 'web' | 'native';
		grant_types?: string[];
		response_types?: string[];
		redirect_uris?: string[];
	}

	export interface ClaimsFor {
		accountId: string;
		claims: () => Record<string, unknown> | Promise<Record<string, unknown>>;
	}

	export interface ErrorOut {
		error: string;
		error_description?: string;
	}

	export interface KoaLikeContext {
		type: string;
		body: unknown;
	}

	export interface Configuration {
		clients?: ClientMetadata[];
		routes?: Partial<Record<'authorization' | 'token' | 'jwks' | 'userinfo', string>>;
		pkce?: { required?: () => boolean };
		scopes?: string[];
		claims?: Record<string, string[]>;
		conformIdTokenClaims?: boolean;
		features?: { devInteractions?: { enabled: boolean } };
		interactions?: { url: (ctx: unknown, interaction: { uid: string }) => string };
		cookies?: { keys?: string[] };
		ttl?: Partial<
			Record<
				'AuthorizationCode' | 'IdToken' | 'RefreshToken' | 'Grant' | 'Session' | 'Interaction',
				number
			>
		> & {
			AccessToken?: (ctx: unknown, token: unknown, client: { clientId: string }) => number;
		};
		findAccount?: (ctx: unknown, accountId: string) => ClaimsFor | Promise<ClaimsFor>;
		renderError?: (ctx: KoaLikeContext, out: ErrorOut, error: unknown) => void;
	}

	export interface InteractionDetails {
		uid: string;
		params: Record<string, unknown>;
		prompt: { name: string };
	}

	export class Grant {
		constructor(init: { accountId: string; clientId: string });
		addOIDCScope(scope: string): void;
		save(): Promise<string>;
	}

	export default class Provider {
		constructor(issuer: string, configuration: Configuration);
		readonly Grant: typeof Grant;
		callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
		interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
		interactionFinished(
			req: IncomingMessage,
			res: ServerResponse,
			result: Record<string, unknown>,
			options?: { mergeWithLastSubmission?: boolean }
		): Promise<void>;
	}
}
