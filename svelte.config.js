import adapter from '@sveltejs/adapter-node';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	compilerOptions: {
		// Runes everywhere in our own code; libraries decide for themselves.
		runes: ({ filename }) => (filename.split(/[/\\]/).includes('node_modules') ? undefined : true)
	},
	kit: {
		adapter: adapter({ out: 'build', precompress: true }),
		// SvelteKit's origin check guards form actions, and this app has none. Its POST routes are
		// the demo gateway (no credentials; it must answer `curl -d` like any gateway) and routes
		// that check Origin and Sec-Fetch-Site themselves.
		csrf: { trustedOrigins: ['*'] },
		typescript: {
			// Type-check the root config files too, not only src/ and tests/.
			config: (tsconfig) => {
				tsconfig.include.push('../playwright.config.ts', '../svelte.config.js');
			}
		}
	}
};

export default config;
