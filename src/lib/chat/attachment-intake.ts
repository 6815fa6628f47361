/**
 * Which files a prompt can carry, and why a file is refused. Limits hold on every route: requests
 * carry files as base64 (a third larger) and the relay takes bodies up to 32 MB; the Messages API
 * takes images up to 5 MB each, PDFs up to 32 MB.
 */

export const ATTACHMENT_LIMITS = {
	files: 10,
	imageBytes: 5 * 1024 * 1024,
	pdfBytes: 10 * 1024 * 1024,
	totalBytes: 20 * 1024 * 1024
} as const;

export type AttachmentType =
	'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf';

const BY_EXTENSION: Readonly<Record<string, AttachmentType>> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	webp: 'image/webp',
	gif: 'image/gif',
	pdf: 'application/pdf'
};
const TYPES = new Set<string>(Object.values(BY_EXTENSION));

/** The file's type as sent, from its media type or (when the browser gives none) its extension. */
export function attachmentType(file: { name: string; type: string }): AttachmentType | null {
	if (TYPES.has(file.type)) return file.type as AttachmentType;
	if (file.type !== '' && file.type !== 'application/octet-stream') return null;
	const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
	return BY_EXTENSION[extension] ?? null;
}

/**
 * Why a file was refused, naming it; the page says it in the person's language (sizes in bytes,
 * written with file-size.ts `megabytes`). `unavailable`: this code, loaded with the first file
 * attached (pending-attachments.svelte.ts), could not be loaded to check it.
 */
export type AttachmentRefusal =
	| { kind: 'unsupported_type' | 'unavailable'; name: string }
	| { kind: 'too_many_files'; name: string; limit: number }
	| { kind: 'image_too_large' | 'pdf_too_large'; name: string; bytes: number; limitBytes: number }
	| { kind: 'total_too_large'; name: string; limitBytes: number };

/**
 * Why `file` cannot be added next to `count` files of `total` bytes already attached; `null`
 * when it can. `size` is the file's size as it would be sent (after an image is scaled down).
 */
export function refusalOf(
	file: { name: string; type: string; size: number },
	count: number,
	total: number
): AttachmentRefusal | null {
	const { name } = file;
	const type = attachmentType(file);
	if (type === null) return { kind: 'unsupported_type', name };
	if (count >= ATTACHMENT_LIMITS.files)
		return { kind: 'too_many_files', name, limit: ATTACHMENT_LIMITS.files };
	const pdf = type === 'application/pdf';
	const limitBytes = pdf ? ATTACHMENT_LIMITS.pdfBytes : ATTACHMENT_LIMITS.imageBytes;
	if (file.size > limitBytes) {
		return {
			kind: pdf ? 'pdf_too_large' : 'image_too_large',
			name,
			bytes: file.size,
			limitBytes
		};
	}
	if (total + file.size > ATTACHMENT_LIMITS.totalBytes)
		return { kind: 'total_too_large', name, limitBytes: ATTACHMENT_LIMITS.totalBytes };
	return null;
}
