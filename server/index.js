/**
 * The Node server: `node build` runs this file (copied to build/index.js in place of
 * adapter-node's own entry by the adapter in svelte.config.js). It serves adapter-node's handler
 * (static files, then SvelteKit) under BASE_PATH, read at start-up — one build for every prefix.
 *
 * Environment: HOST (0.0.0.0), PORT (3000), BASE_PATH (''), SHUTDOWN_TIMEOUT (seconds, 30); the
 * rest of the configuration (shared/reference/config.md) is read and validated when the handler
 * loads (SvelteKit's `init` hook, src/lib/server/start-up.ts), which exits on a bad value.
 * adapter-node's ORIGIN / PROTOCOL_HEADER / HOST_HEADER / ADDRESS_HEADER / XFF_DEPTH /
 * BODY_SIZE_LIMIT keep working: they are read by the handler itself (BODY_SIZE_LIMIT defaults to
 * 32M here, the relay's own cap, instead of adapter-node's 512K).
 */
import { createServer } from 'node:http';
import process from 'node:process';
import { locationUnderBase, normaliseBasePath, routeUnderBase } from './base-path.js';

// adapter-node caps request bodies at 512 KB unless told otherwise, before any route sees them;
// a long conversation with images sent to the relay or the demo gateway is larger than that.
// The handler reads the variable when it loads, so it is set first.
process.env['BODY_SIZE_LIMIT'] ??= '32M';
const { handler } = await import('./handler.js');

const base = normaliseBasePath(process.env['BASE_PATH']);
const host = process.env['HOST'] || '0.0.0.0';
const port = Number(process.env['PORT'] || 3000);
const shutdownTimeoutMs = Number(process.env['SHUTDOWN_TIMEOUT'] || 30) * 1000;

/**
 * Puts the prefix back on the Location of redirects the app answers with (SvelteKit's
 * trailing-slash redirects, for instance), whichever way the handler sets it.
 * @param {import('node:http').ServerResponse} res
 */
function rewriteLocations(res) {
	const setHeader = res.setHeader.bind(res);
	res.setHeader = (name, value) =>
		setHeader(
			name,
			name.toLowerCase() === 'location' && typeof value === 'string'
				? locationUnderBase(value, base)
				: value
		);
	const writeHead = res.writeHead;
	/** @param {number} status @param {unknown[]} rest */
	const patched = (status, ...rest) => {
		const headers = rest.find((part) => typeof part === 'object' && part !== null);
		if (headers !== undefined && !Array.isArray(headers)) {
			const record = /** @type {Record<string, unknown>} */ (headers);
			for (const [name, value] of Object.entries(record)) {
				if (name.toLowerCase() === 'location' && typeof value === 'string') {
					record[name] = locationUnderBase(value, base);
				}
			}
		}
		// The arguments go on exactly as the handler passed them.
		return /** @type {import('node:http').ServerResponse} */ (
			Reflect.apply(writeHead, res, [status, ...rest])
		);
	};
	res.writeHead = /** @type {typeof res.writeHead} */ (/** @type {unknown} */ (patched));
}

/** @param {import('node:http').ServerResponse} res @param {number} status @param {string} text */
function plain(res, status, text, headers = {}) {
	res.writeHead(status, {
		'content-type': 'text/plain; charset=utf-8',
		'cache-control': 'no-store',
		'x-content-type-options': 'nosniff',
		'referrer-policy': 'no-referrer',
		...headers
	});
	res.end(text);
}

const server = createServer((req, res) => {
	const route = routeUnderBase(req.url ?? '/', base);
	if (route.kind === 'redirect') {
		plain(res, 308, `Moved to ${route.location}\n`, { location: route.location });
		return;
	}
	if (route.kind === 'outside') {
		plain(res, 404, `Not found. Switchboard is served under ${base}/ on this server.\n`);
		return;
	}
	req.url = route.url;
	if (base !== '') rewriteLocations(res);
	handler(req, res, () => plain(res, 404, 'Not found.\n'));
});

server.listen(port, host, () => {
	console.log(`Switchboard listening on http://${host}:${port}${base}/`);
});

let closing = false;
/** Stops taking connections, lets requests in flight (streams included) finish, then exits. */
function shutdown() {
	if (closing) return;
	closing = true;
	server.close(() => process.exit(0));
	server.closeIdleConnections();
	setTimeout(() => {
		server.closeAllConnections();
		process.exit(0);
	}, shutdownTimeoutMs).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
