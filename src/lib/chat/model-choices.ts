/**
 * What the model picker lists for a search: the gateway's models (`GET /v1/models`), the person's
 * recent picks on top, grouped by owner where the list says who owns a model, filtered by what was
 * typed, capped so that a list of hundreds renders only what a person can read, and the typed
 * text itself as the last choice — relays accept model ids they do not list.
 *
 * Pure: the picker (src/routes/ModelPicker*.svelte) renders what this returns.
 */

/** A listed model: its id, and what the list said about it, when it said anything. */
export interface ModelEntry {
	id: string;
	/** A display name (the Anthropic list's `display_name`). */
	name?: string;
	/** Who provides it (the OpenAI list's `owned_by`, or the `provider/` of an id like `openai/gpt-4o`). */
	owner?: string;
}

/** The list as given: ids alone, or entries that say more. */
export type ModelListItem = string | ModelEntry;

export interface ModelGroup {
	/** `recent`, an owner's group, or `all` when the list names no owners. */
	kind: 'recent' | 'owner' | 'all';
	/** The owner's name (kind `owner`); empty otherwise. */
	label: string;
	options: ModelEntry[];
}

export interface ModelChoices {
	groups: ModelGroup[];
	/** Every option of `groups`, in order: what the arrow keys move through (before `typed`). */
	options: ModelEntry[];
	/** Matching models left out by the cap. */
	hidden: number;
	/** The typed id, offered as the last choice, when it is not exactly a listed or recent id. */
	typed: string | null;
}

/** How many model rows the picker renders at most; the rest are counted ("type to narrow"). */
export const MAX_RENDERED_MODELS = 100;

/** An id's `provider/` prefix, as OpenRouter-style gateways name models (`openai/gpt-4o`). */
function providerOfId(id: string): string | undefined {
	const slash = id.indexOf('/');
	return slash > 0 && slash < id.length - 1 ? id.slice(0, slash) : undefined;
}

/** The list as entries: ids deduplicated (first wins), an owner from the id when none is given. */
export function modelEntries(list: readonly ModelListItem[]): ModelEntry[] {
	const seen = new Set<string>();
	const entries: ModelEntry[] = [];
	for (const item of list) {
		const entry: ModelEntry = typeof item === 'string' ? { id: item } : { ...item };
		if (entry.id === '' || seen.has(entry.id)) continue;
		seen.add(entry.id);
		const owner = entry.owner?.trim() || providerOfId(entry.id);
		entries.push({
			id: entry.id,
			...(entry.name?.trim() ? { name: entry.name.trim() } : {}),
			...(owner === undefined ? {} : { owner })
		});
	}
	return entries;
}

/**
 * The text compared, on both sides: NFKC (full-width Latin typed with a CJK input method, `ｇｐｔ`,
 * matches `gpt`; compatibility forms fold) and lower case. Chinese, Japanese and Korean text has
 * no case and is compared as typed.
 */
export function searchKey(text: string): string {
	return text.normalize('NFKC').toLowerCase();
}

/** Whether `entry` matches the search `key` (already `searchKey`ed): a substring of id or name. */
function matches(entry: ModelEntry, key: string): boolean {
	if (key === '') return true;
	return (
		searchKey(entry.id).includes(key) ||
		(entry.name !== undefined && searchKey(entry.name).includes(key))
	);
}

/**
 * The groups to show for `query`. Recent picks come first (even ones the gateway does not list:
 * an id typed before), each id once; then the listed models in the gateway's order, grouped by
 * owner when more than one owner is named (one owner, or none, is one plain list).
 */
export function modelChoices(
	list: readonly ModelListItem[],
	recent: readonly string[],
	query: string,
	limit = MAX_RENDERED_MODELS
): ModelChoices {
	const entries = modelEntries(list);
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	const key = searchKey(query.trim());
	const recentIds = [...new Set(recent.filter((id) => id !== ''))];
	const recentSet = new Set(recentIds);
	const recentMatches = recentIds
		.map((id) => byId.get(id) ?? { id })
		.filter((entry) => matches(entry, key));
	const rest = entries.filter((entry) => !recentSet.has(entry.id) && matches(entry, key));

	const owners = new Set(entries.map((entry) => entry.owner ?? ''));
	const grouped = owners.size > 1;
	const listed: ModelGroup[] = [];
	if (grouped) {
		const byOwner = new Map<string, ModelEntry[]>();
		for (const entry of rest) {
			const owner = entry.owner ?? '';
			byOwner.set(owner, [...(byOwner.get(owner) ?? []), entry]);
		}
		for (const [owner, options] of byOwner) listed.push({ kind: 'owner', label: owner, options });
	} else if (rest.length > 0) {
		listed.push({ kind: 'all', label: '', options: rest });
	}

	const groups: ModelGroup[] = [];
	let room = limit;
	let hidden = 0;
	const candidates: ModelGroup[] =
		recentMatches.length > 0
			? [{ kind: 'recent', label: '', options: recentMatches }, ...listed]
			: listed;
	for (const group of candidates) {
		const shown = group.options.slice(0, Math.max(room, 0));
		hidden += group.options.length - shown.length;
		room -= shown.length;
		if (shown.length > 0) groups.push({ ...group, options: shown });
	}

	const typedId = query.trim();
	const exact = typedId !== '' && (byId.has(typedId) || recentSet.has(typedId));
	return {
		groups,
		options: groups.flatMap((group) => group.options),
		hidden,
		typed: typedId === '' || exact ? null : typedId
	};
}

/**
 * The choice to highlight when the choices change, as an index into `options` followed by the
 * typed choice (index `options.length`): the exact id typed, else the current model (with nothing
 * typed), else the first choice; `-1` when there is none. Enter picks the highlighted choice.
 */
export function initialActive(choices: ModelChoices, query: string, current: string): number {
	const typed = query.trim();
	const wanted = typed === '' ? current : typed;
	const index = choices.options.findIndex((entry) => entry.id === wanted);
	if (index !== -1) return index;
	return choices.options.length > 0 || choices.typed !== null ? 0 : -1;
}
