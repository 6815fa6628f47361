import { existsSync } from 'node:fs';

/**
 * How every test browser is launched: Debian's Chromium when present (CHROMIUM_PATH overrides),
 * else Playwright's own; with the flags that keep it from calling out to the network.
 */
const executablePath =
	process.env['CHROMIUM_PATH'] ??
	(existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const chromiumLaunchOptions = {
	...(executablePath === undefined ? {} : { executablePath }),
	args: [
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run',
		'--disable-gpu'
	]
};
