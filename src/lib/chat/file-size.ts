/** A file's size as the composer and a sent prompt show it: `0.42 MB`, `2.4 MB`. */
export function megabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}
