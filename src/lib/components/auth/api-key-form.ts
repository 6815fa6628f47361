/**
 * The API-key form (ApiKeyForm.svelte) loads when its popover first opens, or is fetched early
 * when the pointer or focus reaches the key button, not with the page. Once loaded it is at hand
 * synchronously, so a menu mounted later (another gateway profile) shows it in its first frame.
 */
import type ApiKeyForm from './ApiKeyForm.svelte';

let loaded: typeof ApiKeyForm | null = null;

export function loadedApiKeyForm(): typeof ApiKeyForm | null {
	return loaded;
}

export async function loadApiKeyForm(): Promise<typeof ApiKeyForm> {
	loaded ??= (await import('./ApiKeyForm.svelte')).default;
	return loaded;
}
