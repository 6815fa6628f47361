/**
 * What the chat page needs: the server's public configuration, the settings and gateway profiles,
 * the active gateway's models and the chosen model, and the conversations (the library and the
 * open one). Created once by the page.
 */
import { parsePublicConfig, type PublicConfig } from '../config/public-config.ts';
import type { AuthSession } from '../auth/auth-session.svelte.ts';
import { GatewayAccess, keyStorage } from '../auth/gateway-access.svelte.ts';
import { assertNever, type FailureAction } from '../failure/index.ts';
import type { ChatSession, TurnTarget } from './chat-session.svelte.ts';
import { gatewayOrigin } from '../config/connect-allowance.ts';
import { ConnectAllowance } from './connect-allowance.svelte.ts';
import { GatewayClient } from '../gateway/gateway-client.ts';
import { ConversationLibrary } from './library.svelte.ts';
import { hostOf, resolveBaseUrl, SERVER_PROFILE_ID, type GatewayProfile } from './settings.ts';
import { SettingsState } from './settings.svelte.ts';
import { planTurn } from './turn-planner.ts';

export type LoadState = 'loading' | 'ready' | 'error';

/** Opens a settings panel at a section, for the failure card's one-click fixes. */
export type SettingsRequest = {
	section: 'model' | 'gateway' | 'general';
	at: number;
	/** Send this assistant turn again when the settings close (the fix was made there). */
	resend?: string;
} | null;

export class AppState {
	#config = $state.raw<PublicConfig | null>(null);
	#models = $state.raw<string[]>([]);
	#loadState = $state<LoadState>('loading');
	#loadError = $state('');
	model = $state('');
	/** Bumped to ask the model picker to take focus ("choose another model"). */
	modelPickerFocus = $state(0);
	/** Set to open the settings panel (the page watches it). */
	settingsRequest = $state<SettingsRequest>(null);
	readonly settings: SettingsState = new SettingsState(() => this.#serverProfile());
	readonly library = new ConversationLibrary(() => this.#target());

	/** Sign-in and API keys: what requests on each gateway profile carry (src/lib/auth). */
	readonly access: GatewayAccess;
	/** Custom gateways this page's Content-Security-Policy lets it reach (reload to add one). */
	readonly connect = new ConnectAllowance();

	constructor(
		private readonly configUrl: string,
		auth: AuthSession
	) {
		this.access = new GatewayAccess(auth, keyStorage());
	}

	/** The open conversation (`null` only until storage has opened). */
	get session(): ChatSession | null {
		return this.library.session;
	}
	get config(): PublicConfig | null {
		return this.#config;
	}
	get models(): readonly string[] {
		return this.#models;
	}
	get loadState(): LoadState {
		return this.#loadState;
	}
	get loadError(): string {
		return this.#loadError;
	}

	/** The profile's base URL as an absolute URL (the demo gateway's is a path on this origin). */
	baseUrl(profile: GatewayProfile): string {
		return resolveBaseUrl(profile.baseUrl, location.href);
	}

	/**
	 * The client for `profile`: its chat turns, its model list and the connection check all send
	 * through it, with its credentials (src/lib/auth) and the one header table.
	 */
	gatewayFor(profile: GatewayProfile): GatewayClient {
		return new GatewayClient(
			{ baseUrl: this.baseUrl(profile), route: profile.route, area: profile.area },
			this.access.authorizerFor(profile)
		);
	}

	#serverProfile(): GatewayProfile | null {
		const config = this.#config;
		if (config === null) return null;
		return {
			id: SERVER_PROFILE_ID,
			name: config.gateway.demo
				? 'Demo gateway'
				: (config.gateway.upstreamHost ?? hostOf(config.gateway.url)),
			baseUrl: config.gateway.url,
			route: config.gateway.route,
			area: config.gateway.area,
			auth: config.auth === null ? 'api_key' : 'oauth',
			defaultModel: config.defaultModel ?? ''
		};
	}

	#target(): TurnTarget {
		const profile = this.settings.activeProfile;
		if (profile === null) throw new Error('No gateway is configured.');
		const model = this.model;
		const gateway = this.gatewayFor(profile);
		// ChatSession sends each planned turn with this authorizer through the gateway transport,
		// as `gateway.streamTurn` does: the header table is added there, at send.
		return {
			model,
			classifierModels: this.#config?.classifierModels ?? [],
			...(gateway.authorizer === undefined ? {} : { authorizer: gateway.authorizer }),
			plan: (turns, conversationId, summary) =>
				planTurn({
					summary,
					profile,
					baseUrl: gateway.baseUrl,
					settings: $state.snapshot(this.settings.settings),
					modelSettings: this.settings.modelSettings(model),
					model,
					conversationId,
					turns
				})
		};
	}

	/** The settings panel closed: re-send the turn whose fix was made there, if any. */
	settingsClosed(): void {
		const resend = this.settingsRequest?.resend;
		this.settingsRequest = null;
		if (resend !== undefined) void this.session?.retry(resend);
	}

	/** Switches gateway profile and loads its models. */
	async selectProfile(id: string): Promise<void> {
		this.settings.selectProfile(id);
		await this.#loadModels();
	}

	/** Carries out the action a person picked on the failure card of assistant message `messageId`. */
	handleFailureAction(action: FailureAction, messageId: string): void {
		const session = this.session;
		switch (action.kind) {
			case 'retry':
				void session?.retry(messageId);
				return;
			case 'switch_model':
				this.model = action.model;
				void session?.retry(messageId);
				return;
			case 'choose_model':
				this.modelPickerFocus++;
				return;
			case 'enable_long_context':
				this.settings.updateModel(this.model, { longContext: true });
				void session?.retry(messageId);
				return;
			case 'disable_encrypted_content':
				this.settings.updateModel(this.model, { encryptedReasoning: false });
				void session?.retry(messageId);
				return;
			case 'change_thinking':
				this.settingsRequest = { section: 'model', at: Date.now(), resend: messageId };
				return;
			case 'switch_gateway':
				this.settingsRequest = { section: 'gateway', at: Date.now() };
				return;
			case 'compact_and_retry':
				void session?.compactAndRetry(messageId);
				return;
			case 'reload_app':
				location.reload();
				return;
			case 'new_conversation':
				void this.library.newConversationFromSummary(session);
				return;
			case 'top_up':
				// A link: the card opens it in a new tab itself.
				return;
			case 'sign_in':
				void this.access.signIn(session?.draft ?? '');
				return;
			case 'connection_check':
				// A navigation to the check page: ChatPane does it (it holds the router).
				return;
			default:
				assertNever(action, 'failure action');
		}
	}

	async load(): Promise<void> {
		try {
			const response = await fetch(this.configUrl, { cache: 'no-store' });
			if (!response.ok)
				throw new Error(`The app server answered ${response.status} for its configuration.`);
			this.#config = parsePublicConfig(await response.json());
		} catch (error) {
			this.#loadError =
				error instanceof Error ? error.message : 'The configuration could not be loaded.';
			this.#loadState = 'error';
			return;
		}
		this.access.configure(this.#config);
		await this.access.prepare();
		await this.#loadModels();
		await this.library.open();
		const draft = this.access.resumedDraft();
		const open = this.library.session;
		if (draft !== '' && open !== null && open.draft === '') open.draft = draft;
		const saved = this.library.session?.messages.findLast((message) => message.model)?.model;
		if (saved !== undefined && saved !== '') this.model = saved;
		this.#loadState = 'ready';
	}

	/** Keeps the connect cookie in step with the profiles; false when a reload must come first. */
	#reachable(profile: GatewayProfile): boolean {
		const config = this.#config;
		if (config === null) return true;
		this.connect.remember(
			this.settings.profiles
				.filter((candidate) => candidate.id !== SERVER_PROFILE_ID)
				.map((candidate) => candidate.baseUrl),
			config.basePath,
			location.protocol === 'https:'
		);
		const served =
			profile.id === SERVER_PROFILE_ID ? [gatewayOrigin(this.baseUrl(profile)) ?? ''] : [];
		return this.connect.check(this.baseUrl(profile), location.origin, served);
	}

	async #loadModels(): Promise<void> {
		const profile = this.settings.activeProfile;
		if (profile === null || !this.#reachable(profile)) return;
		this.#models = await this.gatewayFor(profile)
			.listModels()
			.catch(() => []);
		if (this.model === '' || !this.#models.includes(this.model)) {
			this.model = profile.defaultModel || this.#models[0] || this.model;
		}
	}
}
