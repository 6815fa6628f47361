/**
 * A page on another origin that embeds a URL in an iframe, as an intranet portal would:
 * `GET /?src=<url>` answers a page whose only content is `<iframe title="Switchboard" src=url>`.
 * It sets no CSP of its own; what may be framed is the app's decision (frame-ancestors).
 */
import { createServer } from 'node:http';

const port = Number(process.env['PORT'] ?? 4187);

const escapeAttribute = (value: string): string =>
	value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

createServer((req, res) => {
	const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
	if (url.pathname === '/healthz') {
		res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
		return;
	}
	const src = url.searchParams.get('src') ?? '';
	res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
	res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Intranet portal</title></head>
<body style="margin:0">
<h1 style="font:16px sans-serif;margin:8px">Intranet portal</h1>
<iframe title="Switchboard" src="${escapeAttribute(src)}" style="width:100%;height:640px;border:0"></iframe>
</body></html>`);
}).listen(port, '0.0.0.0');
