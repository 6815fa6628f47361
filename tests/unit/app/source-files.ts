/** The repository's own source files, for tests that check a rule over all of them. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every file under `folder` (a path from the repository's root) whose name matches `ending`. */
export function filesUnder(folder: string, ending: RegExp): string[] {
	return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
		.filter((entry) => entry.isFile() && ending.test(entry.name))
		.map((entry) => join(entry.parentPath, entry.name));
}
