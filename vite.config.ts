import tailwindcss from '@tailwindcss/vite';
import { sveltekit } from '@sveltejs/kit/vite';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/chromium.ts';

export default defineConfig({
	plugins: [tailwindcss(), sveltekit()],
	test: {
		expect: { requireAssertions: true },
		projects: [
			{
				extends: true,
				test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] }
			},
			{
				// Components render in a real Chromium, not a simulated DOM.
				extends: true,
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
