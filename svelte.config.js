import adapterNode from '@sveltejs/adapter-node';

const nodeAdapter = adapterNode({ out: 'build', precompress: true });

/**
 * adapter-node, with our own server entry in place of its index.js: the same handler and the same
 * environment contract, plus BASE_PATH read at start-up so that one build serves any sub-path
 * (src/lib/server/node/). The entry is TypeScript that shares the configuration parser with the
 * app, so it is bundled here, with the Vite that builds everything else.
 * @type {import('@sveltejs/kit').Adapter}
 */
const adapter = {
	...nodeAdapter,
	name: 'switchboard-node',
	async adapt(builder) {
		await nodeAdapter.adapt(builder);
		const { build } = await import('vite');
		await build({
			configFile: false,
			logLevel: 'warn',
			build: {
				ssr: 'src/lib/server/node/main.ts',
				outDir: 'build',
				emptyOutDir: false,
				copyPublicDir: false,
				minify: false,
				target: 'node20',
				rollupOptions: { output: { entryFileNames: 'index.js' } }
			}
		});
		// adapter-node's map describes its own entry, not ours.
		builder.rimraf('build/index.js.map');
	}
};

/** @type {import('@sveltejs/kit').Config} */
const config = {
	compilerOptions: {
		// Runes everywhere in our own code; libraries decide for themselves.
		runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true)
	},
	kit: {
		adapter,
		// Asset and base paths are computed in the browser from the page's address (SvelteKit's
		// relative paths), which is what lets BASE_PATH change without a rebuild. Do not turn off.
		paths: { relative: true },
		// SvelteKit's origin check guards form actions, and this app has none. Its POST routes are
		// the demo gateway (no credentials; JSON bodies only, so a cross-site simple POST does no
		// work) and routes that check Origin and Sec-Fetch-Site themselves.
		csrf: { trustedOrigins: ['*'] },
		// SvelteKit puts a per-response nonce on its inline bootstrap script and names it in
		// script-src; src/hooks.server.ts builds the rest of the policy from the runtime config.
		csp: { mode: 'nonce', directives: { 'script-src': ['self'] } },
		// The page registers the service worker itself (src/lib/app/app-update.svelte.ts), in
		// production builds only, to offer new versions instead of taking over.
		serviceWorker: { register: false },
		typescript: {
			// Type-check the root config files and the TypeScript scripts too, not only src/ and tests/.
			config: (tsconfig) => {
				tsconfig.include.push(
					'../playwright.config.ts',
					'../svelte.config.js',
					'../scripts/**/*.ts'
				);
			}
		}
	}
};

export default config;
