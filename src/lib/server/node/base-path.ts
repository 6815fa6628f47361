/**
 * BASE_PATH at run time, without a rebuild.
 *
 * The app is built once with SvelteKit's relative asset paths (`paths.relative`, the default), so
 * the page finds its scripts and its base path from the address it is served at. The server only
 * has to make the prefix disappear before SvelteKit sees a request, and reappear in the redirects
 * it answers with. Everything outside the prefix is answered with a 404 that says where the app
 * is, so a proxy configured with the wrong prefix is obvious.
 *
 * `base` is BASE_PATH as `parseConfig` returns it: `''` or `/a/b` (leading slash, no trailing one).
 */

export type BaseRoute =
	{ kind: 'serve'; url: string } | { kind: 'redirect'; location: string } | { kind: 'outside' };

/**
 * Where a request target goes under `base`: served with the prefix removed, redirected to the
 * prefix with its slash (so that relative asset paths resolve under it), or outside the app.
 * @param target the request target (`/tools/chat/x?y`), as in the HTTP request line
 */
export function routeUnderBase(target: string, base: string): BaseRoute {
	if (base === '') return { kind: 'serve', url: target };
	const queryAt = target.search(/[?#]/);
	const path = queryAt === -1 ? target : target.slice(0, queryAt);
	const query = queryAt === -1 ? '' : target.slice(queryAt);
	if (path === base) return { kind: 'redirect', location: `/${query}` };
	if (!path.startsWith(`${base}/`)) return { kind: 'outside' };
	return { kind: 'serve', url: target.slice(base.length) };
}

/**
 * A Location the app answered with, as the browser must see it: a path on this origin gets the
 * prefix back; anything else (absolute URLs, `//host`, relative references) is left alone.
 */
export function locationUnderBase(location: string, base: string): string {
	if (base === '' || !location.startsWith('/') || location.startsWith('//')) return location;
	return `${base}${location}`;
}
