/**
 * A stand-in authorization server that fails at the token endpoint, for the e2e failure tests.
 * One process, one behaviour per base path — each is an AUTH_URL of its own:
 *
 * - `{url}/region`: the token endpoint answers 403 `unsupported_country_region_territory`, as the
 *   hosted service does for a country it does not serve;
 * - `{url}/reset`: the token endpoint drops the connection without answering (a transport
 *   failure, as when a proxy or firewall cuts it).
 *
 * The authorization endpoint approves at once (a redirect back with a code and the state). No
 * discovery is published (404), so apps use the explicit `/oauth/authorize` and `/oauth/token`.
 */
import { createServer } from 'node:http';
import { SIGN_IN_PORTS } from '../servers.ts';

const port = Number(process.env['PORT'] ?? SIGN_IN_PORTS.faultyAuthServer);

const REGION_BODY = JSON.stringify({
	error: {
		code: 'unsupported_country_region_territory',
		message: 'Country, region, or territory not supported',
		param: null,
		type: 'request_forbidden'
	}
});

/** Only callbacks on this machine: the stand-in must not become an open redirector. */
function loopbackCallback(value: string | null): URL | null {
	if (value === null || !URL.canParse(value)) return null;
	const url = new URL(value);
	return url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname) ? url : null;
}

const server = createServer((req, res) => {
	const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
	const [mode, ...rest] = url.pathname.split('/').filter((part) => part !== '');
	const endpoint = rest.join('/');
	if ((mode === 'region' || mode === 'reset') && endpoint === 'oauth/authorize') {
		const callback = loopbackCallback(url.searchParams.get('redirect_uri'));
		if (callback === null) {
			res.writeHead(400, { 'content-type': 'text/plain' });
			res.end('redirect_uri must be a loopback callback');
			return;
		}
		callback.searchParams.set('code', `stand-in-code-${mode}`);
		callback.searchParams.set('state', url.searchParams.get('state') ?? '');
		res.writeHead(302, { location: callback.href });
		res.end();
		return;
	}
	if (mode === 'region' && endpoint === 'oauth/token' && req.method === 'POST') {
		res.writeHead(403, { 'content-type': 'application/json' });
		res.end(REGION_BODY);
		return;
	}
	if (mode === 'reset' && endpoint === 'oauth/token') {
		req.socket.destroy();
		return;
	}
	if (url.pathname === '/healthz') {
		res.writeHead(200, { 'content-type': 'text/plain' });
		res.end('ok');
		return;
	}
	res.writeHead(404, { 'content-type': 'text/plain' });
	res.end('not found');
});

server.listen(port, '127.0.0.1', () => {
	console.log(`Faulty authorization server: http://127.0.0.1:${port}/{region,reset}`);
});
