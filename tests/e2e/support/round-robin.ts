/**
 * Two app replicas behind one port, taking turns per request (the simplest load balancer): proves
 * that no request depends on which replica served the one before. Streams both ways untouched,
 * keeps the Host header (the apps check Origin against it), and says which replica answered in
 * `x-replica` (A or B) so a test can see that both took part.
 *
 *     PORT=4191 REPLICAS=http://127.0.0.1:4189,http://127.0.0.1:4190 tsx round-robin.ts
 */
import { createServer, request } from 'node:http';

const port = Number(process.env['PORT'] ?? 4191);
const replicas = (process.env['REPLICAS'] ?? '').split(',').filter((url) => url !== '');
if (replicas.length === 0) throw new Error('REPLICAS is empty');
let next = 0;

createServer((req, res) => {
	if (req.url === '/__round-robin/healthz') {
		res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
		return;
	}
	const index = next;
	next = (next + 1) % replicas.length;
	const target = new URL(req.url ?? '/', replicas[index]);
	const upstream = request(
		target,
		{ method: req.method ?? 'GET', headers: req.headers },
		(answer) => {
			res.writeHead(answer.statusCode ?? 502, {
				...answer.headers,
				'x-replica': String.fromCharCode(65 + index)
			});
			answer.pipe(res);
		}
	);
	upstream.on('error', () => {
		if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
		res.end('replica unreachable');
	});
	res.on('close', () => upstream.destroy());
	req.pipe(upstream);
}).listen(port, '127.0.0.1');
