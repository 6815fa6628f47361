/**
 * Runs once when the server starts (SvelteKit's `init` hook, before it accepts requests): reads and
 * validates the configuration. A bad value stops the process with one line naming the variable.
 */
import { ConfigError, serverConfig } from './config.ts';

export function startUp(): void {
	try {
		const config = serverConfig();
		if (config.sessionSecretIsEphemeral) {
			console.warn(
				'SESSION_SECRET is not set: using a random one, so sign-ins end when the server restarts and replicas cannot share them.'
			);
		}
		console.log(
			config.gatewayUrl === null
				? 'Gateway: the built-in demo gateway (set GATEWAY_URL to use your own).'
				: `Gateway: ${config.gatewayUrl} (${config.gatewayRoute}, ${config.gatewayMode}).`
		);
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
}
