/**
 * The README's deployment section is the contract with whoever runs Switchboard: it must name every
 * variable the server reads and keep the proxy settings streaming depends on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const configReference = readFileSync(new URL('../shared/reference/config.md', root), 'utf8');
const serverEntry = readFileSync(new URL('server/index.js', root), 'utf8');

describe('README: deployment', () => {
	it('documents every variable of the configuration reference', () => {
		const variables = [...configReference.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(
			(match) => match[1]
		);
		expect(variables.length).toBeGreaterThan(15);
		const missing = [...new Set(variables)].filter((name) => !readme.includes(`\`${name}\``));
		expect(missing).toEqual([]);
	});

	it('documents every variable the server entry reads', () => {
		const read = [...serverEntry.matchAll(/process\.env\['([A-Z_]+)'\]/g)].map((match) => match[1]);
		expect(read).toContain('BASE_PATH');
		expect(read.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
	});

	it('keeps the proxy settings that streaming and gateway headers need', () => {
		for (const setting of [
			'proxy_buffering off',
			'underscores_in_headers on',
			'proxy_http_version 1.1',
			'proxy_read_timeout',
			'TRUST_PROXY_HEADERS=true'
		]) {
			expect(readme).toContain(setting);
		}
	});

	it('runs the build the way package.json builds it', () => {
		const scripts = (
			JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
				scripts: Record<string, string>;
			}
		).scripts;
		expect(scripts['build']).toBe('vite build');
		expect(readme).toContain('npm ci && npm run build');
		expect(readme).toContain('ExecStart=/usr/bin/node build');
	});
});
