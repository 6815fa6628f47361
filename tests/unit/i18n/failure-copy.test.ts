/**
 * Failure cards in Simplified Chinese: the app's own words (title, note, actions) are Chinese,
 * and the gateway's message stays exactly as it was sent, whatever its language.
 */
import { describe, expect, it } from 'vitest';
import { actionLabel, awaitingLabel } from '../../../src/lib/components/failure/action-label.ts';
import {
	FAILURE_KINDS,
	classifyHttp,
	present,
	type Failure,
	type FailureKind
} from '../../../src/lib/failure/index.ts';
import { zhCN } from '../../../src/lib/i18n/zh-CN.ts';

const copy = zhCN.failure;
const NOW = Date.UTC(2026, 4, 4, 21, 0, 0);
const HAN = /\p{Script=Han}/u;

function failureOf(kind: FailureKind, extra: Partial<Failure> = {}): Failure {
	return { kind, message: 'The gateway said something.', ...extra };
}

describe('present, in Simplified Chinese', () => {
	it.each([...FAILURE_KINDS])('%s: a Chinese title, and a different one from English', (kind) => {
		const chinese = present(failureOf(kind), { copy }).title;
		expect(chinese).toMatch(HAN);
		expect(chinese).not.toBe(present(failureOf(kind)).title);
	});

	it('the gateway’s own message is shown verbatim, in its own language', () => {
		const quota = classifyHttp(
			403,
			new Headers(),
			JSON.stringify({
				error: {
					message: '用户额度不足, 剩余额度: ＄0.000000 (request id: 20260504abc)',
					type: 'new_api_error',
					param: '',
					code: 'insufficient_user_quota'
				}
			})
		);
		const presentation = present(quota, { copy });
		expect(presentation.title).toBe('你在此网关的余额不足');
		// Its half-width comma stays: the gateway's words are never corrected.
		expect(presentation.detail).toBe('用户额度不足, 剩余额度: ＄0.000000');
		expect(present(failureOf('server_error', { message: 'Internal error' }), { copy }).detail).toBe(
			'Internal error'
		);
	});

	it('the variants: an API key refused, and each network case', () => {
		const onKey = { copy, situation: { credential: 'api_key' as const } };
		expect(present(failureOf('auth_expired'), onKey).title).toBe('网关拒绝了你的 API 密钥');
		expect(present(failureOf('auth_expired'), { copy }).title).toBe('你的登录已过期');
		expect(present(failureOf('network', { networkCase: 'offline' }), { copy }).title).toBe(
			'你已离线'
		);
		expect(present(failureOf('network', { networkCase: 'timeout' }), { copy }).title).toBe(
			'连接网关超时'
		);
		expect(present(failureOf('network'), { copy }).title).toBe('无法连接到网关');
	});

	it('notes: when a usage limit resets, what was kept, what a classifier outage means', () => {
		const limit = failureOf('usage_limit', { resetsAt: NOW + (3 * 60 + 52) * 60_000 });
		expect(present(limit, { copy, now: NOW }).note).toBe('约 3 小时 52 分钟后重置。');
		expect(present(failureOf('usage_limit', { retryAfterMs: 45_000 }), { copy }).note).toBe(
			'约 45 秒后重置。'
		);
		const cut = present(failureOf('stream_interrupted'), {
			copy,
			situation: { answerShown: true }
		});
		expect(cut.note).toBe('已收到的内容会保留。');
		expect(present(failureOf('classifier_unavailable'), { copy }).note).toMatch(/^负责审查/);
	});

	it('the actions are the same as in English; only their labels change', () => {
		const failure = failureOf('model_retired', { successorModel: 'gpt-5.1' });
		const chinese = present(failure, { copy }).actions;
		expect(chinese).toEqual(present(failure).actions);
		expect(chinese.map((action) => actionLabel(action, copy))).toEqual([
			'切换到 gpt-5.1',
			'选择其他模型'
		]);
		expect(actionLabel({ kind: 'sign_in', credential: 'api_key' }, copy)).toBe('输入其他密钥');
		expect(actionLabel({ kind: 'retry' })).toBe('Try again');
	});

	it('what the card says while it waits for a fix made elsewhere', () => {
		expect(awaitingLabel('choose_model', copy)).toBe(
			'请在上方选择一个模型：选好后会用它重新发送这条消息。'
		);
		expect(awaitingLabel('choose_model')).toBe(
			'Pick a model above: this message is sent again with it.'
		);
	});
});
