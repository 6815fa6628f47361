/**
 * The media type of a generated image: the `output_format` the gateway named (png, webp, jpeg), else
 * the format's signature at the start of the base64 text (PNG `\x89PNG`, JPEG `\xFF\xD8\xFF`,
 * WebP `RIFF????WEBP`, whose bytes 9–11 `EBP` are base64 characters 12–15 `RUJQ`), else PNG, the image_generation tool's default.
 */
const BY_FORMAT: ReadonlyMap<string, string> = new Map([
	['png', 'image/png'],
	['webp', 'image/webp'],
	['jpeg', 'image/jpeg'],
	['jpg', 'image/jpeg']
]);

export function imageMimeType(outputFormat: string | undefined, base64: string): string {
	const named = outputFormat === undefined ? undefined : BY_FORMAT.get(outputFormat.toLowerCase());
	if (named !== undefined) return named;
	if (base64.startsWith('iVBORw0KGgo')) return 'image/png';
	if (base64.startsWith('/9j/')) return 'image/jpeg';
	if (base64.startsWith('UklGR') && base64.slice(12, 16) === 'RUJQ') return 'image/webp';
	return 'image/png';
}
