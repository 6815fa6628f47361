/**
 * `node build`: the server entry, built into build/index.js (svelte.config.js) in place of
 * adapter-node's own, whose contract it keeps (node-server.ts). It reads the configuration with
 * the one parser (config.ts) and stops with one line naming the variable when a value is bad,
 * before anything listens.
 */
import process from 'node:process';
import { ConfigError, parseConfig, type ServerConfig } from '../config.ts';
import { startUpLines } from '../start-up.ts';
import { listenTarget, type ListenTarget } from './listen-target.ts';
import { startNodeServer, type NodeHandler, type ShutdownReason } from './node-server.ts';

function configured(): { config: ServerConfig; target: ListenTarget } {
	try {
		const config = parseConfig(process.env);
		return { config, target: listenTarget(config, process.pid) };
	} catch (error) {
		if (error instanceof ConfigError) {
			console.error(error.message);
			process.exit(1);
		}
		throw error;
	}
}

/** adapter-node's handler.js, beside this file in build/ (it does not exist before the build). */
async function loadHandler(): Promise<NodeHandler> {
	const handlerUrl = new URL('./handler.js', import.meta.url).href;
	const loaded = (await import(/* @vite-ignore */ handlerUrl)) as { handler?: unknown };
	if (typeof loaded.handler !== 'function') throw new Error(`${handlerUrl} exports no handler`);
	return loaded.handler as NodeHandler;
}

const { config, target } = configured();
// adapter-node caps request bodies at 512 KB unless told otherwise, before any route sees them; a
// long conversation with images sent to the relay or the demo gateway is larger than that. Its
// handler reads the variable when it loads, so the default is set first.
process.env['BODY_SIZE_LIMIT'] ??= '32M';
const handler = await loadHandler();

const node = startNodeServer({
	handler,
	listen: config,
	target,
	basePath: config.basePath,
	// adapter-node's documented event: the app's own clean-up runs once every connection is closed.
	onClosed: (reason: ShutdownReason) => process.emit('sveltekit:shutdown', reason)
});
process.on('SIGTERM', () => node.shutdown('SIGTERM'));
process.on('SIGINT', () => node.shutdown('SIGINT'));

const listening = await node.listening;
for (const line of startUpLines(config, listening)) console.log(line);
