/**
 * The images and PDFs of a demo request's latest user message, decoded the way the real services
 * read them (base64 data URLs on the Responses routes, base64 `source` blocks on Messages), so the
 * answer can say what arrived, and a request the real API would refuse is refused here too.
 */

/** One file the latest user message carried. */
export interface Attachment {
	/** The file name sent with it, or a name made up from the kind and position (`image 1`). */
	name: string;
	mediaType: string;
	bytes: number;
	/** PNG only: the width and height from its IHDR chunk. */
	pixels: { width: number; height: number } | null;
}

/** The image types both APIs accept. @see https://platform.openai.com/docs/guides/images-vision */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z-]+=[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A base64 data URL's media type and bytes, or null when it is not one. */
export function decodeDataUrl(url: string): { mediaType: string; data: Buffer } | null {
	const match = DATA_URL.exec(url.trim());
	if (match === null || match[1] === undefined || match[2] === undefined) return null;
	if (match[2].length % 4 !== 0) return null;
	return { mediaType: match[1].toLowerCase(), data: Buffer.from(match[2], 'base64') };
}

/** Plain base64 (a Messages `source.data`), or null when it is not valid base64. */
export function decodeBase64(text: string): Buffer | null {
	if (!BASE64.test(text) || text.length % 4 !== 0) return null;
	return Buffer.from(text, 'base64');
}

export const isPng = (data: Buffer): boolean =>
	data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE);

/** Width and height from a PNG's IHDR chunk (the first chunk, at byte 8). @see PNG spec §11.2.2 */
export function pngSize(data: Buffer): { width: number; height: number } | null {
	if (!isPng(data) || data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return null;
	return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

export function attachmentOf(name: string, mediaType: string, data: Buffer): Attachment {
	return {
		name,
		mediaType,
		bytes: data.length,
		pixels: mediaType === 'image/png' ? pngSize(data) : null
	};
}

/** Most files the answer names; the rest are counted (`and 3 more`). */
const MAX_LISTED = 20;
/** Longest file name the answer repeats; a longer one is shortened with `…`. */
const MAX_NAME_CHARS = 120;

/**
 * The answer's first line: `Attachments received: photo.png (image/png, 64×64, 1,234 bytes).`
 * Empty when nothing was attached. Bounded whatever the request holds (names shortened, at most
 * MAX_LISTED listed), so the answer stays small.
 */
export function attachmentsLine(attachments: readonly Attachment[]): string {
	if (attachments.length === 0) return '';
	const described = attachments.slice(0, MAX_LISTED).map((file) => {
		const size = file.pixels === null ? '' : `${file.pixels.width}×${file.pixels.height}, `;
		const name =
			file.name.length > MAX_NAME_CHARS ? `${file.name.slice(0, MAX_NAME_CHARS - 1)}…` : file.name;
		return `${name} (${file.mediaType.slice(0, MAX_NAME_CHARS)}, ${size}${file.bytes.toLocaleString('en-US')} bytes)`;
	});
	const more = attachments.length - described.length;
	if (more > 0) described.push(`and ${more.toLocaleString('en-US')} more`);
	return `Attachments received: ${described.join(', ')}.`;
}
