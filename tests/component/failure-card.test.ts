import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import FailureCard from '../../src/lib/components/failure/FailureCard.svelte';
import {
	classifyHttp,
	type FailureAction,
	type FailureActionKind
} from '../../src/lib/failure/index.ts';

const ALL_ACTIONS: ReadonlySet<FailureActionKind> = new Set<FailureActionKind>([
	'retry',
	'switch_model',
	'choose_model',
	'compact_and_retry',
	'enable_long_context',
	'change_thinking',
	'disable_encrypted_content',
	'top_up',
	'switch_gateway',
	'sign_in',
	'reload_app',
	'connection_check',
	'new_conversation'
]);

const retiredModel = classifyHttp(
	400,
	new Headers({ 'x-request-id': 'req_abc123' }),
	JSON.stringify({
		error: "The model 'demo-legacy' has been retired. Please use 'demo' instead.",
		type: 'error'
	})
);

const originTimeoutPage = classifyHttp(
	522,
	new Headers(),
	'<!DOCTYPE html><html><head><title>gw | 522: Connection timed out</title><script>document.title="pwned"</script></head><body><h1 id="injected">Connection timed out</h1><img src=x onerror="document.title=\'pwned\'"></body></html>'
);

const lowBalance = classifyHttp(
	402,
	new Headers(),
	JSON.stringify({
		error: { code: '402', message: 'Insufficient account balance', type: 'insufficient_balance' }
	})
);

describe('FailureCard', () => {
	it('model_retired: an alert of that kind whose first action switches to the successor', async () => {
		const onaction = vi.fn<(action: FailureAction) => void>();
		const screen = await render(FailureCard, {
			failure: retiredModel,
			available: ALL_ACTIONS,
			onaction
		});
		const alert = screen.getByRole('alert');
		await expect.element(alert).toHaveAttribute('data-failure-kind', 'model_retired');
		await expect.element(alert).toHaveTextContent("The model 'demo-legacy' has been retired.");
		const buttons = screen.getByRole('button').all();
		expect(buttons[0]?.element().textContent?.trim()).toBe('Switch to demo');
		await screen.getByRole('button', { name: 'Switch to demo' }).click();
		expect(onaction).toHaveBeenCalledWith({ kind: 'switch_model', model: 'demo' });
		await expect
			.element(screen.getByRole('textbox', { name: 'Request id' }))
			.toHaveValue('req_abc123');
	});

	it('origin_timeout: the HTML page stays text behind a disclosure; nothing in it runs or renders', async () => {
		const title = document.title;
		const screen = await render(FailureCard, {
			failure: originTimeoutPage,
			available: ALL_ACTIONS,
			onaction: () => {}
		});
		const alert = screen.getByRole('alert');
		await expect.element(alert).toHaveAttribute('data-failure-kind', 'origin_timeout');
		expect(alert.element().querySelector('h1, script, img, title')).toBeNull();
		expect(document.getElementById('injected')).toBeNull();
		const raw = alert.element().querySelector('[data-failure-raw]');
		expect(raw?.textContent).toContain('<title>gw | 522: Connection timed out</title>');
		expect(raw?.checkVisibility()).toBe(false);
		await screen.getByText('Details from the gateway').click();
		expect(raw?.checkVisibility()).toBe(true);
		expect(document.title).toBe(title);
	});

	it('insufficient_balance: a top-up link only when TOP_UP_URL is configured, safe rel', async () => {
		const without = await render(FailureCard, {
			failure: lowBalance,
			available: ALL_ACTIONS,
			onaction: () => {}
		});
		await expect
			.element(without.getByRole('alert'))
			.toHaveAttribute('data-failure-kind', 'insufficient_balance');
		expect(without.getByRole('link').elements()).toHaveLength(0);
		await without.unmount();

		const withLink = await render(FailureCard, {
			failure: lowBalance,
			available: ALL_ACTIONS,
			topUpUrl: 'https://gw.example.com/topup',
			onaction: () => {}
		});
		const link = withLink.getByRole('link', { name: 'Top up your balance' });
		await expect.element(link).toHaveAttribute('href', 'https://gw.example.com/topup');
		await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
	});

	it('names every action it offers by its kind (data-action), links included', async () => {
		const onaction = vi.fn<(action: FailureAction) => void>();
		const screen = await render(FailureCard, {
			failure: retiredModel,
			available: ALL_ACTIONS,
			onaction
		});
		const named = [
			...screen.container.querySelectorAll<HTMLElement>(
				'[data-failure-actions] button, [data-failure-actions] a'
			)
		];
		expect(named.length).toBeGreaterThan(1);
		for (const element of named) expect(element.dataset['action']).toBeTruthy();
		screen.container.querySelector<HTMLElement>('[data-action="switch_model"]')?.click();
		expect(onaction).toHaveBeenCalledWith({ kind: 'switch_model', model: 'demo' });
		const withLink = await render(FailureCard, {
			failure: lowBalance,
			available: ALL_ACTIONS,
			topUpUrl: 'https://gw.example.com/topup',
			onaction: () => {}
		});
		await expect
			.element(withLink.getByRole('link', { name: 'Top up your balance' }))
			.toHaveAttribute('data-action', 'top_up');
	});

	it('offers only the actions the screen can carry out', async () => {
		const screen = await render(FailureCard, {
			failure: retiredModel,
			available: new Set<FailureActionKind>(['choose_model']),
			onaction: () => {}
		});
		expect(screen.getByRole('button', { name: /Switch to/ }).elements()).toHaveLength(0);
		await expect
			.element(screen.getByRole('button', { name: 'Choose another model' }))
			.toBeVisible();
	});

	it('is reachable and operable by keyboard', async () => {
		const onaction = vi.fn<(action: FailureAction) => void>();
		await render(FailureCard, { failure: retiredModel, available: ALL_ACTIONS, onaction });
		await userEvent.keyboard('{Tab}');
		await expect.element(page.getByRole('button', { name: 'Switch to demo' })).toHaveFocus();
		await userEvent.keyboard('{Tab}');
		await userEvent.keyboard('{Enter}');
		expect(onaction).toHaveBeenCalledWith({ kind: 'choose_model' });
	});

	it('shows a countdown for a scheduled retry, with cancel, and no second Try again', async () => {
		const oncancelretry = vi.fn();
		const onholdretry = vi.fn<(held: boolean) => void>();
		const failure = classifyHttp(
			429,
			new Headers({ 'retry-after': '30' }),
			'{"error":{"message":"Slow down","code":"rate_limit_exceeded"}}'
		);
		const screen = await render(FailureCard, {
			failure,
			available: ALL_ACTIONS,
			retry: { messageId: 'm1', at: Date.now() + 30_000, attempt: 2, after: failure },
			onaction: () => {},
			oncancelretry,
			onholdretry
		});
		await expect.element(screen.getByText(/Attempt 2 in (29|30) s/)).toBeVisible();
		// One retry control: the countdown's "Try now", not a "Try again" beside it.
		expect(screen.getByRole('button', { name: 'Try again' }).elements()).toHaveLength(0);
		await expect.element(screen.getByRole('button', { name: 'Try now' })).toBeVisible();
		await screen.getByRole('button', { name: 'Cancel' }).click();
		expect(oncancelretry).toHaveBeenCalledOnce();
		// Pointer and focus went inside the card: the countdown was held while it was read.
		expect(onholdretry).toHaveBeenCalledWith(true);
	});

	it('Cancel from the keyboard hands the focus to Try again, which takes the countdown’s place', async () => {
		const failure = classifyHttp(
			429,
			new Headers({ 'retry-after': '30' }),
			'{"error":{"message":"Slow down","code":"rate_limit_exceeded"}}'
		);
		const props = {
			failure,
			available: ALL_ACTIONS,
			retry: { messageId: 'm1', at: Date.now() + 30_000, attempt: 2, after: failure },
			onaction: () => {},
			oncancelretry: () => void screen.rerender({ ...props, retry: null })
		};
		const screen = await render(FailureCard, props);
		const cancel = screen.getByRole('button', { name: 'Cancel' });
		(cancel.element() as HTMLElement).focus();
		await userEvent.keyboard('{Enter}');
		await expect.element(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
	});

	it('holds the countdown while the details are open and shows it held', async () => {
		const onholdretry = vi.fn<(held: boolean) => void>();
		const failure = classifyHttp(
			503,
			new Headers(),
			'{"error":{"message":"Upstream request failed","code":"upstream_error"}}'
		);
		const screen = await render(FailureCard, {
			failure,
			available: ALL_ACTIONS,
			retry: {
				messageId: 'm1',
				at: Date.now() + 9_000,
				attempt: 2,
				after: failure,
				heldWithMs: 8_000
			},
			onaction: () => {},
			onholdretry
		});
		await expect
			.element(screen.getByText('Attempt 2 paused while you read (8 s left).'))
			.toBeVisible();
		await screen.getByText('Details from the gateway').click();
		expect(onholdretry).toHaveBeenLastCalledWith(true);
	});

	it('says what follows while the turn waits for a fix made elsewhere', async () => {
		const failure = classifyHttp(
			429,
			new Headers(),
			'{"error":{"type":"usage_limit_reached","message":"The usage limit has been reached"}}'
		);
		const screen = await render(FailureCard, {
			failure,
			available: ALL_ACTIONS,
			awaiting: 'choose_model',
			onaction: () => {}
		});
		await expect
			.element(screen.getByRole('status'))
			.toHaveTextContent('Pick a model above: this message is sent again with it.');
	});

	it('looks as serious as the failure is', async () => {
		const cases = [
			[
				classifyHttp(
					429,
					new Headers(),
					'{"error":{"message":"Slow down","code":"rate_limit_exceeded"}}'
				),
				'information'
			],
			[
				classifyHttp(
					402,
					new Headers(),
					'{"error":{"code":"402","message":"Insufficient account balance","type":"insufficient_balance"}}'
				),
				'warning'
			],
			[
				classifyHttp(
					500,
					new Headers(),
					'{"error":{"message":"Internal error","type":"server_error"}}'
				),
				'error'
			]
		] as const;
		for (const [failure, severity] of cases) {
			const screen = await render(FailureCard, {
				failure,
				available: ALL_ACTIONS,
				onaction: () => {}
			});
			await expect.element(screen.getByRole('alert')).toHaveAttribute('data-severity', severity);
			await screen.unmount();
		}
	});
});
