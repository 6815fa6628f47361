/**
 * The one median of every benchmark's report (render, cold start, wire): the middle value, or
 * for an even count the mean of the middle two, rounded to 1e-4 so that a report shows no float
 * noise (`(0.1 + 0.2) / 2`); NaN for no values, never a made-up 0.
 */
export function median(values: readonly number[]): number {
	if (values.length === 0) return Number.NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
	const mean = ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
	return Math.round(mean * 1e4) / 1e4;
}
