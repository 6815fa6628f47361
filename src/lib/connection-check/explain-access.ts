/**
 * Sentences for steps 1 and 2: can the browser reach the gateway, and may it read the answers.
 */
import { detailOf } from '../failure/index.ts';
import type { CheckWords } from './check-copy.ts';
import { headerList } from './cors-headers.ts';
import { addressSetting, hostOf, seconds, type ExplainContext } from './explain-context.ts';
import type { CorsOutcome, ReachableOutcome } from './steps.ts';

export interface Sentences {
	/** A passed step: what was found. */
	note?: string;
	/** A failed step: what is wrong, and how to fix it. */
	problem?: string;
	fix?: string;
}

export function explainReachable(
	outcome: ReachableOutcome,
	context: ExplainContext,
	words: CheckWords
): Sentences {
	const w = words.check.explain;
	const say = w.reachable;
	const host = hostOf(context);
	switch (outcome.kind) {
		case 'answered':
			if (!outcome.sameOrigin) return { note: say.answered(host) };
			if (context.path === 'demo') return { note: say.demo };
			if (context.path === 'relay') return { note: say.relay(context.upstreamHost ?? '') };
			return { note: say.sameOrigin };
		case 'offline':
			return { problem: say.offline, fix: say.offlineFix };
		case 'mixed_content':
			return {
				problem: say.mixedContent(context.baseUrl),
				fix: context.configuredByServer ? say.mixedContentServerFix : say.mixedContentSettingsFix
			};
		case 'blocked_by_policy':
			return {
				problem: say.blocked(host),
				fix: context.configuredByServer ? say.blockedServerFix : say.blockedSettingsFix
			};
		case 'timed_out':
			return { problem: say.timedOut(host, seconds(outcome.afterMs, w)), fix: say.timedOutFix };
		case 'unreachable': {
			// A cause the network named (a refused connection, a failed lookup) is said as such.
			const told =
				outcome.failure.code === undefined ? undefined : detailOf(outcome.failure, words.failure);
			return {
				problem: told === undefined ? say.unreachable(host) : say.unreachableTold(told, host),
				fix: say.unreachableFix(addressSetting(context, w))
			};
		}
	}
}

export function explainCors(
	outcome: CorsOutcome,
	context: ExplainContext,
	words: CheckWords
): Sentences {
	const w = words.check.explain;
	const say = w.cors;
	const origin = context.origin;
	switch (outcome.kind) {
		case 'same_origin':
			return { note: say.sameOrigin };
		case 'allowed':
			return {
				note:
					outcome.headers.length === 0
						? say.allowed(origin)
						: say.allowedHeaders(origin, headerList(outcome.headers))
			};
		case 'no_cors': {
			const headers = headerList(outcome.headers);
			return {
				problem: say.noCors(origin),
				fix: context.configuredByServer
					? say.noCorsServerFix(origin, headers)
					: say.noCorsSettingsFix(origin, headers)
			};
		}
		case 'preflight_refused': {
			const named = outcome.refused.length > 0 ? outcome.refused : outcome.headers;
			const list = headerList(named);
			return {
				problem:
					outcome.refused.length > 0
						? say.headersRefused(origin, list, named.length)
						: say.preflightRefused(origin, list),
				fix: context.configuredByServer
					? say.preflightServerFix(list, named.length, origin)
					: say.preflightFix(list, named.length, origin)
			};
		}
		case 'timed_out':
			return { problem: say.timedOut(seconds(outcome.afterMs, w)), fix: say.timedOutFix };
	}
}
