/**
 * `GET {base}/v1/models`: the OpenAI list shape `{object:"list", data:[{id}]}` or the Anthropic one
 * `{data:[{id, display_name}], has_more}` (docs/reference/wire.md). Returns the ids in order.
 */
export async function fetchModelIds(
	baseUrl: string,
	headers: Record<string, string>,
	fetchFn: typeof fetch = fetch
): Promise<string[]> {
	const response = await fetchFn(`${baseUrl}/v1/models`, {
		headers,
		cache: 'no-store',
		credentials: 'omit',
		referrerPolicy: 'no-referrer'
	});
	if (!response.ok) return [];
	let body: unknown;
	try {
		body = await response.json();
	} catch {
		return [];
	}
	if (typeof body !== 'object' || body === null || !('data' in body) || !Array.isArray(body.data))
		return [];
	return body.data.flatMap((entry: unknown) =>
		typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'string'
			? [entry.id]
			: []
	);
}
