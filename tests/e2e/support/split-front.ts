/**
 * A split deployment's front web server, as nginx or Apache would be configured from the README:
 * files that exist under build/client (the hashed `_app/` assets, the favicon) are served from
 * disk with their precompressed `.gz` twin when the browser accepts gzip; every other request (the
 * page shell, `/api/**`, `/auth/**`, `/demo/**`…) is proxied to the Node server, untouched and
 * streaming. Marks what it served itself with `x-served-by: static`.
 *
 *     PORT=4192 UPSTREAM=http://127.0.0.1:4193 BASE_PATH=/tools/chat tsx split-front.ts
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const port = Number(process.env['PORT'] ?? 4192);
const upstream = process.env['UPSTREAM'] ?? 'http://127.0.0.1:4193';
const basePath = process.env['BASE_PATH'] ?? '';
const root = fileURLToPath(new URL('../../../build/client/', import.meta.url));

const TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.webmanifest': 'application/manifest+json',
	'.json': 'application/json',
	'.png': 'image/png',
	'.woff2': 'font/woff2'
};

/** The file under build/client a GET path names, if there is one (never outside it). */
function staticFile(urlPath: string): string | null {
	if (!urlPath.startsWith(`${basePath}/`)) return null;
	const relative = decodeURIComponent(urlPath.slice(basePath.length + 1));
	const file = path.resolve(root, relative);
	if (!file.startsWith(root) || relative === '') return null;
	return existsSync(file) && statSync(file).isFile() ? file : null;
}

createServer((req, res) => {
	const url = new URL(req.url ?? '/', 'http://front');
	if (url.pathname === '/__front/healthz') {
		res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
		return;
	}
	const file = req.method === 'GET' || req.method === 'HEAD' ? staticFile(url.pathname) : null;
	if (file !== null) {
		const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
		const served = gzip && existsSync(`${file}.gz`) ? `${file}.gz` : file;
		res.writeHead(200, {
			'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
			'x-content-type-options': 'nosniff',
			'x-served-by': 'static',
			...(served !== file ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
			...(url.pathname.includes('/_app/immutable/')
				? { 'cache-control': 'public, max-age=31536000, immutable' }
				: {})
		});
		if (req.method === 'HEAD') res.end();
		else createReadStream(served).pipe(res);
		return;
	}
	const proxied = request(
		new URL(req.url ?? '/', upstream),
		{ method: req.method ?? 'GET', headers: req.headers },
		(answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		}
	);
	proxied.on('error', () => {
		if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
		res.end('upstream unreachable');
	});
	res.on('close', () => proxied.destroy());
	req.pipe(proxied);
}).listen(port, '127.0.0.1');
