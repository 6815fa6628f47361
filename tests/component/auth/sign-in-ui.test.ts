/**
 * The sign-in pieces of the header, rendered in Chromium: a sign-in problem is an alert of its
 * failure kind with the one action that helps; an API key is only ever shown masked, with the
 * shared-machine warning, and "Forget key" removes it from the device.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { ApiKeySession } from '../../../src/lib/auth/api-key.svelte.ts';
import { signInFailure } from '../../../src/lib/auth/sign-in-failure.ts';
import ApiKeyForm from '../../../src/lib/components/auth/ApiKeyForm.svelte';
import SignInProblem from '../../../src/lib/components/auth/SignInProblem.svelte';
import {
	classifyTokenExchange,
	REGION_LOGIN_MESSAGE
} from '../../../src/lib/failure/classify-token.ts';

const region = classifyTokenExchange({
	status: 403,
	headers: new Headers(),
	body: '{"error":{"code":"unsupported_country_region_territory","message":"Country, region, or territory not supported"}}'
});

describe('SignInProblem', () => {
	it('a state mismatch: an alert of its kind with "Try again"', async () => {
		const onretry = vi.fn();
		const screen = await render(SignInProblem, {
			failure: signInFailure('state_mismatch'),
			expired: false,
			onretry,
			ondismiss: () => {}
		});
		const alert = screen.getByRole('alert');
		await expect.element(alert).toHaveAttribute('data-failure-kind', 'token_exchange_failed');
		await expect.element(alert).toHaveTextContent('state mismatch');
		await screen.getByRole('button', { name: 'Try again' }).click();
		expect(onretry).toHaveBeenCalledOnce();
	});

	it('a region refusal: the login message, and nothing to retry', async () => {
		const screen = await render(SignInProblem, {
			failure: region,
			expired: false,
			onretry: () => {},
			ondismiss: () => {}
		});
		await expect
			.element(screen.getByRole('alert'))
			.toHaveAttribute('data-failure-kind', 'region_unsupported');
		await expect.element(screen.getByRole('alert')).toHaveTextContent(REGION_LOGIN_MESSAGE);
		expect(screen.getByRole('button', { name: 'Try again' }).elements()).toHaveLength(0);
	});

	it('an ended session: "Sign in again", saying the draft and conversation are kept', async () => {
		const screen = await render(SignInProblem, {
			failure: classifyTokenExchange({
				status: 400,
				headers: new Headers(),
				body: '{"error":"refresh_token_reused"}'
			}),
			expired: true,
			onretry: () => {},
			ondismiss: () => {}
		});
		await expect
			.element(screen.getByRole('alert'))
			.toHaveAttribute('data-failure-kind', 'auth_expired');
		await expect.element(screen.getByRole('alert')).toHaveTextContent('draft are kept');
		await expect.element(screen.getByRole('button', { name: 'Sign in again' })).toBeVisible();
	});
});

describe('ApiKeyForm', () => {
	const KEY = 'sk-live-abcdefghijklmnop1234';

	it('masks the key, warns about shared machines, remembers only on request, forgets', async () => {
		localStorage.clear();
		const apiKey = new ApiKeySession(localStorage);
		apiKey.configure('profile-1', 'https://gw.example.com');
		const screen = await render(ApiKeyForm, { apiKey });
		await expect.element(screen.getByText(/shared or public computer/)).toBeVisible();
		const input = screen.getByLabelText('API key for this gateway');
		await expect.element(input).toHaveAttribute('type', 'password');
		await input.fill(KEY);
		await screen.getByLabelText('Remember on this device').click();
		await screen.getByRole('button', { name: 'Use key' }).click();

		await expect.element(screen.getByText('••••1234')).toBeVisible();
		expect(document.body.textContent).not.toContain(KEY);
		expect(Object.values(localStorage)).toContain(KEY);

		await screen.getByRole('button', { name: 'Forget key' }).click();
		expect(Object.values(localStorage)).not.toContain(KEY);
		expect(apiKey.hasKey).toBe(false);
	});

	it('keeps a key it was not asked to remember out of storage', async () => {
		localStorage.clear();
		const apiKey = new ApiKeySession(localStorage);
		apiKey.configure('profile-2', 'https://gw.example.com');
		const screen = await render(ApiKeyForm, { apiKey });
		await screen.getByLabelText('API key for this gateway').fill(KEY);
		await screen.getByRole('button', { name: 'Use key' }).click();
		await expect.element(screen.getByText(/until this page is closed/)).toBeVisible();
		expect(localStorage.length).toBe(0);
	});
});
