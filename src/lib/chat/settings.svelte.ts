/**
 * The person's settings and gateway profiles as reactive state, saved to localStorage on every
 * change. The server-configured gateway is always the first profile.
 */
import {
	DEFAULT_MODEL_SETTINGS,
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

function load(key: string): unknown {
	try {
		const text = globalThis.localStorage?.getItem(key);
		return text === null || text === undefined ? undefined : (JSON.parse(text) as unknown);
	} catch {
		return undefined;
	}
}

function save(key: string, value: unknown): void {
	try {
		globalThis.localStorage?.setItem(key, JSON.stringify(value));
	} catch {
		// Storage full or blocked: the settings still apply for this page.
	}
}

/** Model flags a model is known to need before anyone sets them. */
function knownModelSettings(model: string): ModelSettings {
	return model === 'demo-adaptive' || /opus-4-[6-9]|sonnet-4-[6-9]/.test(model)
		? { ...DEFAULT_MODEL_SETTINGS, thinking: 'adaptive-only' }
		: { ...DEFAULT_MODEL_SETTINGS };
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

	/** Call after changing `settings` fields directly (the settings form binds to them). */
	persist(): void {
		save(SETTINGS_KEY, $state.snapshot(this.#settings));
	}
}
