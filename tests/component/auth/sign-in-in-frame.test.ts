/**
 * Sign-in inside a frame, as the header shows it (Chromium): "Sign in" opens the sign-in window
 * during the click and the header says to finish there, or close it to cancel; a window the
 * browser blocked is an alert saying so, whose "Try again" (a new click) opens it.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { AuthEnvironment, PopupWindow } from '../../../src/lib/auth/auth-environment.ts';
import { AuthSession } from '../../../src/lib/auth/auth-session.svelte.ts';
import { GatewayAccess } from '../../../src/lib/auth/gateway-access.svelte.ts';
import AuthControls from '../../../src/lib/components/auth/AuthControls.svelte';
import AuthNotice from '../../../src/lib/components/auth/AuthNotice.svelte';
import type { PublicConfig } from '../../../src/lib/config/public-config.ts';

const CONFIG: PublicConfig = {
	gateway: { url: '/demo', route: 'responses', area: 'codex', mode: 'direct', demo: true },
	defaultModel: null,
	allowCustomGateways: true,
	auth: { url: 'https://login.example.com', clientId: 'switchboard', scopes: 'openid' },
	accountHeader: 'service-account-id',
	accountClaim: null,
	classifierModels: [],
	topUpUrl: null,
	basePath: '/tools/chat'
};

function fakeWindow(): PopupWindow & { closed: boolean } {
	return {
		closed: false,
		close() {
			this.closed = true;
		},
		postMessage: () => undefined
	};
}

/** The browser around a framed AuthSession; `openPopup` is `window.open`. */
function framedEnvironment(openPopup: (url: string) => PopupWindow | null): AuthEnvironment {
	return {
		fetch: () => Promise.reject(new TypeError('no request is expected in this test')),
		attemptStorage: sessionStorage,
		navigate: () => {
			throw new Error('a frame must not navigate to sign in');
		},
		replaceUrl: () => undefined,
		pageUrl: () => new URL(location.href),
		locks: undefined,
		now: Date.now,
		setTimer: (callback, ms) => setTimeout(callback, ms),
		clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
		channel: null,
		onReturnFromHistory: () => undefined,
		framed: true,
		openPopup,
		listen: (listener) => {
			addEventListener('message', listener);
			return () => removeEventListener('message', listener);
		},
		opener: () => null,
		closeWindow: () => undefined
	};
}

async function renderHeader(openPopup: (url: string) => PopupWindow | null) {
	const auth = new AuthSession('/tools/chat', framedEnvironment(openPopup));
	const access = new GatewayAccess(auth, null);
	access.configure(CONFIG);
	const signIn = () => void access.signIn('');
	const screen = await render(AuthControls, { access, profileAuth: 'oauth', onsignin: signIn });
	const notice = await render(AuthNotice, { auth, onsignin: signIn });
	return { auth, screen, notice };
}

describe('signing in inside a frame', () => {
	it('opens the sign-in window during the click; closing it offers Sign in again, no error', async () => {
		const popup = fakeWindow();
		const openPopup = vi.fn((_url: string) => popup);
		const { screen } = await renderHeader(openPopup);

		await screen.getByRole('button', { name: 'Sign in', exact: true }).click();
		expect(openPopup).toHaveBeenCalledOnce();
		expect(openPopup.mock.calls[0]?.[0]).toMatch(/^\/tools\/chat\/auth\/popup#[0-9a-f-]{36}$/);
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Finish signing in in the window that opened, or close it to cancel.');

		popup.close();
		await expect
			.element(screen.getByRole('button', { name: 'Sign in', exact: true }))
			.toBeVisible();
		expect(document.querySelectorAll('[role="alert"]')).toHaveLength(0);
	});

	it('a blocked window: an alert that says so, and "Try again" opens it', async () => {
		const openPopup = vi.fn((_url: string): PopupWindow | null => null);
		const { screen, notice } = await renderHeader(openPopup);

		await screen.getByRole('button', { name: 'Sign in', exact: true }).click();
		const alert = notice.getByRole('alert');
		await expect.element(alert).toHaveAttribute('data-failure-kind', 'token_exchange_failed');
		await expect.element(alert).toHaveTextContent('the browser blocked it');

		openPopup.mockImplementation(() => fakeWindow());
		await notice.getByRole('button', { name: 'Try again' }).click();
		expect(openPopup).toHaveBeenCalledTimes(2);
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Finish signing in in the window that opened, or close it to cancel.');
		expect(notice.getByRole('alert').elements()).toHaveLength(0);
	});
});
