/**
 * Reads at most `limit` bytes of a response body as text, then stops the download (the rest of
 * an error page or a model list is not worth fetching).
 *
 * When reading breaks half-way (the connection drops, a deadline aborts): `keepOnError` returns
 * what was read so far — an error body still says what it said — otherwise the error is thrown,
 * for callers that must tell a timeout from an answer.
 */
export async function readCapped(
	response: Response,
	limit: number,
	keepOnError = false
): Promise<string> {
	if (response.body === null) return '';
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	let size = 0;
	try {
		while (size < limit) {
			const { done, value } = await reader.read();
			if (done) break;
			size += value.byteLength;
			text += decoder.decode(value, { stream: true });
		}
	} catch (error) {
		if (!keepOnError) throw error;
	} finally {
		await reader.cancel().catch(() => undefined);
	}
	return text + decoder.decode();
}
