import prettier from 'eslint-config-prettier';
import path from 'node:path';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import { defineConfig, includeIgnoreFile } from 'eslint/config';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

const gitignorePath = path.resolve(import.meta.dirname, '.gitignore');

/** Protocol and failure code stays pure: no Svelte, no SvelteKit runtime, no server-only code. */
const pureLayerImports = {
	patterns: [
		{
			group: ['svelte', 'svelte/*'],
			message: 'src/lib/wire and src/lib/failure are pure TypeScript: no Svelte.'
		},
		{
			group: ['$app/*', '@sveltejs/kit', '@sveltejs/kit/*'],
			message: 'Pure layer: no SvelteKit runtime.'
		},
		{
			group: ['$lib/server', '$lib/server/*', '**/server/*', '$env/*'],
			message: 'Pure layer: no server-only code or env.'
		},
		{
			group: ['$lib/components/*', '$lib/chat/*', '$lib/auth/*', '$lib/render/*'],
			message: 'Pure layer: no UI or state modules.'
		}
	]
};

export default defineConfig(
	includeIgnoreFile(gitignorePath),
	{ ignores: ['tests/fixtures/**'] },
	js.configs.recommended,
	ts.configs.recommendedTypeChecked,
	svelte.configs.recommended,
	prettier,
	svelte.configs.prettier,
	{
		languageOptions: {
			globals: { ...globals.browser, ...globals.node },
			parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
		},
		rules: {
			// typescript-eslint recommends turning no-undef off for TypeScript projects.
			'no-undef': 'off',
			'@typescript-eslint/no-explicit-any': 'error',
			'@typescript-eslint/no-non-null-assertion': 'error',
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
			'@typescript-eslint/consistent-type-imports': 'error',
			'@typescript-eslint/switch-exhaustiveness-check': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', ignoreRestSiblings: true }
			]
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		},
		rules: {
			// Typed linting cannot see the props of imported .svelte components (they resolve to `any`
			// outside svelte-check), so these would flag every component callback. svelte-check, run with
			// --fail-on-warnings, type-checks component boundaries instead.
			'@typescript-eslint/no-unsafe-argument': 'off',
			'@typescript-eslint/no-unsafe-assignment': 'off',
			'@typescript-eslint/no-unsafe-call': 'off',
			'@typescript-eslint/no-unsafe-member-access': 'off',
			// Anchors in this app are external pages (TOP_UP_URL) and data: downloads, never in-app
			// navigation, which would not go through <a href> (the app is one page; BASE_PATH is set at
			// run time, so resolve() could not know it anyway).
			'svelte/no-navigation-without-resolve': ['error', { ignoreLinks: true }]
		}
	},
	{
		files: ['**/*.js'],
		...ts.configs.disableTypeChecked
	},
	{
		files: ['src/lib/wire/**', 'src/lib/failure/**'],
		rules: { 'no-restricted-imports': ['error', pureLayerImports] }
	}
);
