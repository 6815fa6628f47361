/**
 * Where a position in the built app's JavaScript comes from, read from the build's source maps:
 * a source file (`src/lib/render/core/block-parser.ts`) or an npm package (`npm:highlight.js`).
 * Used to name the scripts of long animation frames and the functions of a CPU profile.
 * @see https://tc39.es/ecma426/ (Source Map format: VLQ mappings)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decodeVlq(segment: string): number[] {
	const values: number[] = [];
	let shift = 0;
	let value = 0;
	for (const char of segment) {
		const digit = BASE64.indexOf(char);
		value += (digit & 31) << shift;
		if (digit & 32) shift += 5;
		else {
			values.push(value & 1 ? -(value >> 1) : value >> 1);
			value = 0;
			shift = 0;
		}
	}
	return values;
}

/** A source path as people read it: from `src/` on, or the npm package. */
export function sourceLabel(source: string): string {
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
	if (pkg?.[1] !== undefined) return `npm:${pkg[1]}`;
	const at = source.lastIndexOf('src/');
	return at >= 0 ? source.slice(at) : source.replace(/^(\.\.\/)+/, '');
}

/** [generated column, source index, 0-based source line, name index or -1] */
type Segment = [number, number, number, number];

interface MappedFile {
	/** Offsets of each line's first character. */
	lineStarts: number[];
	/** Per generated line: its segments, by column. */
	lines: Segment[][];
	sources: string[];
	names: string[];
}

/** A source path with its package's own path kept: `npm:svelte/src/internal/client/runtime.js`. */
function sourceFileLabel(source: string): string {
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(source);
	return pkg?.[1] !== undefined ? `npm:${pkg[1]}/${pkg[2] ?? ''}` : sourceLabel(source);
}

export class SourceLocator {
	readonly #clientDir: string;
	readonly #files = new Map<string, MappedFile | null>();

	/** `buildDir`: a copied `build/` (its `client/` holds the files the page loads and their maps). */
	constructor(buildDir: string) {
		this.#clientDir = path.join(buildDir, 'client');
	}

	/** The source of `url` at a character offset, or null when it has no source map. */
	atOffset(url: string, offset: number): string | null {
		const file = this.#file(url);
		if (file === null || offset < 0) return null;
		let line = 0;
		let low = 0;
		let high = file.lineStarts.length - 1;
		while (low <= high) {
			const middle = (low + high) >> 1;
			if ((file.lineStarts[middle] ?? 0) <= offset) {
				line = middle;
				low = middle + 1;
			} else high = middle - 1;
		}
		return this.#lookup(file, line, offset - (file.lineStarts[line] ?? 0));
	}

	/** The source of `url` at a 0-based line and column, or null when it has no source map. */
	at(url: string, line: number, column: number): string | null {
		const file = this.#file(url);
		return file === null ? null : this.#lookup(file, line, column);
	}

	/**
	 * The source file and 1-based line of `url` at a 0-based line and column, with the name the
	 * map gives there (a function's, at its start): `src/lib/chat/library.svelte.ts:210 open`.
	 */
	lineAt(url: string, line: number, column: number): string | null {
		const file = this.#file(url);
		const segment = file === null ? null : this.#segment(file, line, column);
		if (file === null || segment === null) return null;
		const name = file.names[segment[3]];
		const at = `${sourceFileLabel(file.sources[segment[1]] ?? '')}:${segment[2] + 1}`;
		return name === undefined ? at : `${at} ${name}`;
	}

	#lookup(file: MappedFile, line: number, column: number): string | null {
		const segment = this.#segment(file, line, column);
		return segment === null ? null : sourceLabel(file.sources[segment[1]] ?? '');
	}

	#segment(file: MappedFile, line: number, column: number): Segment | null {
		let found: Segment | null = null;
		for (const segment of file.lines[line] ?? []) {
			if (segment[0] > column) break;
			found = segment;
		}
		return found;
	}

	#file(url: string): MappedFile | null {
		if (!URL.canParse(url)) return null;
		const pathname = new URL(url).pathname;
		const cached = this.#files.get(pathname);
		if (cached !== undefined) return cached;
		const js = path.join(this.#clientDir, pathname);
		const mapped = existsSync(`${js}.map`) ? this.#read(js) : null;
		this.#files.set(pathname, mapped);
		return mapped;
	}

	#read(js: string): MappedFile {
		const code = readFileSync(js, 'utf8');
		const map = JSON.parse(readFileSync(`${js}.map`, 'utf8')) as {
			sources: string[];
			names?: string[];
			mappings: string;
		};
		const lineStarts = [0];
		for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1))
			lineStarts.push(at + 1);
		let source = 0;
		let sourceLine = 0;
		let name = 0;
		const lines = map.mappings.split(';').map((line) => {
			let column = 0;
			const segments: Segment[] = [];
			for (const segment of line.split(',')) {
				if (segment === '') continue;
				const values = decodeVlq(segment);
				column += values[0] ?? 0;
				if (values.length > 1) {
					source += values[1] ?? 0;
					sourceLine += values[2] ?? 0;
					if (values.length > 4) name += values[4] ?? 0;
					segments.push([column, source, sourceLine, values.length > 4 ? name : -1]);
				}
			}
			return segments;
		});
		return { lineStarts, lines, sources: map.sources, names: map.names ?? [] };
	}
}
