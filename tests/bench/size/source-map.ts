/**
 * Which sources a built file's bytes come from, read from its source map (the mappings' generated
 * columns, each segment counted up to the next one), grouped by npm package or by `src/lib/<dir>`.
 */
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

export function groupOf(source: string): string {
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
	if (pkg?.[1] !== undefined) return `npm:${pkg[1]}`;
	const lib = /src\/lib\/([^/]+)/.exec(source);
	if (lib?.[1] !== undefined) return `src/lib/${lib[1]}`;
	if (source.includes('src/routes')) return 'src/routes';
	return 'sveltekit generated';
}

/** Bytes of `code` per source group, by its source map. */
export function bytesBySource(
	code: string,
	map: { sources: string[]; mappings: string }
): Map<string, number> {
	const groups = new Map<string, number>();
	const lines = code.split('\n');
	let source = 0;
	map.mappings.split(';').forEach((line, index) => {
		const text = lines[index] ?? '';
		let column = 0;
		const starts: [number, number][] = [];
		for (const segment of line.split(',')) {
			if (segment === '') continue;
			const values = decodeVlq(segment);
			column += values[0] ?? 0;
			if (values.length > 1) source += values[1] ?? 0;
			starts.push([column, values.length > 1 ? source : -1]);
		}
		starts.forEach(([start, from], at) => {
			if (from < 0) return;
			const end = starts[at + 1]?.[0] ?? text.length;
			const group = groupOf(map.sources[from] ?? '');
			groups.set(group, (groups.get(group) ?? 0) + (end - start));
		});
	});
	return groups;
}
