/**
 * The person's settings and gateway profiles as reactive state, saved to localStorage on every
 * change. The server-configured gateway is always the first profile.
 */
import type { LanguagePreference } from '../i18n/languages.ts';
import type { ReasoningPatch } from './settings-reasoning.ts';
import { localStore } from './storage/local-store.ts';
import {
	DEFAULT_MODEL_SETTINGS,
	readLanguagePreference,
	readModelSettings,
	readProfile,
	readSettings,
	SERVER_PROFILE_ID,
	type ChatSettings,
	type GatewayProfile,
	type ModelSettings
} from './settings.ts';

const SETTINGS_KEY = 'switchboard.settings';
const PROFILES_KEY = 'switchboard.profiles';
const ACTIVE_KEY = 'switchboard.activeProfile';
/** The models last picked in the model picker, most recent first (shown on top of its list). */
const RECENT_MODELS_KEY = 'switchboard.recentModels';
/** How many recent picks are kept. */
const RECENT_MODELS_KEPT = 5;
/**
 * The interface language: a key of its own, because the root layout reads it before the chat's
 * state exists (the sign-in callback and the connection page use it too), and because
 * `SettingsState.persist` writes its record whole.
 */
const LANGUAGE_KEY = 'switchboard.language';

function load(key: string): unknown {
	try {
		const text = localStore()?.getItem(key);
		return text === null || text === undefined ? undefined : (JSON.parse(text) as unknown);
	} catch {
		return undefined;
	}
}

function save(key: string, value: unknown): void {
	try {
		localStore()?.setItem(key, JSON.stringify(value));
	} catch {
		// Storage full or blocked: the settings still apply for this page.
	}
}

/** The interface language the person chose on this device (`auto` when none). */
export function loadLanguagePreference(): LanguagePreference {
	return readLanguagePreference(load(LANGUAGE_KEY));
}

export function saveLanguagePreference(preference: LanguagePreference): void {
	save(LANGUAGE_KEY, preference);
}

/** Calls `onchange` when another tab of this browser changes the language; returns the stop. */
export function watchLanguagePreference(
	onchange: (preference: LanguagePreference) => void
): () => void {
	const listener = (event: StorageEvent): void => {
		if (event.key !== LANGUAGE_KEY) return;
		let value: unknown;
		try {
			value = event.newValue === null ? undefined : JSON.parse(event.newValue);
		} catch {
			value = undefined;
		}
		onchange(readLanguagePreference(value));
	};
	globalThis.addEventListener('storage', listener);
	return () => globalThis.removeEventListener('storage', listener);
}

/** Model flags a model is known to need before anyone sets them. */
function knownModelSettings(model: string): ModelSettings {
	return model === 'demo-adaptive' || /opus-4-[6-9]|sonnet-4-[6-9]/.test(model)
		? { ...DEFAULT_MODEL_SETTINGS, thinking: 'adaptive-only' }
		: { ...DEFAULT_MODEL_SETTINGS };
}

/** Recent model ids from storage: distinct non-empty strings, as many as the picker shows. */
function readRecentModels(value: unknown): string[] {
	if (!Array.isArray(value)) return [];
	const ids = value.filter((id): id is string => typeof id === 'string' && id.trim() !== '');
	return [...new Set(ids)].slice(0, RECENT_MODELS_KEPT);
}

export class SettingsState {
	#settings = $state<ChatSettings>(readSettings(load(SETTINGS_KEY)));
	#custom = $state.raw<GatewayProfile[]>(
		(Array.isArray(load(PROFILES_KEY)) ? (load(PROFILES_KEY) as unknown[]) : [])
			.map(readProfile)
			.filter((profile): profile is GatewayProfile => profile !== null)
	);
	#activeId = $state(
		typeof load(ACTIVE_KEY) === 'string' ? String(load(ACTIVE_KEY)) : SERVER_PROFILE_ID
	);
	#recentModels = $state.raw<string[]>(readRecentModels(load(RECENT_MODELS_KEY)));

	constructor(private readonly serverProfile: () => GatewayProfile | null) {}

	get settings(): ChatSettings {
		return this.#settings;
	}

	get profiles(): GatewayProfile[] {
		const server = this.serverProfile();
		return server === null ? this.#custom : [server, ...this.#custom];
	}

	get activeProfile(): GatewayProfile | null {
		const profiles = this.profiles;
		return profiles.find((profile) => profile.id === this.#activeId) ?? profiles[0] ?? null;
	}

	selectProfile(id: string): void {
		this.#activeId = id;
		save(ACTIVE_KEY, id);
	}

	addProfile(profile: GatewayProfile): void {
		this.#custom = [...this.#custom.filter((candidate) => candidate.id !== profile.id), profile];
		save(PROFILES_KEY, this.#custom);
	}

	removeProfile(id: string): void {
		this.#custom = this.#custom.filter((profile) => profile.id !== id);
		save(PROFILES_KEY, this.#custom);
		if (this.#activeId === id) this.selectProfile(SERVER_PROFILE_ID);
	}

	modelSettings(model: string): ModelSettings {
		return this.#settings.models[model] ?? knownModelSettings(model);
	}

	updateModel(model: string, patch: Partial<ModelSettings>): void {
		this.#settings.models[model] = readModelSettings({ ...this.modelSettings(model), ...patch });
		this.persist();
	}

	/** The thinking `model` is known to have before anyone sets it. */
	knownThinking(model: string): ModelSettings['thinking'] {
		return knownModelSettings(model).thinking;
	}

	/**
	 * A choice in the route's one reasoning control, for `model` (settings-reasoning.ts says what
	 * each choice changes): the chat settings and the model's flags are changed and saved.
	 */
	applyReasoning(model: string, patch: ReasoningPatch): void {
		Object.assign(this.#settings, patch.settings);
		if (Object.keys(patch.model).length > 0)
			this.#settings.models[model] = readModelSettings({
				...this.modelSettings(model),
				...patch.model
			});
		this.persist();
	}

	/** The models picked last, most recent first. */
	get recentModels(): readonly string[] {
		return this.#recentModels;
	}

	/** Remembers a pick in the model picker, on top of the recent ones. */
	rememberModel(id: string): void {
		if (id.trim() === '') return;
		this.#recentModels = [id, ...this.#recentModels.filter((other) => other !== id)].slice(
			0,
			RECENT_MODELS_KEPT
		);
		save(RECENT_MODELS_KEY, this.#recentModels);
	}

	/** Call after changing `settings` fields directly (the settings form binds to them). */
	persist(): void {
		save(SETTINGS_KEY, $state.snapshot(this.#settings));
	}
}
