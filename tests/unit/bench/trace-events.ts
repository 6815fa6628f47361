/** Trace events for the benchmark's trace readers' tests (Chromium's trace event format). */

/** The metadata event that names thread `tid` of process 1. */
export const threadName = (tid: number, name: string) => ({
	ph: 'M',
	name: 'thread_name',
	cat: '__metadata',
	pid: 1,
	tid,
	ts: 0,
	args: { name }
});
