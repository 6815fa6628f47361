/**
 * What the chat page needs: the server's public configuration, the settings and gateway profiles,
 * the active gateway's models and the chosen model, and the conversations (the library and the
 * open one). Created once by the page.
 */
import { readInlineConfig } from '../config/inline-config.ts';
import {
	parsePublicConfig,
	PublicConfigError,
	type PublicConfig
} from '../config/public-config.ts';
import type { AuthSession } from '../auth/auth-session.svelte.ts';
import { GatewayAccess } from '../auth/gateway-access.svelte.ts';
import { classifyThrownLater } from '../failure/classify-later.ts';
import { ConnectTimeoutError } from '../failure/errors.ts';
import type { Failure, FailureSituation } from '../failure/index.ts';
import type { ChatMessage, ChatSession, TurnTarget } from './chat-session.svelte.ts';
import { FailureFixes, type FixHost } from './failure-fixes.svelte.ts';
import { tabStorage } from './resend-after-load.ts';
import { gatewayOrigin } from '../config/connect-allowance.ts';
import { ConnectAllowance } from './connect-allowance.svelte.ts';
import { GatewayClient } from '../gateway/gateway-client.ts';
import { ConversationLibrary } from './library.svelte.ts';
import { ModelListMemory, type ModelListOwner } from './model-list-memory.ts';
import { startUpModel } from './start-up-model.ts';
import {
	hostOf,
	profileAccess,
	resolveBaseUrl,
	SERVER_PROFILE_ID,
	type GatewayProfile
} from './settings.ts';
import { SettingsState } from './settings.svelte.ts';
import { localStore } from './storage/local-store.ts';
import { loadTurnPlanner } from './turn-engine.ts';
import { routeAsksForLongContext, routeCanContinue } from './route-abilities.ts';

export type LoadState = 'loading' | 'ready' | 'error';

/** How long the page waits for the model list before saying the gateway cannot be reached. */
const MODEL_LIST_TIMEOUT_MS = 10_000;

/** Opens a settings panel at a section, for the failure card's one-click fixes. */
export type SettingsRequest = {
	section: 'model' | 'gateway' | 'general';
	at: number;
} | null;

/** Why the app's configuration did not load; the page says it in the person's language. */
export type LoadError =
	/** The device is offline: the library opens without the server. */
	| { kind: 'offline' }
	| { kind: 'status'; status: number }
	/** The server sent something that is not this app's configuration. */
	| { kind: 'invalid' }
	/** The app server did not answer. */
	| { kind: 'unreachable' };

export class AppState {
	#config = $state.raw<PublicConfig | null>(null);
	#models = $state.raw<string[]>([]);
	#loadState = $state<LoadState>('loading');
	#loadError = $state.raw<LoadError | null>(null);
	#libraryOpening: Promise<void> | null = null;
	/** The model list could not be fetched because the gateway could not be reached. */
	#unreachable = $state.raw<Failure | null>(null);
	#modelsLoading: Promise<void> = Promise.resolve();
	/** The last list each gateway answered: a returning visit starts with it. */
	readonly #modelMemory = new ModelListMemory(localStore());
	/**
	 * The model start-up chose from a remembered list while the gateway's fresh list was still on
	 * its way (`null` otherwise): when the list arrives, the choice is made again with it — unless
	 * the person has picked a model meanwhile.
	 */
	#startUpChoice: string | null = null;
	/** The model of the open conversation's last answer at start-up, if any. */
	#savedModel: string | undefined;
	/** Model-list requests made so far (the answer of an older one is not used). */
	#listRequests = 0;
	/** The gateway profile and model flags as Settings opened (a fix is made if they change). */
	#settingsAtOpen = '';
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
	/** The failure cards' actions, carried out until the failed turn is sent again. */
	readonly fixes: FailureFixes;

	constructor(
		private readonly configUrl: string,
		auth: AuthSession
	) {
		this.access = new GatewayAccess(auth, localStore());
		this.fixes = new FailureFixes(this.#fixHost());
		this.access.apiKey.onKeySet(() => this.fixes.made('sign_in'));
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
	/** Why the configuration did not load (`loadState` is `error`); `null` otherwise. */
	get loadError(): LoadError | null {
		return this.#loadError;
	}
	/** Why the model list could not be fetched (the gateway is unreachable); `null` otherwise. */
	get unreachable(): Failure | null {
		return this.#unreachable;
	}

	/**
	 * What a failure card on `message` needs to know to offer only actions that can help: the
	 * profile's credential, and what the route can say for the model that answered.
	 */
	failureSituation(message: ChatMessage): FailureSituation {
		const profile = this.settings.activeProfile;
		if (profile === null) return {};
		const model = message.model ?? this.model;
		const modelSettings = this.settings.modelSettings(model);
		const oauth = this.#signsIn(profile);
		return {
			credential: profile.auth === 'none' ? 'none' : oauth ? 'oauth' : 'api_key',
			longContext: !routeAsksForLongContext(profile.route)
				? 'unsupported'
				: modelSettings.longContext
					? 'on'
					: 'available',
			answerShown: message.text !== '',
			compacted: message.compacted === true,
			canContinue: routeCanContinue(profile.route, this.settings.settings, modelSettings)
		};
	}

	/** A model picked in the model picker (a failed turn waiting for another model is resent). */
	pickModel(id: string): void {
		this.model = id;
		this.fixes.made('choose_model');
	}

	/** Fetches the model list again (the unreachable card's Try again). */
	retryModels(): Promise<void> {
		return this.#reloadModels();
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
			this.access.authorizerFor(profileAccess(profile))
		);
	}

	/** Whether `profile` signs in: only the server's own gateway, and only when AUTH_URL is set. */
	#signsIn(profile: GatewayProfile): boolean {
		return (
			profileAccess(profile).configuredByServer &&
			profile.auth === 'oauth' &&
			this.access.auth.available
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
			keyHeader: 'x-api-key',
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
			// The request builders load with the first turn (turn-engine.ts), not with the page.
			plan: async (turns, conversationId, summary, options) =>
				(await loadTurnPlanner()).planTurn({
					summary,
					webSearch: options?.webSearch === true,
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

	/** Settings opened (from its button or a failure card). */
	settingsOpened(): void {
		this.#settingsAtOpen = this.#settingsFingerprint();
	}

	/**
	 * Settings closed: a turn waiting for a fix made there (another gateway, a thinking setting) is
	 * sent again once the new gateway's models are in — if anything was changed at all.
	 */
	async settingsClosed(): Promise<void> {
		this.settingsRequest = null;
		const changed = this.#settingsFingerprint() !== this.#settingsAtOpen;
		await this.#modelsLoading;
		for (const fix of ['change_thinking', 'switch_gateway'] as const) {
			if (changed) this.fixes.made(fix);
			else this.fixes.abandoned(fix);
		}
	}

	/** Switches gateway profile and loads its models. */
	async selectProfile(id: string): Promise<void> {
		this.settings.selectProfile(id);
		await this.#reloadModels();
	}

	/**
	 * Removes a person-added gateway profile. Removing the one in use switches to the server's,
	 * as choosing it would: its models are loaded, and what was said about the removed one (its
	 * card, its model) goes. A key remembered for the removed one is forgotten.
	 */
	async removeProfile(id: string): Promise<void> {
		const removed = this.settings.profiles.find((profile) => profile.id === id);
		if (removed === undefined || id === SERVER_PROFILE_ID) return;
		const wasActive = this.settings.activeProfile?.id === id;
		this.access.apiKey.forgetProfile(id, removed.baseUrl);
		this.settings.removeProfile(id);
		if (wasActive) await this.#reloadModels();
	}

	#settingsFingerprint(): string {
		return JSON.stringify([
			this.settings.activeProfile,
			this.settings.modelSettings(this.model),
			this.settings.settings.reasoningEffort,
			this.settings.settings.reasoningSummary,
			this.settings.settings.messagesThinking
		]);
	}

	#fixHost(): FixHost {
		// eslint-disable-next-line @typescript-eslint/no-this-alias -- the host is this state, lent
		const app = this;
		return {
			get session() {
				return app.session;
			},
			get model() {
				return app.model;
			},
			set model(value: string) {
				app.model = value;
			},
			openSettings: (section) => {
				this.settingsRequest = { section, at: Date.now() };
			},
			openModelPicker: () => {
				this.modelPickerFocus++;
			},
			updateModel: (patch) => this.settings.updateModel(this.model, patch),
			signIn: async (credential) => {
				const profile = this.settings.activeProfile;
				if (credential === 'api_key' || profile === null || !this.#signsIn(profile)) {
					this.access.keyPrompt++;
					return 'key_asked';
				}
				await this.access.signIn(this.session?.draft ?? '');
				if (this.access.auth.status === 'redirecting') return 'left';
				return this.access.auth.signedIn ? 'signed_in' : 'not';
			},
			newConversationFromSummary: () => this.library.newConversationFromSummary(this.session),
			openConversation: async (id) => {
				if (this.session?.id !== id) await this.library.select(id);
				return this.session?.id === id ? this.session : null;
			},
			reload: () => location.reload(),
			tabStorage: tabStorage()
		};
	}

	/**
	 * Start-up. The configuration is the one inlined into the page (src/lib/config/inline-config.ts),
	 * else `GET /api/config`. Then, side by side: resuming a sign-in followed by the model list, and
	 * opening the library. The page is ready once both are in — on a returning visit the list the
	 * gateway answered last time stands in for the fresh one, which replaces it when it arrives.
	 */
	async load(): Promise<void> {
		const config = readInlineConfig(document) ?? (await this.#fetchConfig());
		if (config === null) {
			this.#connectWhenOnline();
			return;
		}
		await this.#start(config);
	}

	/**
	 * Opened offline (the worker served the page, the configuration could not be had): once the
	 * device is back online the page connects by itself — configuration, sign-in, models — and the
	 * conversation already open stays as it is. Any other failure to load waits for a reload.
	 */
	#connectWhenOnline(): void {
		if (this.#loadError?.kind !== 'offline') return;
		globalThis.addEventListener('online', () => void this.#retryLoad(), { once: true });
	}

	async #retryLoad(): Promise<void> {
		const config = await this.#fetchConfig();
		if (config === null) this.#connectWhenOnline();
		else await this.#start(config);
	}

	async #start(config: PublicConfig): Promise<void> {
		this.#loadError = null;
		this.#loadState = 'loading';
		this.#config = config;
		this.access.configure(config);
		const profile = this.settings.activeProfile;
		const remembered = profile === null ? null : this.#modelMemory.recall(this.#listOwner(profile));
		if (remembered !== null) this.#models = remembered;
		let listIn = false;
		const prepared = this.access.prepare();
		this.#modelsLoading = prepared.then(() => this.#loadModels()).finally(() => (listIn = true));
		await Promise.all([
			prepared,
			this.#openLibrary(),
			remembered === null ? this.#modelsLoading : undefined
		]);
		const draft = this.access.resumedDraft();
		const open = this.library.session;
		if (draft !== '' && open !== null && open.draft === '') open.draft = draft;
		this.#savedModel = this.library.session?.messages.findLast((message) => message.model)?.model;
		this.model = startUpModel({
			current: this.model,
			models: this.#models,
			defaultModel: this.settings.activeProfile?.defaultModel ?? '',
			saved: this.#savedModel
		});
		if (!listIn) this.#startUpChoice = this.model;
		this.#loadState = 'ready';
		await this.fixes.resumeAfterLoad(this.access.auth.signedIn, Date.now());
	}

	/**
	 * `GET /api/config`, validated; `null` when it could not be had — the page then says why, and
	 * the library opens without the server.
	 */
	async #fetchConfig(): Promise<PublicConfig | null> {
		let status: number | undefined;
		try {
			const response = await fetch(this.configUrl, { cache: 'no-store' });
			if (!response.ok) {
				status = response.status;
				throw new Error(`The app server answered ${status} for its configuration.`);
			}
			return parsePublicConfig(await response.json());
		} catch (error) {
			const offline = typeof navigator !== 'undefined' && !navigator.onLine;
			this.#loadError = offline
				? { kind: 'offline' }
				: status !== undefined
					? { kind: 'status', status }
					: error instanceof PublicConfigError || error instanceof SyntaxError
						? { kind: 'invalid' }
						: { kind: 'unreachable' };
			this.#loadState = 'error';
			// The library is this browser's own: it opens without the server (offline, installed).
			await this.#openLibrary().catch(() => undefined);
			return null;
		}
	}

	/** Opens the library once, however many times start-up asks (a retry once back online). */
	#openLibrary(): Promise<void> {
		this.#libraryOpening ??= this.library.open();
		return this.#libraryOpening;
	}

	#listOwner(profile: GatewayProfile): ModelListOwner {
		return { id: profile.id, baseUrl: this.baseUrl(profile) };
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

	#reloadModels(): Promise<void> {
		this.#startUpChoice = null;
		this.#modelsLoading = this.#loadModels();
		return this.#modelsLoading;
	}

	/**
	 * The active profile's models. A gateway that answers without a list (no `/v1/models`, a
	 * refusal) leaves the model to be typed; one that cannot be reached at all is `unreachable`,
	 * which the page shows as a card with the connection check — the composer stays usable.
	 */
	async #loadModels(): Promise<void> {
		const profile = this.settings.activeProfile;
		// Only the latest request's answer is used (a profile chosen while an older list was on its way).
		const request = ++this.#listRequests;
		this.#unreachable = null;
		if (profile === null || !this.#reachable(profile)) return;
		const controller = new AbortController();
		const timer = setTimeout(
			() => controller.abort(new ConnectTimeoutError(MODEL_LIST_TIMEOUT_MS)),
			MODEL_LIST_TIMEOUT_MS
		);
		try {
			const models = await this.gatewayFor(profile).listModels(controller.signal);
			this.#modelMemory.remember(this.#listOwner(profile), models);
			if (request !== this.#listRequests) return;
			this.#models = models;
		} catch (error) {
			const failure = await classifyThrownLater(
				controller.signal.aborted ? (controller.signal.reason as unknown) : error
			);
			if (request !== this.#listRequests) return;
			this.#models = [];
			this.#unreachable = failure;
		} finally {
			clearTimeout(timer);
		}
		// During start-up, `load` chooses once the open conversation is known.
		if (this.#loadState !== 'ready') return;
		const startUpChoice = this.#startUpChoice;
		this.#startUpChoice = null;
		if (startUpChoice !== null) {
			if (this.model === startUpChoice)
				this.model = startUpModel({
					current: this.model,
					models: this.#models,
					defaultModel: profile.defaultModel,
					saved: this.#savedModel
				});
			return;
		}
		if (this.model === '' || !this.#models.includes(this.model)) {
			this.model = profile.defaultModel || this.#models[0] || this.model;
		}
	}
}
