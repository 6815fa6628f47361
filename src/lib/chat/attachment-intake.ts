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

export function megabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}

/**
 * Why `file` cannot be added next to `count` files of `total` bytes already attached; `null`
 * when it can. `size` is the file's size as it would be sent (after an image is scaled down).
 */
export function refusalOf(
	file: { name: string; type: string; size: number },
	count: number,
	total: number
): string | null {
	const type = attachmentType(file);
	if (type === null) {
		return `${file.name}: this file type can’t be sent; attach PNG, JPEG, WebP, GIF or PDF.`;
	}
	if (count >= ATTACHMENT_LIMITS.files) {
		return `${file.name}: a message can carry at most ${ATTACHMENT_LIMITS.files} files.`;
	}
	const limit =
		type === 'application/pdf' ? ATTACHMENT_LIMITS.pdfBytes : ATTACHMENT_LIMITS.imageBytes;
	if (file.size > limit) {
		return `${file.name} is ${megabytes(file.size)}; ${type === 'application/pdf' ? 'a PDF' : 'an image'} can be at most ${megabytes(limit)}.`;
	}
	if (total + file.size > ATTACHMENT_LIMITS.totalBytes) {
		return `${file.name}: all files of a message together can be at most ${megabytes(ATTACHMENT_LIMITS.totalBytes)}.`;
	}
	return null;
}
