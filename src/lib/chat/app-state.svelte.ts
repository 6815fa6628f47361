/**
 * What the chat page needs: the server's public configuration, the gateway's models and the chosen
 * model, and the conversations (the library and the open one). Created once by the page.
 */
import { gatewayBaseUrl, parsePublicConfig, type PublicConfig } from '../config/public-config.ts';
import { assertNever, type FailureAction } from '../failure/index.ts';
import type { ChatSession, GatewayTarget } from './chat-session.svelte.ts';
import { ConversationLibrary } from './library.svelte.ts';
import { fetchModelIds } from './models.ts';

export type LoadState = 'loading' | 'ready' | 'error';

export class AppState {
	#config = $state.raw<PublicConfig | null>(null);
	#models = $state.raw<string[]>([]);
	#loadState = $state<LoadState>('loading');
	#loadError = $state('');
	model = $state('');
	/** Bumped to ask the model picker to take focus ("choose another model"). */
	modelPickerFocus = $state(0);
	readonly library = new ConversationLibrary(
		() => this.#gateway(),
		() => this.model
	);

	constructor(private readonly configUrl: string) {}

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

	#gateway(): GatewayTarget {
		const config = this.#config;
		if (config === null) throw new Error('The configuration is not loaded yet.');
		return {
			baseUrl: gatewayBaseUrl(config, location.href),
			route: config.gateway.route,
			area: config.gateway.area,
			classifierModels: config.classifierModels
		};
	}

	/** Carries out the action a person picked on the failure card of assistant message `messageId`. */
	handleFailureAction(action: FailureAction, messageId: string): void {
		switch (action.kind) {
			case 'retry':
				void this.session?.retry(messageId);
				return;
			case 'switch_model':
				this.model = action.model;
				void this.session?.retry(messageId);
				return;
			case 'choose_model':
				this.modelPickerFocus++;
				return;
			case 'reload_app':
				location.reload();
				return;
			case 'new_conversation':
				this.library.newConversation();
				return;
			case 'top_up':
				// A link: the card opens it in a new tab itself.
				return;
			case 'compact_and_retry':
			case 'enable_long_context':
			case 'change_thinking':
			case 'disable_encrypted_content':
			case 'switch_gateway':
			case 'sign_in':
			case 'connection_check':
				// Not offered (see AVAILABLE_FAILURE_ACTIONS) until the features behind them exist.
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
		const config = this.#config;
		const headers: Record<string, string> =
			config.gateway.route === 'messages' ? { 'anthropic-version': '2023-06-01' } : {};
		this.#models = await fetchModelIds(this.#gateway().baseUrl, headers).catch(() => []);
		this.model = config.defaultModel ?? this.#models[0] ?? '';
		await this.library.open();
		const saved = this.library.session?.messages.findLast((message) => message.model)?.model;
		if (saved !== undefined && saved !== '') this.model = saved;
		this.#loadState = 'ready';
	}
}
