/**
 * An image as it is sent: larger than 2048 px on its long side, or over the size limit, it is
 * scaled down and re-encoded (JPEG, or PNG when it may be transparent and fits); anything else —
 * and wherever the browser cannot decode it — is kept as it is. GIFs are kept (animation).
 */
import { ATTACHMENT_LIMITS } from './attachment-intake.ts';

const MAX_SIDE = 2048;

export async function prepareImage(file: Blob, type: string): Promise<Blob> {
	if (type === 'image/gif' || typeof createImageBitmap !== 'function') return file;
	let bitmap: ImageBitmap;
	try {
		bitmap = await createImageBitmap(file);
	} catch {
		return file; // not decodable here: the gateway says what it thinks of it
	}
	const long = Math.max(bitmap.width, bitmap.height);
	if (long <= MAX_SIDE && file.size <= ATTACHMENT_LIMITS.imageBytes) {
		bitmap.close();
		return file;
	}
	const scale = Math.min(1, MAX_SIDE / long);
	const width = Math.max(1, Math.round(bitmap.width * scale));
	const height = Math.max(1, Math.round(bitmap.height * scale));
	const canvas = new OffscreenCanvas(width, height);
	canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
	bitmap.close();
	if (type === 'image/png') {
		const png = await canvas.convertToBlob({ type: 'image/png' });
		if (png.size <= ATTACHMENT_LIMITS.imageBytes) return png;
	}
	return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}
