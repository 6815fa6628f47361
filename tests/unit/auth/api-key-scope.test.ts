/**
 * A remembered API key goes only to the gateway it was given for. Two deployments on one origin
 * (`BASE_PATH=/team-a` and `/team-b`, each with its own GATEWAY_URL) share localStorage, and both
 * call their own gateway profile `server`: a key remembered in one must not be sent by the other.
 */
import { describe, expect, it } from 'vitest';
import { API_KEY_STORAGE_PREFIX, ApiKeySession } from '../../../src/lib/auth/api-key.svelte.ts';
import { ModelListMemory } from '../../../src/lib/chat/model-list-memory.ts';
import { MemoryStorage } from './memory-storage.ts';

const TEAM_A = 'https://intranet.example/team-a/api/relay';
const TEAM_B = 'https://intranet.example/team-b/api/relay';
const KEY_A = 'sk-team-a-0000000001';

describe('a remembered API key', () => {
	it('is used by the deployment it was entered in, and not by another on the same origin', () => {
		const storage = new MemoryStorage();
		const inA = new ApiKeySession(storage);
		inA.configure('server', TEAM_A);
		expect(inA.set(KEY_A, true)).toBe('taken');

		const inB = new ApiKeySession(storage);
		inB.configure('server', TEAM_B);
		expect(inB.key()).toBeNull();
		expect(inB.hasKey).toBe(false);
		inB.set('sk-team-b-0000000002', true);

		const againInA = new ApiKeySession(storage);
		againInA.configure('server', TEAM_A);
		expect(againInA.key()).toBe(KEY_A);
		expect(againInA.remembered).toBe(true);
		againInA.forget();
		inB.configure('other', TEAM_B);
		inB.configure('server', TEAM_B);
		expect(inB.key()).toBe('sk-team-b-0000000002');
	});

	it('remembered before keys were tied to a gateway is kept where only one was ever used', () => {
		const storage = new MemoryStorage();
		storage.setItem(`${API_KEY_STORAGE_PREFIX}server`, KEY_A);
		new ModelListMemory(storage).remember({ id: 'server', baseUrl: TEAM_A }, ['m']);
		const session = new ApiKeySession(storage);
		session.configure('server', TEAM_A);
		expect(session.key()).toBe(KEY_A);
		expect(session.remembered).toBe(true);
		// Moved to its gateway's name: the old, untied one is gone.
		expect(storage.getItem(`${API_KEY_STORAGE_PREFIX}server`)).toBeNull();
		const elsewhere = new ApiKeySession(storage);
		elsewhere.configure('server', TEAM_B);
		expect(elsewhere.key()).toBeNull();
	});

	it('remembered before, on an origin where two deployments were used, is not sent to either', () => {
		const storage = new MemoryStorage();
		storage.setItem(`${API_KEY_STORAGE_PREFIX}server`, KEY_A);
		const models = new ModelListMemory(storage);
		models.remember({ id: 'server', baseUrl: TEAM_A }, ['m']);
		models.remember({ id: 'server', baseUrl: TEAM_B }, ['m']);
		for (const baseUrl of [TEAM_B, TEAM_A]) {
			const session = new ApiKeySession(storage);
			session.configure('server', baseUrl);
			expect(session.key(), baseUrl).toBeNull();
		}
	});

	it('remembered before for a gateway the person added is kept: its id names one gateway', () => {
		const storage = new MemoryStorage();
		storage.setItem(`${API_KEY_STORAGE_PREFIX}added-1`, KEY_A);
		const session = new ApiKeySession(storage);
		session.configure('added-1', 'https://gw.example.com');
		expect(session.key()).toBe(KEY_A);
	});

	it('is forgotten with its gateway profile, and only that one', () => {
		const storage = new MemoryStorage();
		const session = new ApiKeySession(storage);
		session.configure('added-2', 'https://two.example.com');
		session.set('sk-two-000000000002', true);
		session.configure('added-1', 'https://one.example.com');
		session.set(KEY_A, true);
		session.forgetProfile('added-1', 'https://one.example.com');
		expect(session.key()).toBeNull();
		expect(storage.dump()).not.toContain(KEY_A);
		session.configure('added-2', 'https://two.example.com');
		expect(session.key()).toBe('sk-two-000000000002');
	});
});
