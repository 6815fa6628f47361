// See https://svelte.dev/docs/kit/types#app.d.ts
// for information about these interfaces
declare global {
	namespace App {
		// interface Error {}
		// interface Locals {}
		// interface PageData {}
		// interface PageState {}
		// interface Platform {}
	}
	namespace NodeJS {
		interface Process {
			/**
			 * adapter-node's shutdown event, emitted by the server entry once every connection has
			 * closed (@see https://svelte.dev/docs/kit/adapter-node#Graceful-shutdown).
			 */
			emit(event: 'sveltekit:shutdown', reason: 'SIGINT' | 'SIGTERM' | 'IDLE'): boolean;
		}
	}
}

export {};
