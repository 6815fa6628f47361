import { describe, expect, it } from 'vitest';
import { ConnectAllowance } from '../../../src/lib/chat/connect-allowance.svelte.ts';

/** document.cookie as a browser keeps it: writes set one cookie, reads give `name=value; …`. */
function cookieJar(initial: Record<string, string> = {}) {
	const jar = new Map(Object.entries(initial));
	const written: string[] = [];
	return {
		written,
		get cookie() {
			return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
		},
		set cookie(line: string) {
			written.push(line);
			const [pair = ''] = line.split(';');
			const at = pair.indexOf('=');
			jar.set(pair.slice(0, at), pair.slice(at + 1));
		}
	};
}

const PAGE = 'https://chat.example';

describe('ConnectAllowance', () => {
	it('reaches the page’s own origin and the served gateway without a reload', () => {
		const allowance = new ConnectAllowance(cookieJar());
		expect(allowance.check(`${PAGE}/demo/v1`, PAGE, [])).toBe(true);
		expect(allowance.check('https://gw.example.com/v1', PAGE, ['https://gw.example.com'])).toBe(
			true
		);
		expect(allowance.needsReloadFor).toBeNull();
	});

	it('a custom gateway added after the page loaded needs a reload, and is remembered for it', () => {
		const jar = cookieJar();
		const allowance = new ConnectAllowance(jar);
		allowance.remember(['https://team.example/v1'], '/tools/chat', true);
		expect(allowance.check('https://team.example/v1', PAGE, [])).toBe(false);
		expect(allowance.needsReloadFor).toBe('https://team.example');
		expect(jar.written.at(-1)).toBe(
			'switchboard-gateways=https%3A%2F%2Fteam.example; Path=/tools/chat/; Max-Age=31536000; SameSite=Strict; Secure'
		);
		// The next page load is served with the cookie, so its policy allows the gateway.
		const reloaded = new ConnectAllowance(jar);
		expect(reloaded.check('https://team.example/v1', PAGE, [])).toBe(true);
		expect(reloaded.needsReloadFor).toBeNull();
	});

	it('over plain http the cookie is not marked Secure; at the root its path is /', () => {
		const jar = cookieJar();
		new ConnectAllowance(jar).remember(['http://127.0.0.1:8080'], '', false);
		expect(jar.written.at(-1)).toBe(
			'switchboard-gateways=http%3A%2F%2F127.0.0.1%3A8080; Path=/; Max-Age=31536000; SameSite=Strict'
		);
	});
});
