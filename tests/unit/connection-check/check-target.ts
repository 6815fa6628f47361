/** A check target on a test gateway, with real credential plumbing (src/lib/auth, src/lib/gateway). */
import { gatewayCredentials } from '../../../src/lib/auth/gateway-credentials.ts';
import { GatewayClient } from '../../../src/lib/gateway/gateway-client.ts';
import {
	inspectingCorsProbe,
	runConnectionCheck,
	type CheckEnvironment,
	type CheckTarget,
	type StepState
} from '../../../src/lib/connection-check/index.ts';

export const PAGE_ORIGIN = 'http://chat.intranet.test';

const NOT_SIGNED_IN = {
	signedIn: false,
	account: null,
	accessToken: () => Promise.resolve(null),
	refresh: () => Promise.resolve(false)
};

export function targetFor(
	baseUrl: string,
	options: Partial<Omit<CheckTarget, 'gateway' | 'hasCredential'>> & { key?: string } = {}
): CheckTarget {
	const { key, ...rest } = options;
	const source = rest.credentialSource ?? (key === undefined ? 'none' : 'api_key');
	const route = rest.route ?? 'responses';
	const area = rest.area ?? 'codex';
	const authorizer = gatewayCredentials(
		{ auth: source, configuredByServer: rest.configuredByServer ?? true },
		NOT_SIGNED_IN,
		{ key: () => key ?? null },
		() => 'service-account-id'
	);
	return {
		origin: PAGE_ORIGIN,
		path: 'direct',
		configuredByServer: true,
		model: '',
		classifierModels: [],
		credentialSource: source,
		...rest,
		baseUrl,
		route,
		area,
		hasCredential: source !== 'none' && key !== undefined,
		gateway: new GatewayClient({ baseUrl, route, area }, authorizer)
	};
}

/** Runs the check as Node can: CORS judged from the headers of preflights we send ourselves. */
export function runCheck(
	target: CheckTarget,
	environment: Partial<CheckEnvironment> = {}
): Promise<StepState[]> {
	return runConnectionCheck(target, {
		fetch,
		online: () => true,
		cors: inspectingCorsProbe(fetch, target.origin),
		...environment
	});
}

/** `step → state` for compact assertions. */
export function states(steps: readonly StepState[]): Record<string, string> {
	return Object.fromEntries(steps.map((step) => [step.step, step.state]));
}
