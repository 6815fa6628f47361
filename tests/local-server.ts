/**
 * Test servers on 127.0.0.1: listening on an ephemeral port, closing without waiting for
 * keep-alive connections, and a port where nothing listens. Shared by unit and e2e tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Running {
	url: string;
	port: number;
	close: () => Promise<void>;
}

/** Starts `server` on 127.0.0.1 and an ephemeral port. */
export function listenLocally(server: Server): Promise<Running> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as AddressInfo;
			resolve({
				url: `http://127.0.0.1:${port}`,
				port,
				close: () =>
					new Promise((done) => {
						server.closeAllConnections();
						server.close(() => done());
					})
			});
		});
	});
}

/** A port on 127.0.0.1 where nothing listens (taken, then freed). */
export async function closedPort(): Promise<number> {
	const running = await listenLocally(createServer());
	await running.close();
	return running.port;
}
