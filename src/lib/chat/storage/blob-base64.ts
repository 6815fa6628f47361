/**
 * Blob ⇄ base64, for attached files: IndexedDB keeps Blobs; requests and export files carry
 * base64 (RFC 4648 §4, no line breaks). Encoding works in chunks so a 10 MB file never builds a
 * 10 MB argument list.
 */

const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
	let binary = '';
	for (let start = 0; start < bytes.length; start += CHUNK) {
		binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
	}
	return btoa(binary);
}

export async function blobToBase64(blob: Blob): Promise<string> {
	return bytesToBase64(new Uint8Array(await blob.arrayBuffer()));
}

/** Throws (a DOMException) when `base64` is not base64. */
export function base64ToBlob(base64: string, mimeType: string): Blob {
	const binary = atob(base64);
	const bytes = new Uint8Array(binary.length);
	for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
	return new Blob([bytes], { type: mimeType });
}
