/**
 * A tiny PNG encoder so the demo gateway can draw its own `image_generation` results: 8-bit RGB,
 * no interlace, one zlib stream. @see https://www.w3.org/TR/png-3/ (§5 datastream, §11.2 IHDR)
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

/** CRC-32 as PNG uses it (ISO 3309, PNG §5.5), over the chunk type and data. */
function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
	const out = Buffer.alloc(12 + data.length);
	out.writeUInt32BE(data.length, 0);
	out.write(type, 4, 'latin1');
	out.set(data, 8);
	out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
	return out;
}

export type Rgb = readonly [number, number, number];

/** Encodes a width×height RGB image whose pixels come from `pixel(x, y)`. */
export function encodePng(
	width: number,
	height: number,
	pixel: (x: number, y: number) => Rgb
): Buffer {
	const stride = width * 3 + 1;
	const raw = Buffer.alloc(stride * height);
	for (let y = 0; y < height; y++) {
		raw[y * stride] = 0; // filter type None
		for (let x = 0; x < width; x++) {
			const [r, g, b] = pixel(x, y);
			const at = y * stride + 1 + x * 3;
			raw[at] = r;
			raw[at + 1] = g;
			raw[at + 2] = b;
		}
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bit depth
	header[9] = 2; // colour type: truecolour
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', new Uint8Array(0))
	]);
}

function hash(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
	return h >>> 0;
}

export const DEMO_IMAGE_SIZE = 192;

/**
 * The demo's picture for a prompt: a gradient sky, a sun and hills whose colours follow the prompt.
 * `progress` in (0, 1] draws only the top part, for partial images.
 */
export function drawDemoImage(prompt: string, progress = 1): Buffer {
	const size = DEMO_IMAGE_SIZE;
	const seed = hash(prompt);
	const hue = [
		(seed & 0xff) / 255,
		((seed >> 8) & 0xff) / 255,
		((seed >> 16) & 0xff) / 255
	] as const;
	const sunX = size * (0.25 + 0.5 * hue[0]);
	const sunY = size * 0.3;
	const drawnRows = Math.ceil(size * Math.min(1, Math.max(0, progress)));
	return encodePng(size, size, (x, y) => {
		if (y >= drawnRows) return [238, 238, 238];
		const hill = size * (0.7 + 0.08 * Math.sin((x / size) * Math.PI * (2 + 3 * hue[1])));
		if (y > hill) return [Math.round(40 + 60 * hue[2]), Math.round(120 + 80 * hue[1]), 60];
		if ((x - sunX) ** 2 + (y - sunY) ** 2 < (size * 0.12) ** 2) return [255, 210, 80];
		const t = y / size;
		return [
			Math.round(90 + 120 * t * hue[0]),
			Math.round(150 + 60 * t),
			Math.round(230 - 40 * t * hue[2])
		];
	});
}
