/**
 * The Wilcoxon signed-rank test, two-sided and exact, for paired differences (this tree minus the
 * other build, run by run): how likely differences at least this one-sided would be if neither
 * build were faster. Zero differences are left out; tied magnitudes share their average rank, and
 * the exact null distribution is counted over every assignment of signs to those ranks.
 * @see https://en.wikipedia.org/wiki/Wilcoxon_signed-rank_test
 */
export function signedRankP(differences: readonly number[]): number {
	const nonZero = differences.filter((difference) => difference !== 0);
	const n = nonZero.length;
	if (n === 0) return 1;
	const order = nonZero
		.map((difference, index) => ({ size: Math.abs(difference), index }))
		.sort((a, b) => a.size - b.size);
	// Doubled ranks, so that average ranks of ties stay integers.
	const doubled = new Array<number>(n).fill(0);
	for (let start = 0; start < n;) {
		let end = start;
		while (end + 1 < n && order[end + 1]?.size === order[start]?.size) end++;
		for (let at = start; at <= end; at++) doubled[order[at]?.index ?? 0] = start + end + 2;
		start = end + 1;
	}
	const total = doubled.reduce((sum, rank) => sum + rank, 0);
	const observed = nonZero.reduce(
		(sum, difference, index) => sum + (difference > 0 ? (doubled[index] ?? 0) : 0),
		0
	);
	// How many sign assignments give each doubled sum of the positive ranks.
	let ways = new Array<number>(total + 1).fill(0);
	ways[0] = 1;
	for (const rank of doubled) {
		const next = [...ways];
		for (let sum = rank; sum <= total; sum++)
			next[sum] = (next[sum] ?? 0) + (ways[sum - rank] ?? 0);
		ways = next;
	}
	const farness = Math.abs(observed - total / 2);
	const extreme = ways.reduce(
		(count, number, sum) => (Math.abs(sum - total / 2) >= farness ? count + number : count),
		0
	);
	return Math.min(1, extreme / 2 ** n);
}
