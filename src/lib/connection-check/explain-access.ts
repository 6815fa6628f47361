/**
 * Sentences for steps 1 and 2: can the browser reach the gateway, and may it read the answers.
 */
import { headerList } from './cors-headers.ts';
import { addressSetting, hostOf, seconds, type ExplainContext } from './explain-context.ts';
import { sentence } from './fix-sentences.ts';
import type { CorsOutcome, ReachableOutcome } from './steps.ts';

export interface Sentences {
	/** A passed step: what was found. */
	note?: string;
	/** A failed step: what is wrong, and how to fix it. */
	problem?: string;
	fix?: string;
}

const NETWORK_FIX = 'and that this computer can reach it (VPN, firewall, proxy settings)';

export function explainReachable(outcome: ReachableOutcome, context: ExplainContext): Sentences {
	const host = hostOf(context);
	switch (outcome.kind) {
		case 'answered':
			if (!outcome.sameOrigin) return { note: `The gateway at ${host} answered.` };
			if (context.path === 'demo')
				return { note: 'This server answers: it runs the built-in demo gateway.' };
			if (context.path === 'relay')
				return {
					note: `This server answers: it relays to the configured gateway${
						context.upstreamHost === undefined ? '' : ` at ${context.upstreamHost}`
					} (GATEWAY_MODE=relay).`
				};
			return { note: "The gateway is on this server's origin, and it answered." };
		case 'offline':
			return {
				problem: 'This device is offline.',
				fix: 'Connect to a network, then run the check again.'
			};
		case 'mixed_content':
			return {
				problem: `This page is served over https, and the browser blocks its calls to the http:// gateway address ${context.baseUrl}.`,
				fix: context.configuredByServer
					? 'Give the gateway an https:// address (GATEWAY_URL), or set GATEWAY_MODE=relay on the Switchboard server.'
					: "Use the gateway's https:// address in Settings."
			};
		case 'blocked_by_policy':
			return {
				problem: `This app's Content-Security-Policy does not allow connections to ${host}.`,
				fix: context.configuredByServer
					? 'Reload this page; if it is still blocked, tell whoever runs Switchboard (its policy should allow GATEWAY_URL).'
					: 'Reload this page: a gateway added since it loaded is allowed only after a reload. If it is still blocked, custom gateways are off on this server (ALLOW_CUSTOM_GATEWAYS).'
			};
		case 'timed_out':
			return {
				problem: `${host} did not answer within ${seconds(outcome.afterMs)}.`,
				fix: `Check that the gateway is running ${NETWORK_FIX}.`
			};
		case 'unreachable': {
			const told = outcome.failure.code === undefined ? undefined : outcome.failure.message;
			const problem =
				told === undefined
					? `The browser could not connect to ${host}: nothing answered there, its name did not resolve, or a secure connection could not be made.`
					: `${sentence(told).replace(/\.$/, '')} (${host}).`;
			return {
				problem,
				fix: `Check ${addressSetting(context)}, that the gateway is running, ${NETWORK_FIX}.`
			};
		}
	}
}

export function explainCors(outcome: CorsOutcome, context: ExplainContext): Sentences {
	const origin = context.origin;
	switch (outcome.kind) {
		case 'same_origin':
			return { note: "Not needed: the gateway is on this server's origin." };
		case 'allowed':
			return {
				note:
					outcome.headers.length === 0
						? `The gateway allows this origin (${origin}).`
						: `The gateway allows this origin (${origin}) and the headers a chat request sends (${headerList(outcome.headers)}).`
			};
		case 'no_cors': {
			const headers =
				outcome.headers.length === 0 ? '' : ` (and the ${headerList(outcome.headers)} headers)`;
			return {
				problem: `The gateway does not allow this origin (${origin}): its answers carry no CORS headers for it, so the browser may not read them.`,
				fix: context.configuredByServer
					? `Set GATEWAY_MODE=relay on the Switchboard server, or allow ${origin}${headers} in the gateway's CORS settings.`
					: `Allow ${origin}${headers} in the gateway's CORS settings, or ask whoever runs Switchboard to make this gateway its GATEWAY_URL with GATEWAY_MODE=relay.`
			};
		}
		case 'preflight_refused': {
			const named = outcome.refused.length > 0 ? outcome.refused : outcome.headers;
			const list = headerList(named);
			const plural = named.length === 1 ? 'header' : 'headers';
			return {
				problem:
					outcome.refused.length > 0
						? `The gateway allows this origin (${origin}), but its preflight refuses the ${list} ${plural} that chat requests send.`
						: `The gateway allows this origin (${origin}) for simple requests, but refuses the preflight for the headers chat requests send (${list}).`,
				fix: `Allow the ${list} ${plural} for ${origin} in the gateway's CORS settings (Access-Control-Allow-Headers; a * there does not cover Authorization)${
					context.configuredByServer ? ', or set GATEWAY_MODE=relay on the Switchboard server' : ''
				}.`
			};
		}
		case 'timed_out':
			return {
				problem: `The CORS check got no answer within ${seconds(outcome.afterMs)}.`,
				fix: 'Run the check again; if it keeps timing out, check the gateway and any proxy in front of it.'
			};
	}
}
