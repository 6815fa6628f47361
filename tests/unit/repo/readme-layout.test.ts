/**
 * The README's "Project layout" section is a newcomer's map of the repository: every path it names
 * exists, and every folder under src/lib/ is on it. The section is a tree in a fenced block (one
 * entry per line, children indented under their folder, a description after the name) plus prose
 * that may name paths in backticks.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const HEADING = '## Project layout';

/** The section's text, from its heading to the next heading of the same or a higher level. */
function layoutSection(readme: string): string {
	const start = readme.indexOf(`\n${HEADING}\n`);
	if (start === -1) throw new Error(`README.md has no "${HEADING}" section`);
	const body = readme.slice(start + HEADING.length + 2);
	const next = body.search(/^#{1,2} /m);
	return next === -1 ? body : body.slice(0, next);
}

interface NamedPath {
	path: string;
	folder: boolean;
}

/**
 * A tree line is `<indent><name>[  description]`. A name ending in `/` is a folder whose entries
 * are the following lines indented deeper; a name may hold several segments (`.ci/run`).
 */
function treePaths(block: string): NamedPath[] {
	const named: NamedPath[] = [];
	const parents: { indent: number; path: string }[] = [];
	for (const line of block.split('\n')) {
		const match = /^( *)(\S+)/.exec(line);
		if (match === null) continue;
		const indent = match[1]?.length ?? 0;
		const name = match[2] ?? '';
		while (parents.length > 0 && (parents.at(-1)?.indent ?? 0) >= indent) parents.pop();
		const path = `${parents.at(-1)?.path ?? ''}${name}`;
		const folder = name.endsWith('/');
		named.push({ path, folder });
		if (folder) parents.push({ indent, path });
	}
	return named;
}

/** A backticked repository path in prose: relative, with a `/`, no spaces, globs or placeholders. */
const PROSE_PATH = /`([\w.-]+\/[\w./-]*)`/g;

function namedPaths(section: string): NamedPath[] {
	const named: NamedPath[] = [];
	const parts = section.split(/^```.*$/m);
	parts.forEach((part, index) => {
		if (index % 2 === 1) named.push(...treePaths(part));
		else
			for (const match of part.matchAll(PROSE_PATH)) {
				const path = match[1] ?? '';
				named.push({ path, folder: path.endsWith('/') });
			}
	});
	return named;
}

function kindOf(path: string): 'folder' | 'file' | 'missing' {
	try {
		return statSync(new URL(path, root)).isDirectory() ? 'folder' : 'file';
	} catch {
		return 'missing';
	}
}

/** Every folder under src/lib/ that holds a file (what git keeps), recursively, as `src/lib/a/b/`. */
function libFolders(): string[] {
	const rootPath = fileURLToPath(root);
	const entries = readdirSync(join(rootPath, 'src/lib'), { recursive: true, withFileTypes: true });
	const asPath = (absolute: string): string => relative(rootPath, absolute).split(sep).join('/');
	const files = entries
		.filter((entry) => entry.isFile())
		.map((entry) => asPath(join(entry.parentPath, entry.name)));
	return entries
		.filter((entry) => entry.isDirectory())
		.map((entry) => `${asPath(join(entry.parentPath, entry.name))}/`)
		.filter((folder) => files.some((file) => file.startsWith(folder)))
		.sort();
}

describe("the README's project layout", () => {
	const section = layoutSection(readFileSync(new URL('README.md', root), 'utf8'));
	const named = namedPaths(section);

	it('reads the tree, folders nested under their parents', () => {
		const paths = named.map(({ path }) => path);
		expect(paths).toContain('src/lib/');
		expect(paths).toContain('src/lib/server/relay/');
		expect(paths).toContain('tests/unit/');
	});

	it('names only paths that exist, folders as folders', () => {
		const wrong = named
			.filter(({ path, folder }) => kindOf(path) !== (folder ? 'folder' : 'file'))
			.map(
				({ path, folder }) =>
					`${path} (named as a ${folder ? 'folder' : 'file'}, is ${kindOf(path)})`
			);
		expect(wrong, 'paths in the README layout that do not match the tree').toEqual([]);
	});

	it('names every folder under src/lib/', () => {
		const folders = new Set(named.filter(({ folder }) => folder).map(({ path }) => path));
		const unnamed = libFolders().filter((folder) => !folders.has(folder));
		expect(unnamed, 'folders under src/lib/ the README layout does not name').toEqual([]);
	});
});
