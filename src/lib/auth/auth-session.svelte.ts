/**
 * The person's sign-in: OAuth 2.0 authorization code with PKCE against AUTH_URL, completed through
 * the app's own token route. Created once by the root layout (it outlives the callback page's
 * navigation back to the chat) and configured by the app once `/api/config` is loaded.
 *
 * The access token lives in a private field of this object and nowhere else: not in $state, not
 * in any storage. The refresh token never reaches this code at all (it is in an HttpOnly cookie).
 * A refresh that fails leaves the page, the draft and the conversation as they are, in status
 * `expired`, with a "sign in again" that brings the person back to the same place.
 *
 * Inside a frame of another page (embedding), sign-in cannot leave the page: the frame opens a
 * window of the app's own (`{base}/auth/popup`), which signs in first-party and hands the frame
 * its access token through an origin-checked `postMessage` (popup-wait.ts, opener-answer.ts).
 *
 * @see RFC 6749 §4.1, RFC 7636, RFC 9700 §2.1.1 and §4.14, OIDC Core §3.1
 */
import { classifyThrownLater } from '../failure/classify-later.ts';
import type { Failure } from '../failure/index.ts';
import type { PublicConfig } from '../config/public-config.ts';
import { browserEnvironment, type AuthEnvironment } from './auth-environment.ts';
import { withoutResponseParameters } from './callback-url.ts';
import { parseClaimPath, readAccountId, type ClaimPath } from './claim-path.ts';
import type { IncomingMessage } from './popup-message.ts';
import type { OpenedPopup, PopupWait } from './popup-wait.ts';
import type { SignInWindowEnd } from './sign-in-window.ts';
import { withRefreshLock } from './refresh-lock.ts';
import { isNearExpiry, refreshDelayMs } from './refresh-timing.ts';
import type { ResumePoint } from './sign-in-attempt.ts';
import type { TokenResult, TokenSet } from './token-client.ts';
import {
	appRouteUrl,
	POPUP_PATH,
	SIGN_OUT_FRAGMENT,
	TOKEN_ROUTE_PATH
} from './token-route-contract.ts';

export type { ResumePoint } from './sign-in-attempt.ts';

/**
 * - `off`: no AUTH_URL (API-key mode only) or not configured yet;
 * - `restoring`: reading the session cookie after a page load;
 * - `signed_out`, `signed_in`;
 * - `redirecting`: on the way to the authorization server; `completing`: back, redeeming the code;
 * - `in_popup`: (inside a frame) sign-in goes on in the window the frame opened; closing it cancels;
 * - `expired`: the session ended (refresh refused); sign in again, nothing on the page is lost;
 * - `failed`: a sign-in attempt failed; `failure` says why.
 */
export type AuthStatus =
	| 'off'
	| 'restoring'
	| 'signed_out'
	| 'redirecting'
	| 'in_popup'
	| 'completing'
	| 'signed_in'
	| 'expired'
	| 'failed';

export interface Account {
	subject: string | null;
	/** From the id-token claim named by ACCOUNT_CLAIM; sent as ACCOUNT_HEADER on the backend route. */
	accountId: string | null;
	email: string | null;
	name: string | null;
}

interface AuthSettings {
	issuer: string;
	clientId: string;
	scopes: string;
	accountClaim: ClaimPath | null;
}

/**
 * The protocol half of sign-in (oauth4webapi and the token client), loaded on first use: a page
 * without AUTH_URL never needs it, and it is not part of the chat's first paint.
 */
const loadFlow = () => import('./oauth-flow.ts');
type Flow = Awaited<ReturnType<typeof loadFlow>>;

/** After a failed refresh the token is retried this much later while it is still valid. */
const REFRESH_RETRY_MS = 30_000;

function claimText(claims: Record<string, unknown>, name: string): string | null {
	const value = claims[name];
	return typeof value === 'string' && value !== '' ? value : null;
}

export class AuthSession {
	#status = $state<AuthStatus>('off');
	#failure = $state.raw<Failure | null>(null);
	#claims = $state.raw<Record<string, unknown> | null>(null);
	#settings = $state.raw<AuthSettings | null>(null);
	#resume: ResumePoint | null = null;
	#accessToken: string | null = null;
	#expiresAt: number | null = null;
	#refreshing: Promise<boolean> | null = null;
	#timer: unknown = null;
	/** The sign-in window this frame waits for (`wait` once the sign-in code has loaded). */
	#popup: { opened: OpenedPopup; wait: PopupWait | null } | null = null;

	/**
	 * @param appBase the app's base path (`''` or `/tools/chat`), for its own routes
	 */
	constructor(
		private readonly appBase: string,
		private readonly env: AuthEnvironment = browserEnvironment()
	) {
		env.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
			if (event.data === 'signed-out') this.#forget('signed_out', null);
		});
		// Back from the authorization server with the Back button (a page kept in memory).
		env.onReturnFromHistory(() => {
			if (this.#status === 'redirecting') this.#status = 'signed_out';
		});
	}

	get status(): AuthStatus {
		return this.#status;
	}
	/** Why sign-in failed or the session ended (status `failed` or `expired`). */
	get failure(): Failure | null {
		return this.#failure;
	}
	/** Sign-in is configured (AUTH_URL set). */
	get available(): boolean {
		return this.#settings !== null;
	}
	get signedIn(): boolean {
		return this.#status === 'signed_in';
	}
	/** Who is signed in, from the id-token claims; `null` when signed out. */
	get account(): Account | null {
		const claims = this.#claims;
		if (claims === null || (this.#status !== 'signed_in' && this.#status !== 'expired'))
			return null;
		return {
			subject: claimText(claims, 'sub'),
			accountId: readAccountId(claims, this.#settings?.accountClaim ?? null),
			email: claimText(claims, 'email'),
			name: claimText(claims, 'name') ?? claimText(claims, 'preferred_username')
		};
	}

	#route(path: string): URL {
		return appRouteUrl(this.appBase, path, this.env.pageUrl());
	}

	/** Takes the sign-in settings from the public configuration. */
	configure(config: PublicConfig): void {
		const auth = config.auth;
		this.#settings =
			auth === null
				? null
				: {
						issuer: auth.url,
						clientId: auth.clientId,
						scopes: auth.scopes,
						accountClaim: parseClaimPath(config.accountClaim)
					};
		if (this.#settings === null) this.#status = 'off';
		else if (this.#status === 'off') this.#status = 'signed_out';
	}

	/** After a page load: resumes the session the cookie holds, if any, without a visible error. */
	async restore(): Promise<void> {
		if (this.#settings === null || this.#status !== 'signed_out') return;
		this.#status = 'restoring';
		await this.#refreshSerialised('restore');
	}

	/**
	 * Leaves for the authorization server. `resume` (where the person is and what they typed) comes
	 * back from {@link handleCallback}. Inside a frame, opens the sign-in window instead — at once,
	 * before anything is awaited, while the click's user activation lasts (HTML "Tracking user
	 * activation": pop-up blockers let a window open only then) — and waits for its answer.
	 */
	async signIn(resume: ResumePoint): Promise<void> {
		const settings = this.#settings;
		if (settings === null) return;
		this.#failure = null;
		if (this.env.framed) return this.#signInThroughWindow(this.#openSignInWindow());
		this.#status = 'redirecting';
		const flow = await this.#loadFlow();
		const failure = await flow?.startAuthorization({
			settings,
			appBase: this.appBase,
			env: this.env,
			resume,
			openerNonce: null
		});
		if (failure) this.#fail(failure);
	}

	/**
	 * The page of the sign-in window an embedded copy of the app opened (`{base}/auth/popup`, with
	 * `hash` its address fragment): see sign-in-window.ts. `null` when the sign-in code could not
	 * be loaded (`failure` says why).
	 */
	async signInForOpener(hash: string): Promise<SignInWindowEnd | null> {
		const flow = await this.#loadFlow();
		return flow && flow.runSignInWindow({ hash, appBase: this.appBase, env: this.env });
	}

	/**
	 * Completes sign-in at the callback URL. Removes the response parameters from the address bar
	 * first, then checks the response against this tab's attempt (used once, then deleted) and
	 * redeems the code. Returns where to go back to, whether it succeeded or not — or `null` when
	 * this is the sign-in window of an embedded frame that took the result (the window closes).
	 */
	async handleCallback(url: URL): Promise<ResumePoint | null> {
		this.env.replaceUrl(withoutResponseParameters(url));
		const fallback: ResumePoint = { returnTo: `${this.appBase}/`, draft: '' };
		this.#resume = fallback;
		this.#status = 'completing';
		this.#failure = null;
		const flow = await this.#loadFlow();
		if (flow === null) return fallback;
		const attempt = flow.takeAttempt(this.env.attemptStorage, fallback.returnTo, this.env.now());
		const resume = attempt?.resume ?? fallback;
		this.#resume = resume;
		const result = await flow.redeemCallback(
			url.searchParams,
			attempt,
			this.#route(TOKEN_ROUTE_PATH),
			this.env.fetch
		);
		// The sign-in window of an embedded frame: the frame takes the result, and the window closes.
		// With nobody to take it (the frame has gone), this window carries on as the app.
		if (attempt?.openerNonce && (await flow.answerOpener(attempt.openerNonce, result, this.env)))
			return null;
		this.#settle(result);
		return resume;
	}

	/** Where the last callback returned to and the draft it carried; handed out once. */
	takeResume(): ResumePoint | null {
		const resume = this.#resume;
		this.#resume = null;
		return resume;
	}

	/**
	 * A new access token from the cookie's refresh token. One at a time in this tab (callers share
	 * the one in flight) and across tabs (Web Locks). `false` when no new token could be had.
	 */
	refresh(): Promise<boolean> {
		return this.#refreshSerialised('renew');
	}

	/** The access token for a request now, refreshed first when it is about to expire. */
	async accessToken(): Promise<string | null> {
		if (this.#status !== 'signed_in') return null;
		if (isNearExpiry(this.#expiresAt, this.env.now())) await this.refresh();
		return this.#status === 'signed_in' ? this.#accessToken : null;
	}

	/**
	 * Signs out here and in every other tab: the cookie is cleared and the token forgotten. Inside
	 * a frame, through a window of the app's own (a frame of another site cannot clear the cookie).
	 */
	async signOut(): Promise<void> {
		this.#forget('signed_out', null);
		if (this.#settings === null) return;
		// Inside a frame of another site the session cookie is out of this page's reach (its
		// requests carry none, its Set-Cookie is refused): a window of the app's own ends the
		// session, opened now, during the click. See sign-in-window.ts.
		if (this.env.framed) this.env.openPopup(`${this.appBase}${POPUP_PATH}${SIGN_OUT_FRAGMENT}`);
		const flow = await this.#loadFlow();
		await flow?.endServerSession(this.#route(TOKEN_ROUTE_PATH), this.env.fetch);
		this.env.channel?.postMessage('signed-out');
	}

	/** Hides a sign-in failure (status back to signed out). */
	dismissFailure(): void {
		if (this.#status !== 'failed' && this.#status !== 'expired') return;
		this.#forget('signed_out', null);
	}

	dispose(): void {
		this.#popup?.wait?.cancel();
		this.env.clearTimer(this.#timer);
		this.env.channel?.close();
	}

	#refreshSerialised(mode: 'restore' | 'renew'): Promise<boolean> {
		this.#refreshing ??= withRefreshLock(() => this.#refreshNow(mode), this.env.locks).finally(
			() => {
				this.#refreshing = null;
			}
		);
		return this.#refreshing;
	}

	async #refreshNow(mode: 'restore' | 'renew'): Promise<boolean> {
		const settings = this.#settings;
		if (settings === null) return false;
		const flow = await this.#loadFlow();
		if (flow === null) return false;
		const result = await flow.refreshWithCookie(
			this.#route(TOKEN_ROUTE_PATH),
			settings.issuer,
			settings.clientId,
			this.env.fetch
		);
		if (result.ok) {
			this.#accept(result.tokens);
			return true;
		}
		const { failure } = result;
		if (mode === 'restore') {
			// No session (or a dead one) after a page load is simply "signed out".
			if (failure.kind === 'auth_expired') this.#forget('signed_out', null);
			else this.#fail(failure);
			return false;
		}
		const stillValid = this.#expiresAt !== null && this.env.now() < this.#expiresAt;
		if (failure.kind !== 'auth_expired' && stillValid && this.#status === 'signed_in') {
			this.#schedule(REFRESH_RETRY_MS);
			return false;
		}
		// Inside a frame of another site the cookie is never sent: the sign-in window renews.
		const framed = this.env.framed && failure.kind === 'auth_expired';
		this.#forget('expired', framed ? flow.frameRenewalFailure() : failure);
		return false;
	}

	/** The sign-in window, opened now (see {@link signIn}); its messages held until `flow` loads. */
	#openSignInWindow(): OpenedPopup {
		const nonce = crypto.randomUUID();
		const held: IncomingMessage[] = [];
		return {
			window: this.env.openPopup(`${this.appBase}${POPUP_PATH}#${nonce}`),
			nonce,
			held,
			stopHolding: this.env.listen((message) => void held.push(message))
		};
	}

	async #signInThroughWindow(opened: OpenedPopup): Promise<void> {
		const earlier = this.#popup;
		earlier?.wait?.cancel();
		// Every attempt's window has a name of its own (auth-environment.ts): the one an earlier
		// attempt opened is closed, so that one sign-in window is open, the one that counts.
		if (earlier?.opened.window && earlier.opened.window !== opened.window)
			earlier.opened.window.close();
		const popup = (this.#popup = { opened, wait: null as PopupWait | null });
		this.#status = 'in_popup';
		const flow = await this.#loadFlow();
		// Without the sign-in code, nothing can use the window.
		if (flow === null) opened.window?.close();
		if (flow === null || this.#popup !== popup) return opened.stopHolding();
		popup.wait = flow.waitForPopup(opened, this.env);
		const result = await popup.wait.result;
		// Disposed, or a newer attempt took over: its answer is the one that counts.
		if (this.#popup !== popup) return;
		this.#popup = null;
		this.#settle(result);
	}

	/** A sign-in's end: the tokens, why it failed, or (`null`) signed out without a word. */
	#settle(result: TokenResult | null): void {
		if (result === null) this.#forget('signed_out', null);
		else if (result.ok) this.#accept(result.tokens);
		else this.#fail(result.failure);
	}

	#accept(tokens: TokenSet): void {
		this.#accessToken = tokens.accessToken;
		this.#expiresAt = tokens.expiresIn === null ? null : this.env.now() + tokens.expiresIn * 1000;
		if (tokens.claims !== null) this.#claims = tokens.claims;
		this.#failure = null;
		this.#status = 'signed_in';
		if (tokens.expiresIn !== null) this.#schedule(refreshDelayMs(tokens.expiresIn));
	}

	#schedule(ms: number): void {
		this.env.clearTimer(this.#timer);
		this.#timer = this.env.setTimer(() => void this.refresh(), ms);
	}

	/** The sign-in code, or `null` (and a failure on screen) when it could not be loaded. */
	async #loadFlow(): Promise<Flow | null> {
		try {
			return await loadFlow();
		} catch (error) {
			this.#fail(await classifyThrownLater(error));
			return null;
		}
	}

	#fail(failure: Failure): void {
		this.#forget('failed', failure);
	}

	#forget(status: AuthStatus, failure: Failure | null): void {
		this.env.clearTimer(this.#timer);
		this.#timer = null;
		this.#accessToken = null;
		this.#expiresAt = null;
		if (status === 'signed_out') this.#claims = null;
		this.#failure = failure;
		this.#status = this.#settings === null && status === 'signed_out' ? 'off' : status;
	}
}
