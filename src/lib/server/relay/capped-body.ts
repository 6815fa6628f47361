/**
 * The request body on its way to the gateway, counted as it passes: over the cap, the stream
 * fails with `BodyTooLargeError` and the upload to the gateway stops there (nothing is held back
 * to be measured first); what the browser still sends is read and dropped (`drainBody`) while it
 * gets the relay's 413. A failure of the source (the browser went away, or adapter-node's own
 * BODY_SIZE_LIMIT) becomes `BodyReadError`, so the relay can tell its own refusals from the
 * gateway's failures.
 */
export class BodyTooLargeError extends Error {
	override name = 'BodyTooLargeError';
	constructor(readonly limit: number) {
		super(`The request body is larger than ${limit} bytes.`);
	}
}

export class BodyReadError extends Error {
	override name = 'BodyReadError';
	/** The source's own status when it has one (SvelteKit's 413 for BODY_SIZE_LIMIT). */
	readonly status: number | undefined;
	constructor(cause: unknown) {
		super('The request body could not be read.', { cause });
		const status = (cause as { status?: unknown } | null)?.status;
		this.status = typeof status === 'number' ? status : undefined;
	}
}

export function cappedBody(
	source: ReadableStream<Uint8Array>,
	limit: number
): ReadableStream<Uint8Array> {
	const reader = source.getReader();
	let size = 0;
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			let chunk: ReadableStreamReadResult<Uint8Array>;
			try {
				chunk = await reader.read();
			} catch (error) {
				controller.error(new BodyReadError(error));
				return;
			}
			if (chunk.done) {
				controller.close();
				return;
			}
			size += chunk.value.byteLength;
			if (size > limit) {
				// The source is left unread, not cancelled: cancelling it would tear down the
				// browser's connection before the relay's 413 could reach it (the relay drains it).
				controller.error(new BodyTooLargeError(limit));
				reader.releaseLock();
				return;
			}
			controller.enqueue(chunk.value);
		},
		async cancel(reason) {
			await reader.cancel(reason);
		}
	});
}

/**
 * How much of a refused body is read and dropped, and for how long, so the browser can finish its
 * upload and read the 413 (a connection closed under an upload is reset, and the browser reports a
 * network error instead). Past either bound the connection is closed after all.
 */
const DRAIN_LIMIT_BYTES = 128 * 1024 * 1024;
const DRAIN_LIMIT_MS = 30_000;

/** Reads `source` to its end and drops it, within the drain bounds; never throws. */
export async function drainBody(
	source: ReadableStream<Uint8Array>,
	limits = { bytes: DRAIN_LIMIT_BYTES, ms: DRAIN_LIMIT_MS }
): Promise<void> {
	const reader = source.getReader();
	const deadline = setTimeout(() => void reader.cancel().catch(() => undefined), limits.ms);
	let size = 0;
	try {
		for (;;) {
			const { done, value } = await reader.read();
			if (done) return;
			size += value.byteLength;
			if (size > limits.bytes) {
				await reader.cancel();
				return;
			}
		}
	} catch {
		// The browser went away, or the server's own limit ended the body: nothing left to read.
	} finally {
		clearTimeout(deadline);
	}
}
