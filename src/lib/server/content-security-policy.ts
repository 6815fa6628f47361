/**
 * The Content-Security-Policy of every response (CSP Level 3, https://www.w3.org/TR/CSP3/).
 *
 * - `script-src` is SvelteKit's (kit.csp, nonce mode: 'self' plus a per-response nonce for its one
 *   inline bootstrap script); never 'unsafe-inline' or 'unsafe-eval'.
 * - `connect-src`: the app itself, the configured gateway (absent in relay and demo mode, where the
 *   gateway is this origin), and the origins of the person's own gateway profiles when
 *   ALLOW_CUSTOM_GATEWAYS is on. The authorization server is never fetched from the page (discovery
 *   and tokens go through this server's routes; the login itself is a navigation), so it is absent.
 * - `img-src` 'self' data: blob: — generated images are data:/blob:; a remote image the person
 *   chooses to load is shown in its own framed document (`frame-src 'self'`) whose policy allows
 *   that one origin, so this page never loads from a third party.
 * - `style-src` allows inline styles: Svelte and the page shell set style attributes; styles cannot
 *   run script, and model output never becomes markup.
 * - `worker-src` and `manifest-src` 'self': the app's own service worker (src/service-worker/) and
 *   web app manifest (static/manifest.webmanifest), nothing from elsewhere.
 * - `frame-ancestors` from FRAME_ANCESTORS; an HTTP header, since a <meta> policy cannot carry it
 *   (CSP3 §6.4.2).
 */
export interface PolicyInputs {
	/** The script-src sources SvelteKit chose for this response (with its nonce), if any. */
	scriptSources: readonly string[];
	/** Origin of the configured gateway the browser calls directly; `null` when it is this origin. */
	gatewayOrigin: string | null;
	/** Origins of the person's custom gateway profiles (already validated). */
	customGatewayOrigins: readonly string[];
	frameAncestors: readonly string[];
}

const unique = (values: readonly string[]): string[] => [...new Set(values)];

export function contentSecurityPolicy(inputs: PolicyInputs): string {
	const script = inputs.scriptSources.filter(
		(source) => source !== "'unsafe-inline'" && source !== "'unsafe-eval'"
	);
	const connect = unique([
		"'self'",
		...(inputs.gatewayOrigin === null ? [] : [inputs.gatewayOrigin]),
		...inputs.customGatewayOrigins
	]);
	const directives: [string, readonly string[]][] = [
		['default-src', ["'self'"]],
		['script-src', script.length === 0 ? ["'self'"] : unique(script)],
		['style-src', ["'self'", "'unsafe-inline'"]],
		['img-src', ["'self'", 'data:', 'blob:']],
		['font-src', ["'self'"]],
		['connect-src', connect],
		['frame-src', ["'self'"]],
		['worker-src', ["'self'"]],
		['manifest-src', ["'self'"]],
		['media-src', ["'self'", 'data:', 'blob:']],
		['object-src', ["'none'"]],
		['base-uri', ["'none'"]],
		['form-action', ["'self'"]],
		['frame-ancestors', inputs.frameAncestors]
	];
	return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** The sources of one directive in a policy string (`[]` when absent). */
export function directiveSources(policy: string | null, name: string): string[] {
	if (policy === null) return [];
	for (const directive of policy.split(';')) {
		const [directiveName, ...sources] = directive.trim().split(/\s+/);
		if (directiveName?.toLowerCase() === name) return sources;
	}
	return [];
}
