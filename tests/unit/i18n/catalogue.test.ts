/**
 * The catalogues: Simplified Chinese has every entry English has and nothing else, each function
 * takes the same parameters and keeps them in its sentence, nothing is left in English by mistake,
 * Chinese sentences use full-width punctuation; and the browser's languages choose the right one.
 */
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../../src/lib/i18n/catalogue.ts';
import { en } from '../../../src/lib/i18n/en.ts';
import { enDeferred } from '../../../src/lib/i18n/en-deferred.ts';
import { enMessages } from '../../../src/lib/i18n/en-messages.ts';
import {
	languageFromBrowser,
	languageOfTag,
	resolveLanguage
} from '../../../src/lib/i18n/languages.ts';
import { zhCN } from '../../../src/lib/i18n/zh-CN.ts';

const english: Catalogue = { ...en, ...enMessages, ...enDeferred };

/** Every leaf of a catalogue by its dotted path. */
function leaves(node: unknown, path = ''): Map<string, unknown> {
	const found = new Map<string, unknown>();
	if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
		for (const [key, value] of Object.entries(node)) {
			for (const [leaf, leafValue] of leaves(value, path === '' ? key : `${path}.${key}`))
				found.set(leaf, leafValue);
		}
	} else {
		found.set(path, node);
	}
	return found;
}

const englishLeaves = leaves(english);
const chineseLeaves = leaves(zhCN);

/**
 * Sample arguments for every function entry, and what each language's sentence must show of
 * them (the parameters a sentence is built around: names, counts, ids).
 */
const GW = 'https://gw.example.com';
const HOST = 'gw.example.com';
const ORIGIN = 'https://app.test';

const SAMPLES: Record<string, { args: unknown[]; shows: string[] }> = {
	'library.matches': { args: [7], shows: ['7'] },
	'chat.reloadToConnect': { args: ['gw.example.com'], shows: ['gw.example.com'] },
	'composer.remove': { args: ['photo.png'], shows: ['photo.png'] },
	'composer.notAttached': { args: ['a.png, b.pdf'], shows: ['a.png, b.pdf'] },
	'attachmentRefusal.unavailable': { args: ['photo.png'], shows: ['photo.png'] },
	'attachmentRefusal.unsupportedType': { args: ['notes.txt'], shows: ['notes.txt'] },
	'attachmentRefusal.tooManyFiles': { args: ['tile.png', 10], shows: ['tile.png', '10'] },
	'attachmentRefusal.imageTooLarge': {
		args: ['photo.png', '6.0 MB', '5.0 MB'],
		shows: ['photo.png', '6.0 MB', '5.0 MB']
	},
	'attachmentRefusal.pdfTooLarge': {
		args: ['scan.pdf', '12.0 MB', '10.0 MB'],
		shows: ['scan.pdf', '12.0 MB', '10.0 MB']
	},
	'attachmentRefusal.totalTooLarge': {
		args: ['tile.png', '20.0 MB'],
		shows: ['tile.png', '20.0 MB']
	},
	'prompt.noLongerStored': { args: ['report.pdf'], shows: ['report.pdf'] },
	'answer.endedEarly': { args: ['max_output_tokens'], shows: ['max_output_tokens'] },
	'answer.waitingForGateway': { args: [7, 2, 30], shows: ['7', '2', '30'] },
	'answer.retryingAfter': {
		args: ['The connection to the gateway timed out'],
		shows: ['The connection to the gateway timed out']
	},
	'answer.silent': { args: [12, 60], shows: ['12', '60'] },
	'answer.tokens': { args: [['1,234 in', '56 out']], shows: ['1,234 in', '56 out'] },
	'answer.tokensIn': { args: ['1,234'], shows: ['1,234'] },
	'answer.tokensOut': { args: ['56'], shows: ['56'] },
	'answer.tokensTotal': { args: ['1,290'], shows: ['1,290'] },
	'image.partial': { args: [3], shows: ['3'] },
	'image.generated': { args: [3], shows: ['3'] },
	'image.download': { args: ['image/png'], shows: ['image/png'] },
	'tool.searchedWeb': { args: ['svelte runes'], shows: ['svelte runes'] },
	'tool.usedMcp': { args: ['github'], shows: ['github', 'MCP'] },
	'tool.ranCommand': { args: ['ls -la'], shows: ['ls -la'] },
	'tool.used': { args: ['web_fetch'], shows: ['web_fetch'] },
	'tool.called': { args: ['get_weather'], shows: ['get_weather'] },
	'markdown.backToReference': { args: ['2-3'], shows: ['2-3'] },
	'markdown.loadImage': { args: ['images.example.com'], shows: ['images.example.com'] },
	'markdown.imageFrom': { args: ['images.example.com'], shows: ['images.example.com'] },
	'messageActions.version': { args: [2, 3], shows: ['2', '3'] },
	'conversationRow.rename': { args: ['Trip to Kyoto'], shows: ['Trip to Kyoto'] },
	'conversationRow.delete': { args: ['Trip to Kyoto'], shows: ['Trip to Kyoto'] },
	'conversationRow.deleted': { args: ['Trip to Kyoto'], shows: ['Trip to Kyoto'] },
	'storageNotice.lostSince': { args: ['4 May 2026, 21:00'], shows: ['4 May 2026, 21:00'] },
	'storageNotice.skipped': { args: [3], shows: ['3'] },
	'importExport.messagesProgress': { args: ['1,200', '12,000', 12000], shows: ['1,200', '12,000'] },
	'importExport.conversationsProgress': { args: ['20', '2,000', 2000], shows: ['20', '2,000'] },
	'importExport.imported': { args: ['2,000', 2000], shows: ['2,000'] },
	'importExport.seconds': { args: ['3.4'], shows: ['3.4'] },
	'importExport.damagedMessages': {
		args: ['Tide tables', '7', '1,200', 1200],
		shows: ['Tide tables', '1,200']
	},
	'importExport.damagedWhole': { args: [null, '1,204'], shows: ['1,204'] },
	'importExport.damagedMore': { args: ['1,200', 1200], shows: ['1,200'] },
	'importExport.markdown.model': { args: ['`gpt-5`'], shows: ['`gpt-5`'] },
	'importExport.markdown.attached': {
		args: ['dot.png', 'image/png'],
		shows: ['dot.png', 'image/png']
	},
	'importExport.markdown.tool': {
		args: ['`web_search`', 'completed', 'tides'],
		shows: ['`web_search`', 'completed', 'tides']
	},
	'importExport.markdown.image': { args: [2], shows: ['2'] },
	'auth.account': { args: ['Ada Lovelace'], shows: ['Ada Lovelace'] },
	'auth.apiKeyInUse': { args: ['sk-…a1b2'], shows: ['sk-…a1b2'] },
	'apiKeyForm.unsendable': { args: [7, 'U+3000'], shows: ['7', 'U+3000'] },
	'apiKeyForm.character.visible': { args: ['短', 'U+77ED'], shows: ['短', 'U+77ED'] },
	'apiKeyForm.character.space': { args: [' ', 'U+0020'], shows: ['U+0020'] },
	'apiKeyForm.character.fullWidthSpace': { args: ['\u3000', 'U+3000'], shows: ['U+3000'] },
	'apiKeyForm.character.lineBreak': { args: ['\n', 'U+000A'], shows: ['U+000A'] },
	'apiKeyForm.character.invisible': { args: ['\u200b', 'U+200B'], shows: ['U+200B'] },
	'settings.model.onRoute': {
		args: ['Anthropic Messages API'],
		shows: ['Anthropic Messages API']
	},
	'settings.model.budget': { args: ['2,048'], shows: ['2,048'] },
	'picker.useTyped': { args: ['my-model-1'], shows: ['my-model-1'] },
	'picker.more': { args: ['400'], shows: ['400'] },
	// 3 h 52 min: the units are the language's own, the numbers are the same.
	'failure.resetsIn': { args: [(3 * 60 + 52) * 60_000], shows: ['3', '52'] },
	'failure.actions.switchModel': { args: ['gpt-5.1'], shows: ['gpt-5.1'] },
	'failure.retryPaused': { args: [2, 9], shows: ['2', '9'] },
	'failure.retryIn': { args: [3, 5], shows: ['3', '5'] },
	'failure.retryNote.attemptsUsed': { args: [3], shows: ['3'] },
	'appLoad.status': { args: [502], shows: ['502'] },
	'failure.own.closed': {
		args: ['The gateway had an internal error', '502 Bad Gateway'],
		shows: ['502 Bad Gateway']
	},
	'failure.own.connectTimeout': { args: [30], shows: ['30'] },
	'failure.own.idleTimeout': { args: [60], shows: ['60'] },
	'failure.own.streamSilent': { args: [60], shows: ['60'] },
	'failure.own.eventTooLarge': { args: [1048576], shows: ['1048576'] },
	'failure.own.responseTooLarge': { args: [8388608], shows: ['8388608'] },
	'settings.gateway.option': {
		args: ['gw.example.com', 'OpenAI Responses API'],
		shows: ['gw.example.com', 'OpenAI Responses API']
	},
	'failure.own.badEvent.shape': {
		args: ['response.completed'],
		shows: ['response.completed']
	},
	'failure.own.badEvent.not_json': {
		args: ['content_block_delta'],
		shows: ['content_block_delta']
	},
	'failure.own.badEvent.not_object': {
		args: ['message_start'],
		shows: ['message_start']
	},
	'failure.own.redirected.https': {
		args: ['301 Moved Permanently'],
		shows: ['301 Moved Permanently', 'https://']
	},
	'failure.own.redirected.elsewhere': { args: ['302 Found'], shows: ['302 Found'] },
	'failure.own.tokenDenied': { args: ['User cancelled'], shows: ['User cancelled'] },
	'failure.own.tokenClientError': {
		args: ['invalid_client', 'Unknown client'],
		shows: ['invalid_client', 'Unknown client']
	},
	'failure.own.tokenStatus': { args: ['500 Internal Server Error', ''], shows: ['500'] },
	'failure.own.tokenTransport': {
		args: ['https://auth.example.com/oauth/token', 'ECONNREFUSED'],
		shows: ['https://auth.example.com/oauth/token', 'ECONNREFUSED']
	},
	'failure.own.transport.unreachable': { args: ['ENOTFOUND'], shows: ['ENOTFOUND'] },
	'failure.own.authorizationDenied': {
		args: ['The user declined.'],
		shows: ['The user declined.']
	},
	'failure.own.authorizationError': {
		args: ['invalid_scope', 'Unknown scope.'],
		shows: ['invalid_scope', 'Unknown scope.']
	},
	'connection.explain.seconds': { args: [12], shows: ['12'] },
	'connection.explain.address.settings': { args: [GW], shows: [GW] },
	'connection.explain.address.direct': { args: [GW], shows: [GW, 'GATEWAY_URL'] },
	'connection.explain.address.relay': { args: [GW], shows: [GW, 'GATEWAY_URL'] },
	'connection.explain.address.demo': { args: [GW], shows: [GW] },
	'connection.explain.reachable.answered': { args: [HOST], shows: [HOST] },
	'connection.explain.reachable.relay': { args: [HOST], shows: [HOST, 'GATEWAY_MODE=relay'] },
	'connection.explain.reachable.mixedContent': {
		args: ['http://gw.example.com'],
		shows: ['http://gw.example.com']
	},
	'connection.explain.reachable.blocked': { args: [HOST], shows: [HOST] },
	'connection.explain.reachable.timedOut': { args: [HOST, '10 s'], shows: [HOST, '10'] },
	'connection.explain.reachable.unreachable': { args: [HOST], shows: [HOST] },
	'connection.explain.reachable.unreachableTold': {
		args: ['The gateway refused the connection.', HOST],
		shows: ['The gateway refused the connection', HOST]
	},
	'connection.explain.reachable.unreachableFix': { args: ['GATEWAY_URL'], shows: ['GATEWAY_URL'] },
	'connection.explain.cors.allowed': { args: [ORIGIN], shows: [ORIGIN] },
	'connection.explain.cors.allowedHeaders': {
		args: [ORIGIN, 'Authorization, Content-Type'],
		shows: [ORIGIN, 'Authorization, Content-Type']
	},
	'connection.explain.cors.noCors': { args: [ORIGIN], shows: [ORIGIN] },
	'connection.explain.cors.noCorsServerFix': {
		args: [ORIGIN, 'Authorization'],
		shows: [ORIGIN, 'Authorization', 'GATEWAY_MODE=relay']
	},
	'connection.explain.cors.noCorsSettingsFix': {
		args: [ORIGIN, 'Authorization'],
		shows: [ORIGIN, 'Authorization', 'GATEWAY_URL']
	},
	'connection.explain.cors.headersRefused': {
		args: [ORIGIN, 'x-api-key', 1],
		shows: [ORIGIN, 'x-api-key']
	},
	'connection.explain.cors.preflightRefused': {
		args: [ORIGIN, 'Authorization'],
		shows: [ORIGIN, 'Authorization']
	},
	'connection.explain.cors.preflightFix': {
		args: ['Authorization', 1, ORIGIN],
		shows: ['Authorization', ORIGIN, 'Access-Control-Allow-Headers']
	},
	'connection.explain.cors.preflightServerFix': {
		args: ['Authorization', 1, ORIGIN],
		shows: ['Authorization', ORIGIN, 'GATEWAY_MODE=relay']
	},
	'connection.explain.cors.timedOut': { args: ['10 s'], shows: ['10'] },
	'connection.explain.auth.accepted': { args: ['the API key'], shows: ['the API key'] },
	'connection.explain.auth.notRefused': { args: ['the API key', 404], shows: ['404'] },
	'connection.explain.auth.refused': {
		args: ['the API key', 'Incorrect API key provided.'],
		shows: ['Incorrect API key provided.']
	},
	'connection.explain.auth.requestFailed': { args: ['Failed.'], shows: ['Failed.'] },
	'connection.explain.auth.timedOut': {
		args: [`${GW}/v1/models`, '10 s'],
		shows: [`${GW}/v1/models`, '10']
	},
	'connection.explain.models.listed': {
		args: [5, 'gpt-5.1, gpt-5-mini, o3', true],
		shows: ['5', 'gpt-5.1, gpt-5-mini, o3']
	},
	'connection.explain.models.answered': {
		args: [`${GW}/v1/models`, 'Not found.'],
		shows: [`${GW}/v1/models`, 'Not found.']
	},
	'connection.explain.models.baseUrlFix': {
		args: ['GATEWAY_URL'],
		shows: ['GATEWAY_URL', '/v1/models']
	},
	'connection.explain.models.html': {
		args: [`${GW}/v1/models`, 'Sign in'],
		shows: [`${GW}/v1/models`, 'Sign in', 'HTML']
	},
	'connection.explain.models.htmlFix': { args: ['(fix)'], shows: ['(fix)'] },
	'connection.explain.models.notJson': { args: [`${GW}/v1/models`], shows: [`${GW}/v1/models`] },
	'connection.explain.models.wrongShape': {
		args: [`${GW}/v1/models`, 'models, object'],
		shows: [`${GW}/v1/models`, 'models, object']
	},
	'connection.explain.models.wrongShapeFix': { args: ['(fix)'], shows: ['(fix)', 'OpenAI'] },
	'connection.explain.models.timedOut': { args: ['10 s'], shows: ['10'] },
	'connection.explain.stream.completed': { args: ['gpt-5.1'], shows: ['gpt-5.1'] },
	'connection.explain.stream.incomplete': { args: ['gpt-5.1'], shows: ['gpt-5.1'] },
	'connection.explain.stream.failed': {
		args: ['gpt-5.1', 'Overloaded.'],
		shows: ['gpt-5.1', 'Overloaded.']
	},
	'connection.explain.stream.networkFix': {
		args: [`${GW}/v1/responses`, true],
		shows: [`${GW}/v1/responses`, 'GATEWAY_MODE=relay']
	},
	'connection.explain.stream.stalled': { args: ['Nothing came.'], shows: ['Nothing came.'] },
	'connection.explain.stream.requestInvalid': { args: ['Bad key.'], shows: ['Bad key.'] },
	'connection.explain.stream.timedOut': { args: ['60 s'], shows: ['60'] },
	'connection.explain.stream.timedOutFix': { args: ['(buffering)'], shows: ['(buffering)'] },
	'connection.explain.fix.switchModel': { args: ['gpt-5.1'], shows: ['gpt-5.1'] },
	'connection.explain.fix.topUp': {
		args: ['https://pay.example.com'],
		shows: ['https://pay.example.com']
	},
	'connection.explain.skipped': { args: ['Reachable'], shows: ['Reachable'] },
	'connection.explain.summary.checking': { args: ['CORS'], shows: ['CORS'] },
	'connection.explain.summary.failedAt': {
		args: ['Reachable', 'This device is offline.'],
		shows: ['Reachable', 'This device is offline.']
	},
	'connection.explain.report.title': {
		args: ['2026-05-04T21:00:00.000Z'],
		shows: ['2026-05-04T21:00:00.000Z', 'Switchboard']
	},
	'connection.explain.report.origin': { args: [ORIGIN], shows: [ORIGIN] },
	'connection.explain.report.gateway': {
		args: [GW, 'responses', '(path)'],
		shows: [GW, 'responses', '(path)']
	},
	'connection.explain.report.pathRelay': { args: [HOST], shows: [HOST, 'GATEWAY_MODE=relay'] },
	'connection.explain.report.credentials': { args: ['(none)'], shows: ['(none)'] },
	'connection.explain.report.browser': { args: ['Chrome/142'], shows: ['Chrome/142'] },
	'connection.explain.report.step': { args: [3, 'CORS', 'Passed'], shows: ['3', 'CORS'] },
	'connection.explain.report.problem': { args: ['(problem)'], shows: ['(problem)'] },
	'connection.explain.report.fix': { args: ['(fix)'], shows: ['(fix)'] },
	'connection.explain.report.requestId': { args: ['req_1'], shows: ['req_1'] },
	'connection.explain.report.notStarted': { args: ['(summary)'], shows: ['(summary)'] },
	'connection.couldNotRun': {
		args: ['no gateway is configured.'],
		shows: ['no gateway is configured.']
	},
	'connection.context': {
		args: [
			{ baseUrl: 'https://gw.example.com/v1', route: 'responses', origin: 'https://app.test' }
		],
		shows: ['https://gw.example.com/v1', 'responses', 'https://app.test']
	}
};

/**
 * Entries that are the same in both languages on purpose: brand names, "API", model ids, code.
 * (None today: keep any addition to what a Chinese product really writes in Latin letters.)
 */
const SAME_IN_BOTH = new Set<string>([]);

/** What a function entry says, as plain text (a rich sentence's parts joined). */
function say(entry: unknown, args: unknown[]): string {
	if (typeof entry !== 'function') throw new Error('not a function entry');
	const result: unknown = (entry as (...values: unknown[]) => unknown)(...args);
	if (typeof result === 'string') return result;
	if (Array.isArray(result))
		return result
			.map((part: unknown) => (typeof part === 'string' ? part : (part as { code: string }).code))
			.join('');
	throw new Error(`unexpected result ${String(result)}`);
}

const HAN = /\p{Script=Han}/u;

describe('the zh-CN catalogue', () => {
	it('has every English entry, and no other', () => {
		expect([...chineseLeaves.keys()].sort()).toEqual([...englishLeaves.keys()].sort());
	});

	it.each([...englishLeaves.keys()])('%s: the same kind of entry as English', (path) => {
		const source = englishLeaves.get(path);
		const translated = chineseLeaves.get(path);
		expect(typeof translated).toBe(typeof source);
		if (typeof source === 'function' && typeof translated === 'function') {
			expect(translated.length, 'the same number of parameters').toBe(source.length);
		}
	});

	it('every function entry has samples (so the next test covers it)', () => {
		const functions = [...englishLeaves].filter(([, value]) => typeof value === 'function');
		expect(functions.map(([path]) => path).sort()).toEqual(Object.keys(SAMPLES).sort());
	});

	it.each(Object.entries(SAMPLES))(
		'%s: a non-empty sentence in both languages that keeps its parameters',
		(path, { args, shows }) => {
			for (const catalogue of [englishLeaves, chineseLeaves]) {
				const sentence = say(catalogue.get(path), args);
				expect(sentence.trim()).not.toBe('');
				for (const part of shows) expect(sentence).toContain(part);
			}
		}
	);

	it('rich sentences keep the same parts as code (addresses are never translated)', () => {
		const where = { baseUrl: 'https://gw.example.com', route: 'messages', origin: 'http://a.test' };
		const codes = (catalogue: Catalogue): string[] =>
			catalogue.connection
				.context(where)
				.flatMap((part) => (typeof part === 'string' ? [] : [part.code]))
				.sort();
		expect(codes(zhCN)).toEqual(codes(english));
	});

	it('nothing is left in English, except what is the same in both on purpose', () => {
		const same: string[] = [];
		for (const [path, source] of englishLeaves) {
			const translated = chineseLeaves.get(path);
			const sample = SAMPLES[path];
			const pair =
				typeof source === 'string'
					? [source, translated]
					: sample === undefined
						? []
						: [say(source, sample.args), say(translated, sample.args)];
			if (pair.length === 2 && pair[0] === pair[1] && !SAME_IN_BOTH.has(path)) same.push(path);
		}
		expect(same).toEqual([]);
	});

	it('every Chinese string is written in Chinese', () => {
		const withoutHan = [...chineseLeaves]
			.filter(([, value]) => typeof value === 'string' && !HAN.test(value))
			.map(([path]) => path);
		expect(withoutHan).toEqual([]);
	});

	it('Chinese sentences use full-width punctuation', () => {
		const sentences = [...chineseLeaves].map(([path, value]) => {
			const sample = SAMPLES[path];
			return [path, typeof value === 'string' ? value : say(value, sample?.args ?? [])] as const;
		});
		// A half-width comma, full stop, colon, semicolon, question or exclamation mark after a Han
		// character, or half-width parentheses around Chinese words.
		const halfWidth = sentences.filter(
			([, text]) => /\p{Script=Han}[,.:;?!]/u.test(text) || /\([^)]*\p{Script=Han}/u.test(text)
		);
		expect(halfWidth.map(([path]) => path)).toEqual([]);
	});

	it('uses the glossary terms for what the interface names most', () => {
		expect(zhCN.composer.send).toBe('发送');
		expect(zhCN.composer.stop).toBe('停止');
		expect(zhCN.messageActions.regenerate).toBe('重新生成');
		expect(zhCN.messageActions.copy).toBe('复制');
		expect(zhCN.messageActions.edit).toBe('编辑');
		expect(zhCN.header.settings).toBe('设置');
		expect(zhCN.auth.signIn).toBe('登录');
		expect(zhCN.auth.useApiKey).toBe('使用 API 密钥');
		expect(zhCN.failure.actions.retry).toBe('重试');
		expect(zhCN.failure.title.rate_limited).toContain('请求过于频繁');
		expect(zhCN.failure.title.insufficient_balance).toContain('余额不足');
		expect(zhCN.failure.title.context_too_large).toContain('上下文过长');
	});
});

describe('choosing the language from the browser', () => {
	it.each<[string[], string]>([
		[['zh-CN'], 'zh-CN'],
		[['zh'], 'zh-CN'],
		[['zh-Hans'], 'zh-CN'],
		[['zh-SG'], 'zh-CN'],
		// Traditional Chinese: Simplified is the closest the interface has.
		[['zh-TW'], 'zh-CN'],
		[['zh-HK'], 'zh-CN'],
		[['zh-Hant-TW'], 'zh-CN'],
		[['ZH-cn'], 'zh-CN'],
		[['en-GB'], 'en'],
		[['en-US', 'zh-CN'], 'en'],
		[['fr'], 'en'],
		// The first language the interface has, in the person's order.
		[['fr-FR', 'zh-CN', 'en'], 'zh-CN'],
		[['de', 'en-AU', 'zh'], 'en'],
		[[], 'en']
	])('%j → %s', (languages, expected) => {
		expect(languageFromBrowser(languages)).toBe(expected);
	});

	it('a tag the interface does not have is no language', () => {
		expect(languageOfTag('ja-JP')).toBeUndefined();
		expect(languageOfTag('')).toBeUndefined();
	});

	it('a choice made in Settings wins over the browser', () => {
		expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
		expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
		expect(resolveLanguage('auto', ['zh-TW', 'en'])).toBe('zh-CN');
	});
});
