import tailwindcss from '@tailwindcss/vite';
import { sveltekit } from '@sveltejs/kit/vite';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/chromium.ts';

/**
 * Component tests run without the app's server routes: SvelteKit cannot serve them inside Vitest's
 * module runner. A rendered remote image's frame still asks for the app's remote-image document;
 * it gets an empty answer here (the document itself is tested end to end).
 */
function appRoutesStub(): Plugin {
	return {
		name: 'component-tests-app-routes-stub',
		configureServer(server) {
			server.middlewares.use('/remote-image', (_request, response) => {
				response.statusCode = 204;
				response.end();
			});
		}
	};
}

export default defineConfig({
	plugins: [tailwindcss(), sveltekit()],
	// Rolldown's plugin-timing notice blames SvelteKit's adapter step (writeBundle/closeBundle) on
	// every build; it is not actionable here.
	build: {
		rolldownOptions: { checks: { bundlerTimings: false } },
		// Fonts (KaTeX's, for math) stay files of the build, never inlined as data: URLs, which the
		// page's policy (`font-src 'self'`) does not allow; the stylesheet names them relatively.
		assetsInlineLimit: (file) => (/\.(?:woff2?|ttf|otf)$/.test(file) ? false : undefined)
	},
	test: {
		expect: { requireAssertions: true },
		projects: [
			{
				extends: true,
				test: {
					name: 'unit',
					environment: 'node',
					include: ['tests/unit/**/*.test.ts'],
					// Replaying the largest fixtures at every chunking takes seconds on a busy 2-core
					// machine; a time limit is not what these tests assert.
					testTimeout: 30_000
				}
			},
			{
				// The real OpenAI and Anthropic SDKs and the Codex CLI against the demo gateway running
				// as a process of its own (tests/clients/gateway-process.ts).
				extends: true,
				test: {
					name: 'clients',
					environment: 'node',
					include: ['tests/clients/**/*.test.ts'],
					testTimeout: 60_000,
					hookTimeout: 30_000
				}
			},
			{
				// Components render in a real Chromium, not a simulated DOM.
				extends: true,
				plugins: [appRoutesStub()],
				test: {
					name: 'component',
					include: ['tests/component/**/*.test.ts'],
					browser: {
						enabled: true,
						headless: true,
						provider: playwright({ launchOptions: chromiumLaunchOptions }),
						instances: [{ browser: 'chromium' }]
					}
				}
			}
		]
	}
});
