const KB = 1024;
const MB = 1024 * KB;

/**
 * A file's size as the composer's chip and a sent prompt show it, in the unit that makes it
 * readable: `15 B`, `4.9 KB`, `512 KB`, `2.4 MB` (never `0.00 MB` for a small file). Units are
 * the same in every language.
 */
export function fileSize(bytes: number): string {
	if (bytes < KB) return `${bytes} B`;
	const kilobytes = bytes / KB;
	if (kilobytes < 10) return `${kilobytes.toFixed(1)} KB`;
	if (Math.round(kilobytes) < 1000) return `${Math.round(kilobytes)} KB`;
	return `${(bytes / MB).toFixed(1)} MB`;
}

/** A size next to a limit in megabytes, as a refusal names both: `6.2 MB` over `5.0 MB`, `0.42 MB`. */
export function megabytes(bytes: number): string {
	return `${(bytes / MB).toFixed(bytes < MB ? 2 : 1)} MB`;
}
