/**
 * How idle the machine's CPUs were over a short window, from Linux's /proc/stat (the `cpu` line:
 * user nice system idle iowait irq softirq steal…, in clock ticks; proc(5)). The 1-minute load
 * average the benchmark waited on lags by minutes: after the heaviest runs it still reads above 1
 * while nothing runs, and it reads low while a burst of background work (a closed page's process
 * going away, the browser tidying up) takes a core for a few seconds. `null` where /proc/stat is
 * not there (macOS, Windows): the caller then goes by the load average alone.
 */
import { readFileSync } from 'node:fs';

interface CpuTicks {
	idle: number;
	total: number;
}

function readTicks(): CpuTicks | null {
	try {
		const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
		const fields = line.trim().split(/\s+/).slice(1).map(Number);
		if (fields.length < 5 || fields.some((value) => !Number.isFinite(value))) return null;
		// idle + iowait: a CPU waiting for the disk runs nothing.
		const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
		return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
	} catch {
		return null;
	}
}

/** The share of CPU time (0–1, all CPUs together) spent idle over the next `windowMs`. */
export async function idleShare(windowMs: number): Promise<number | null> {
	const before = readTicks();
	if (before === null) return null;
	await new Promise((resolve) => setTimeout(resolve, windowMs));
	const after = readTicks();
	if (after === null || after.total <= before.total) return null;
	return (after.idle - before.idle) / (after.total - before.total);
}
