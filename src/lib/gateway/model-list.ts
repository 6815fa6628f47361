/**
 * The answer to `GET {base}/v1/models`: the OpenAI list shape `{object:"list", data:[{id}]}` or the
 * Anthropic one `{data:[{id, display_name}], has_more}` (docs/reference/wire.md). The ids in order;
 * none when the answer is not a 2xx list.
 */
export async function readModelIds(response: Response): Promise<string[]> {
	if (!response.ok) {
		await response.body?.cancel().catch(() => undefined);
		return [];
	}
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
