/**
 * What the server says when it starts: where to open it and what it serves, and a warning only
 * where something will not work as the person expects. A bad configuration value stops the
 * process with one line naming the variable (ConfigError's message).
 */
import { ConfigError, serverConfig, type ServerConfig } from './config.ts';
import type { ListenTarget } from './node/listen-target.ts';

/**
 * SvelteKit's `init` hook: validates the configuration before the first request. Under `node build`
 * the server entry has already done so (and said what follows); this guards `vite dev`/`preview`.
 */
export function startUp(): void {
	try {
		serverConfig();
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
}

/** `http://localhost:3000/tools/chat/` for a wildcard address, else the address itself. */
function addressToOpen(host: string, port: number, basePath: string): string {
	const wildcard = host === '0.0.0.0' || host === '::' || host === '[::]';
	const shown = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
	return `http://${shown}:${port}${basePath}/`;
}

function whereLine(config: ServerConfig, target: ListenTarget): string {
	switch (target.kind) {
		case 'tcp':
			return `Switchboard is running: open ${addressToOpen(target.host, target.port, config.basePath)}`;
		case 'socket-path':
			return `Switchboard is running on the socket ${target.path} (serving ${config.basePath}/ to the web server in front of it).`;
		case 'systemd':
			return `Switchboard is running on the socket systemd passed it (file descriptor ${target.fd}).`;
	}
}

function gatewayLine(config: ServerConfig): string {
	if (config.gatewayUrl === null) {
		return `Gateway: the built-in demo gateway at ${config.basePath}/demo (set GATEWAY_URL to use your own).`;
	}
	const how =
		config.gatewayMode === 'relay'
			? `relayed through ${config.basePath}/api/relay`
			: 'called directly from the browser';
	return `Gateway: ${config.gatewayUrl} (${config.gatewayRoute} route, ${how}).`;
}

/** The lines printed once the server listens. */
export function startUpLines(config: ServerConfig, target: ListenTarget): string[] {
	const lines = [whereLine(config, target), gatewayLine(config)];
	if (config.authUrl !== null) {
		lines.push(`Sign-in: ${config.authUrl} (client ${config.oauthClientId ?? ''}).`);
		if (config.sessionSecretIsEphemeral) {
			lines.push(
				'Warning: SESSION_SECRET is not set, so sign-ins end when the server restarts and replicas cannot share them.'
			);
		}
	}
	return lines;
}
