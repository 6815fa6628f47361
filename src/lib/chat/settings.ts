/**
 * What a person sets once and keeps: gateway profiles, the chat settings, and per-model flags.
 * Kept in localStorage (no secrets here: API keys are the sign-in module's), validated on read so a
 * damaged or old value falls back to defaults instead of breaking the page.
 */
import type { CredentialProfile, KeyHeader } from '../auth/gateway-credentials.ts';
import { languageOfTag, type LanguagePreference } from '../i18n/languages.ts';
import type { ModelCapabilities, ReasoningEffort, RouteKind } from '../wire/index.ts';
import { ROUTE_KINDS } from '../wire/route-kind.ts';

export type ThinkingMode = ModelCapabilities['thinking'];
export type ImageFormat = 'png' | 'webp' | 'jpeg';

export interface ModelSettings {
	/** `adaptive-only`: the model thinks by itself; `enabled`: thinking with a budget; `off`. */
	thinking: ThinkingMode;
	budgetTokens: number;
	/**
	 * The model accepts `reasoning.encrypted_content` sent back; absent when the person never
	 * set it (turn-planner.ts `sendsEncryptedReasoning` then decides by route and model).
	 */
	encryptedReasoning?: boolean;
	/** Ask for the larger context window (Messages: the long-context beta). */
	longContext: boolean;
}

export interface ChatSettings {
	instructions: string;
	imageGeneration: { enabled: boolean; outputFormat: ImageFormat };
	/** `default` sends no effort: the model decides. */
	reasoningEffort: ReasoningEffort | 'default';
	/**
	 * Ask reasoning models for a summary of their reasoning. Off by default: models that do not
	 * reason refuse any `reasoning` parameter, so none is sent unless asked for.
	 */
	reasoningSummary: boolean;
	/**
	 * The Messages route's thinking: whether a request asks for it at all (manual models then think
	 * with their budget, adaptive models adaptively), and the effort adaptive models are given.
	 * The Responses routes' `reasoningEffort` and `reasoningSummary` no longer decide it: settings
	 * stored before it existed are read with the old rule (`readSettings`), so nothing changes.
	 */
	messagesThinking: MessagesThinking;
	models: Record<string, ModelSettings>;
}

export interface MessagesThinking {
	enabled: boolean;
	/** `default` sends no effort (adaptive models decide); `minimal` is sent as `low`, `xhigh` as `high`. */
	effort: ReasoningEffort | 'default';
}

/**
 * How requests on a profile are authorised. `oauth` (the sign-in access token) belongs to the
 * server-configured profile alone; a profile the person adds is `api_key` or `none`.
 */
export type ProfileAuth = 'oauth' | 'api_key' | 'none';

export interface GatewayProfile {
	id: string;
	name: string;
	/** Absolute base URL, or a path on this origin (the built-in demo gateway). */
	baseUrl: string;
	route: RouteKind;
	area: string;
	auth: ProfileAuth;
	/** The header an API key goes in on the Messages route (gateway-credentials.ts). */
	keyHeader?: KeyHeader;
	defaultModel: string;
}

export const SERVER_PROFILE_ID = 'server';
export const REASONING_EFFORTS: readonly (ReasoningEffort | 'default')[] = [
	'default',
	'minimal',
	'low',
	'medium',
	'high',
	'xhigh'
];
const THINKING: readonly ThinkingMode[] = ['adaptive-only', 'enabled', 'off'];
const FORMATS: readonly ImageFormat[] = ['png', 'webp', 'jpeg'];
/** A person-added profile's choices: the sign-in token is never sent to their own gateways. */
const CUSTOM_AUTHS: readonly ProfileAuth[] = ['api_key', 'none'];
const KEY_HEADERS: readonly KeyHeader[] = ['x-api-key', 'authorization'];

export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
	thinking: 'enabled',
	budgetTokens: 2048,
	longContext: false
};

export const DEFAULT_SETTINGS: ChatSettings = {
	instructions: 'You are a helpful assistant.',
	imageGeneration: { enabled: false, outputFormat: 'png' },
	reasoningEffort: 'default',
	reasoningSummary: false,
	messagesThinking: { enabled: false, effort: 'default' },
	models: {}
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
	allowed.find((candidate) => candidate === value) ?? fallback;

export function readModelSettings(value: unknown): ModelSettings {
	if (!isObject(value)) return { ...DEFAULT_MODEL_SETTINGS };
	const budget = value['budgetTokens'];
	return {
		thinking: pick(value['thinking'], THINKING, DEFAULT_MODEL_SETTINGS.thinking),
		budgetTokens:
			typeof budget === 'number' && Number.isInteger(budget) && budget >= 1024
				? budget
				: DEFAULT_MODEL_SETTINGS.budgetTokens,
		...(typeof value['encryptedReasoning'] === 'boolean'
			? { encryptedReasoning: value['encryptedReasoning'] }
			: {}),
		longContext: value['longContext'] === true
	};
}

export function readSettings(value: unknown): ChatSettings {
	if (!isObject(value)) return structuredClone(DEFAULT_SETTINGS);
	const image = isObject(value['imageGeneration']) ? value['imageGeneration'] : {};
	const effort = pick(value['reasoningEffort'], REASONING_EFFORTS, 'default');
	const summary = value['reasoningSummary'] === true;
	const models: Record<string, ModelSettings> = {};
	if (isObject(value['models'])) {
		for (const [id, settings] of Object.entries(value['models']))
			models[id] = readModelSettings(settings);
	}
	return {
		instructions:
			typeof value['instructions'] === 'string'
				? value['instructions']
				: DEFAULT_SETTINGS.instructions,
		imageGeneration: {
			enabled: image['enabled'] === true,
			outputFormat: pick(image['outputFormat'], FORMATS, 'png')
		},
		reasoningEffort: effort,
		reasoningSummary: summary,
		messagesThinking: readMessagesThinking(value['messagesThinking'], effort, summary),
		models
	};
}

/**
 * The Messages route's thinking from storage. Settings saved before it existed asked for thinking
 * on that route through the shared reasoning controls (an effort other than the default, or
 * reasoning summaries): that is read as thinking on, with that effort, so the same request is sent.
 */
function readMessagesThinking(
	value: unknown,
	effort: ReasoningEffort | 'default',
	summary: boolean
): MessagesThinking {
	if (!isObject(value)) return { enabled: effort !== 'default' || summary, effort };
	return {
		enabled: value['enabled'] === true,
		effort: pick(value['effort'], REASONING_EFFORTS, 'default')
	};
}

/**
 * The interface language the person chose, from storage: `auto` (follow the browser) when nothing
 * was stored (before there was a choice) or it is not a language the interface has. A stored
 * language tag is matched as the browser's are (`zh-Hans`, `zh` → `zh-CN`; `en-GB` → `en`).
 */
export function readLanguagePreference(value: unknown): LanguagePreference {
	if (typeof value !== 'string' || value === 'auto') return 'auto';
	return languageOfTag(value) ?? 'auto';
}

/**
 * A custom profile from storage or the form; `null` when it is not a usable one. One that claims
 * `oauth` (stored before sign-in was kept to the server's gateway, or altered) is read as `api_key`.
 */
export function readProfile(value: unknown): GatewayProfile | null {
	if (!isObject(value)) return null;
	const { id, name, baseUrl } = value;
	if (typeof id !== 'string' || id === '' || id === SERVER_PROFILE_ID) return null;
	if (typeof name !== 'string' || typeof baseUrl !== 'string') return null;
	const url = normaliseBaseUrl(baseUrl);
	if (url === null) return null;
	const area =
		typeof value['area'] === 'string' && /^[A-Za-z0-9._-]+$/.test(value['area'])
			? value['area']
			: 'codex';
	return {
		id,
		name: name.trim() || new URL(url).host,
		baseUrl: url,
		route: pick(value['route'], ROUTE_KINDS, 'responses'),
		area,
		auth: pick(value['auth'], CUSTOM_AUTHS, 'api_key'),
		keyHeader: pick(value['keyHeader'], KEY_HEADERS, 'x-api-key'),
		defaultModel: typeof value['defaultModel'] === 'string' ? value['defaultModel'].trim() : ''
	};
}

/**
 * `profile` with whether the server configured it: what its requests' credentials are decided by
 * (the sign-in access token goes to the server's profile alone, gateway-credentials.ts).
 */
export function profileAccess(profile: GatewayProfile): GatewayProfile & CredentialProfile {
	return { ...profile, configuredByServer: profile.id === SERVER_PROFILE_ID };
}

/** An http(s) base URL without credentials, query, fragment or trailing slash; `null` otherwise. */
export function normaliseBaseUrl(text: string): string | null {
	if (!URL.canParse(text.trim())) return null;
	const url = new URL(text.trim());
	if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
	if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '')
		return null;
	return url.href.replace(/\/+$/, '');
}

/** A profile's base URL as an absolute URL without trailing slash (a path resolves on `pageUrl`). */
export function resolveBaseUrl(baseUrl: string, pageUrl: string): string {
	return new URL(baseUrl, pageUrl).href.replace(/\/+$/, '');
}

/** The host of an absolute URL, for a profile's default name. */
export function hostOf(url: string): string {
	return URL.canParse(url) ? new URL(url).host : url;
}
