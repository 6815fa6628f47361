/**
 * `/healthz`, asked one request after another from a process of its own (so the load generator's
 * busy event loop does not delay the measurement), until SIGTERM; then prints the latencies (ms)
 * and the number of failures as one JSON line.
 */
import process from 'node:process';

const url = process.argv[2] ?? '';
const latencies: number[] = [];
let failures = 0;
let running = true;
process.on('SIGTERM', () => {
	running = false;
});
while (running) {
	const started = performance.now();
	try {
		const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) });
		await response.text();
		if (!response.ok) failures += 1;
	} catch {
		failures += 1;
	}
	latencies.push(performance.now() - started);
	await new Promise((resolve) => setTimeout(resolve, 10));
}
process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`);
