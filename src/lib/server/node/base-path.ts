/**
 * BASE_PATH at run time, without a rebuild.
 *
 * The app is built once with SvelteKit's relative asset paths (`paths.relative`, the default), so the
 * page finds its scripts and its base path from the address it is served at. The server only has
 * to make the prefix disappear before SvelteKit sees a request, and reappear in the redirects it
 * answers with. Everything outside the prefix is answered here with a 404 that says where the app
 * is, so a proxy configured with the wrong prefix is obvious.
 *
 * Plain JavaScript (with JSDoc types): it is copied into `build/` next to adapter-node's handler and
 * runs without a bundler.
 */

/**
 * BASE_PATH as the server uses it: `''` or `/a/b` (leading slash, no trailing slash). The value
 * was validated at start-up (src/lib/server/config.ts exits on a bad one); this only normalises.
 * @param {string | undefined} value
 * @returns {string}
 */
export function normaliseBasePath(value) {
	const trimmed = (value ?? '').trim().replace(/\/+$/, '');
	return trimmed === '' ? '' : trimmed;
}

/**
 * @typedef {{ kind: 'serve'; url: string }
 *   | { kind: 'redirect'; location: string }
 *   | { kind: 'outside' }} BaseRoute
 */

/**
 * Where a request target goes under `base`: served with the prefix removed, redirected to the
 * prefix with its slash (so that relative asset paths resolve under it), or outside the app.
 * @param {string} target the request target (`/tools/chat/x?y`), as in the HTTP request line
 * @param {string} base normalised BASE_PATH
 * @returns {BaseRoute}
 */
export function routeUnderBase(target, base) {
	if (base === '') return { kind: 'serve', url: target };
	const queryAt = target.search(/[?#]/);
	const path = queryAt === -1 ? target : target.slice(0, queryAt);
	const query = queryAt === -1 ? '' : target.slice(queryAt);
	if (path === base) return { kind: 'redirect', location: `${base}/${query}` };
	if (!path.startsWith(`${base}/`)) return { kind: 'outside' };
	return { kind: 'serve', url: target.slice(base.length) };
}

/**
 * A Location the app answered with, as the browser must see it: a path on this origin gets the
 * prefix back; anything else (absolute URLs, `//host`, relative references) is left alone.
 * @param {string} location
 * @param {string} base
 * @returns {string}
 */
export function locationUnderBase(location, base) {
	if (base === '' || !location.startsWith('/') || location.startsWith('//')) return location;
	return `${base}${location}`;
}
