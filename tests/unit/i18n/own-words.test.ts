/**
 * The app's own words around a failure, in Simplified Chinese: a sentence the classifier wrote
 * because the gateway gave none is said in Chinese (and survives storage as a typed sentence),
 * while a gateway's own message stays exactly as sent; the connection check explains and reports
 * in Chinese with every address, header and setting as it is; retry notes, compaction notices
 * and a configuration that did not load, too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { noticeKind, COMPACTION_NOTICE } from '../../../src/lib/chat/compaction-notices.ts';
import { readMessageRecord } from '../../../src/lib/chat/storage/records.ts';
import { loadErrorText } from '../../../src/lib/components/app/load-error.ts';
import { retryNoteText } from '../../../src/lib/components/failure/action-label.ts';
import {
	checkReport,
	checkSummary,
	explainContext,
	explainStep,
	type CheckWords,
	type StepState
} from '../../../src/lib/connection-check/index.ts';
import {
	classifyHttp,
	classifyThrown,
	ConnectTimeoutError,
	present,
	readOwnSentence,
	retryDecision
} from '../../../src/lib/failure/index.ts';
import { zhCN } from '../../../src/lib/i18n/zh-CN.ts';
import { foreignBodyFailure } from '../../../src/lib/wire/body-sniff.ts';
import { parseTurnJson } from '../../../src/lib/wire/parse-turn-json.ts';
import { runCheck, targetFor } from '../connection-check/check-target.ts';
import { startTestGateway, type TestGateway } from '../connection-check/test-gateway.ts';

const copy = zhCN.failure;
const HAN = /\p{Script=Han}/u;
const chinese: CheckWords = { check: zhCN.connection, failure: zhCN.failure };

describe('our own failure sentences', () => {
	it('a 502 without a body: the detail is ours, said in Chinese, with the status as sent', () => {
		const failure = classifyHttp(502, new Headers(), '');
		expect(failure.message).toBe(
			'The gateway, or a proxy in front of it, answered without details (502 Bad Gateway).'
		);
		expect(present(failure).detail).toBe(failure.message);
		expect(present(failure, { copy }).detail).toBe(
			'网关或其前面的代理返回了错误，但没有说明原因（502 Bad Gateway）。'
		);
	});

	it('a gateway’s own message is never replaced, in any language', () => {
		const failure = classifyHttp(
			429,
			new Headers(),
			JSON.stringify({ error: { message: 'Rate limit reached for gpt-5.1', type: 'requests' } })
		);
		expect(failure.said).toBeUndefined();
		expect(present(failure, { copy }).detail).toBe('Rate limit reached for gpt-5.1');
	});

	it('a connection that timed out, and one the network refused', () => {
		const timedOut = classifyThrown(new ConnectTimeoutError(30_000), { online: true });
		expect(present(timedOut, { copy }).detail).toBe('连接网关超时：30 秒内没有响应。');
		const refused = classifyThrown(
			Object.assign(new TypeError('fetch failed'), {
				cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
			}),
			{ online: true }
		);
		expect(refused.message).toBe('The gateway refused the connection.');
		expect(present(refused, { copy }).detail).toBe('网关拒绝了连接。');
	});

	it('survives storage: a stored message’s failure is said in Chinese after a reload', () => {
		const failure = classifyHttp(503, new Headers(), '');
		const stored = readMessageRecord(
			JSON.parse(
				JSON.stringify({
					id: 'm1',
					conversationId: 'c1',
					seq: 1,
					role: 'assistant',
					text: '',
					status: 'failed',
					createdAt: 1,
					failure
				})
			)
		);
		expect(stored?.failure?.said).toEqual(failure.said);
		if (stored?.failure === undefined) throw new Error('stored');
		expect(present(stored.failure, { copy }).detail).toMatch(HAN);
	});

	it('a body that is not an event stream, and an event that cannot be read: said in Chinese, the body kept as sent', () => {
		const page = foreignBodyFailure('<!doctype html><title>Login</title>', false, {});
		expect(page.message).toBe('The gateway answered with a web page instead of an event stream.');
		expect(present(page, { copy }).detail).toBe('网关返回的是一个网页，而不是事件流。');
		expect(page.raw).toBe('<!doctype html><title>Login</title>');
		const json = foreignBodyFailure('{"ok":true}', false, {});
		expect(present(json, { copy }).detail).toBe('网关返回的是 JSON，而不是事件流。');
		const shape = parseTurnJson('responses', '{"ok":true}');
		expect(present(shape.failure ?? page, { copy }).detail).toBe(
			'网关返回的 JSON 结构不符合预期。'
		);
		// An event's name is the gateway's, shown as sent inside our sentence.
		const event = readOwnSentence({
			kind: 'bad_event',
			event: 'response.output_text.delta',
			problem: 'not_json'
		});
		expect(event).toEqual({
			kind: 'bad_event',
			event: 'response.output_text.delta',
			problem: 'not_json'
		});
		expect(
			present(
				{ kind: 'malformed_response', message: 'x', ...(event ? { said: event } : {}) },
				{ copy }
			).detail
		).toBe('回答中的 response.output_text.delta 事件不是有效的 JSON。');
		expect(readOwnSentence({ kind: 'bad_event', event: 7, problem: 'shape' })).toBeUndefined();
		expect(readOwnSentence({ kind: 'unreadable_body', body: 'video' })).toBeUndefined();
		expect(readOwnSentence({ kind: 'unreadable_body', body: 'page' })).toEqual({
			kind: 'unreadable_body',
			body: 'page'
		});
	});

	it('a redirect: said in Chinese, and read back from storage only as one of its two targets', () => {
		const failure = classifyHttp(301, new Headers({ 'switchboard-relay-redirect': 'https' }), '');
		expect(present(failure, { copy }).detail).toBe(
			'网关重定向到同一地址的 https 版本（301 Moved Permanently）：网关地址应以 https:// 开头。'
		);
		const away = classifyHttp(302, new Headers(), '');
		expect(present(away, { copy }).detail).toMatch(/^网关重定向到另一个地址（302 Found）/);
		expect(readOwnSentence({ kind: 'redirected', to: 'https' })).toEqual({
			kind: 'redirected',
			to: 'https'
		});
		expect(readOwnSentence({ kind: 'redirected', to: 'ftp' })).toBeUndefined();
	});

	it('a stored sentence that is not one of ours is dropped (the English message shows)', () => {
		expect(readOwnSentence({ kind: 'fallback', failure: 'no_such_kind' })).toBeUndefined();
		expect(readOwnSentence({ kind: 'connect_timeout', seconds: 'soon' })).toBeUndefined();
		expect(readOwnSentence({ kind: 'token_status', status: 500, description: 7 })).toBeUndefined();
		expect(readOwnSentence('offline')).toBeUndefined();
		expect(readOwnSentence({ kind: 'offline', extra: 1 })).toEqual({ kind: 'offline' });
		expect(readOwnSentence({ kind: 'fallback', failure: 'server_error', status: 500 })).toEqual({
			kind: 'fallback',
			failure: 'server_error',
			status: 500
		});
	});
});

describe('why a retry waits, notices, a configuration that did not load', () => {
	it('retry notes', () => {
		const decision = retryDecision({ kind: 'model_unavailable', message: 'x' }, 1);
		if (!decision.retry || decision.automatic) throw new Error('manual');
		expect(retryNoteText(decision.reason, copy)).toBe('该模型可能会恢复；是否重试由你决定。');
		expect(retryNoteText({ kind: 'still_too_large' }, copy)).toMatch(/^压缩一次后仍然过长/);
		expect(retryNoteText({ kind: 'still_too_large' })).toMatch(/^Still too large/);
	});

	it('a stored compaction notice is a marker; any other text is shown as it is', () => {
		expect(noticeKind(COMPACTION_NOTICE)).toBe('compacted');
		expect(zhCN.notices.compacted).toMatch(HAN);
		expect(noticeKind('Something else.')).toBeNull();
	});

	it('the configuration', () => {
		expect(loadErrorText({ kind: 'status', status: 503 }, zhCN.appLoad)).toBe(
			'应用服务器在返回配置时响应了 503。'
		);
		expect(loadErrorText({ kind: 'offline' }, zhCN.appLoad)).toMatch(/^你已离线/);
	});
});

describe('the connection check in Chinese', () => {
	let gateway: TestGateway | undefined;
	afterEach(async () => {
		await gateway?.close();
		gateway = undefined;
	});

	it('explains a refused key in Chinese, quoting the gateway, and reports it without the key', async () => {
		gateway = await startTestGateway({ cors: 'allow', key: 'sk-right', requestId: 'req_zh_7' });
		const key = 'sk-live-5f2c9d7e1a0b';
		const target = targetFor(gateway.url, { key });
		const steps = await runCheck(target);
		const context = explainContext(target);
		const auth = explainStep(steps[2] as StepState, context, chinese);
		expect(auth.label).toBe('凭据验证');
		expect(auth.problem).toMatch(/^网关拒绝了该 API 密钥：Incorrect API key provided/);
		expect(auth.fix).toMatch(/^请检查聊天页面顶部密钥菜单中的 API 密钥/);
		expect(checkSummary(steps, context, chinese)).toMatch(/^在“凭据验证”失败。网关拒绝了/);
		const reachable = explainStep(steps[0] as StepState, context, chinese);
		expect(reachable.note).toBe(`位于 ${new URL(gateway.url).host} 的网关有响应。`);

		const report = checkReport({
			steps,
			context,
			secrets: [key],
			now: Date.UTC(2026, 4, 4, 21, 0, 0),
			words: chinese
		});
		expect(report).not.toContain(key);
		expect(report.split('\n').slice(0, 4)).toEqual([
			'Switchboard 连接检查，2026-05-04T21:00:00.000Z',
			`页面来源：${context.origin}`,
			`网关：${gateway.url}（responses 路由；浏览器直接访问）`,
			'凭据：API 密钥（已发送，不显示）'
		]);
		expect(report).toContain('3. 凭据验证：失败');
		expect(report).toContain('   请求 ID：req_zh_7');
		expect(report).toContain('5. 流式回答：已跳过');
	});
});
