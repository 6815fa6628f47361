/**
 * 简体中文 (Simplified Chinese): the whole catalogue in one file, loaded only when it is the
 * language shown. Typed as `Catalogue`, so a missing, extra or differently shaped entry is a type
 * error; tests/unit/i18n/catalogue.test.ts checks the rest.
 *
 * Glossary (keep these, so the same thing always has the same name):
 *   gateway 网关 · relay 中转站 · model 模型 · route 路由 · base URL 接口地址 · conversation 对话
 *   message 消息 · prompt 提示词 · answer 回答 · reasoning 推理 · thinking 思考 · summary 摘要
 *   sign in 登录 · sign out 退出登录 · session 会话 · API key API 密钥 · credentials 凭据
 *   request id 请求 ID · retry / try again 重试 · regenerate 重新生成 · continue 继续
 *   copy 复制 · edit 编辑 · settings 设置 · connection check 连接检查 · top up 充值 · balance 余额
 *   usage limit 用量上限 · rate limit 请求过于频繁 · context 上下文 · compact 压缩
 *   token (usage counts) Token · image 图片 · attachment 附件 · web search 联网搜索
 *   tool 工具 · provider 服务商 · version 版本 · draft 草稿
 * Style: address the person as 你; full-width punctuation in Chinese sentences (，。：；（）“”);
 * a space between Chinese and Latin letters or digits (“3 秒”, “API 密钥”); “…” for an ongoing
 * state (“正在回答…”), as interfaces write it. Model ids, URLs, header names and the gateway's
 * own words are never translated.
 */
import { formatDuration } from '../failure/duration.ts';
import type { Catalogue } from './catalogue.ts';

/** A damaged conversation of an import file: its title, or its place in the file. */
const damagedName = (title: string | null, position: string): string =>
	title === null ? `文件中第 ${position} 个对话` : `“${title}”`;

const DURATION_UNITS: Readonly<Record<string, string>> = {
	d: '天',
	h: '小时',
	min: '分钟',
	s: '秒'
};

/** `formatDuration`'s rounding, in Chinese units: `3 h 52 min` → `3 小时 52 分钟`. */
function duration(ms: number): string {
	return formatDuration(ms).replace(/\b(d|h|min|s)\b/g, (unit) => DURATION_UNITS[unit] ?? unit);
}

export const zhCN: Catalogue = {
	header: {
		conversations: '对话',
		demoGateway: '演示网关',
		settings: '设置',
		settingsUnavailable: '无法从服务器加载设置。请检查网络连接，然后再次点击“设置”。'
	},
	sidebar: {
		title: '对话',
		close: '关闭'
	},
	modelPicker: {
		label: '模型',
		none: '选择模型',
		unavailable: '无法打开模型列表：请检查网络连接，然后再次点击模型按钮。'
	},
	chat: {
		conversation: '对话记录',
		answeringElsewhere: '此浏览器的另一个标签页正在回答；回答完成后即可发送。',
		reloadToConnect: (host) =>
			`要连接到 ${host}，Switchboard 需要重新加载此页面。你的对话、草稿和设置都会保留。`,
		reloadNow: '立即重新加载',
		storageUnexplained: '浏览器可能没有保存历史记录。（无法连接应用服务器，无法说明原因。）',
		jumpToLatest: '跳到最新 ↓'
	},
	composer: {
		filesToSend: '待发送的文件',
		remove: (name) => `移除 ${name}`,
		attach: '添加图片或 PDF',
		attachHint: '添加图片或 PDF（也可以粘贴，或拖放到这里）',
		webSearch: '联网搜索',
		webSearchHint: '允许模型联网搜索（使用网关的联网搜索工具）；引用的来源会列在回答下方',
		label: '消息',
		placeholder: '输入消息（Enter 发送，Shift+Enter 换行，↑ 编辑上一条）',
		stop: '停止',
		send: '发送',
		notAttached: (names) => `未添加：${names}。（无法连接应用服务器，无法说明原因。）`
	},
	appLoad: {
		offline: '你已离线。你的对话仍可在这里阅读；发送消息需要网络。',
		status: (status) => `应用服务器在返回配置时响应了 ${status}。`,
		invalid: '服务器发送的配置无法被本应用读取。',
		unreachable: '无法连接应用服务器以获取配置。请检查网络连接，然后重新加载页面。'
	},
	notices: {
		compacted: '较早的消息已被总结，以适应模型的上下文窗口。它们仍保留在这里，但只会发送摘要。',
		carried_over:
			'这段对话接续自一段较早对话的摘要。原来的消息仍保留在那段对话中；这里只发送摘要。',
		dropped:
			'为适应模型的上下文窗口，较早的消息已被省略（未能生成摘要）。它们仍保留在这里，但不再发送。'
	},
	attachmentRefusal: {
		unavailable: (name) =>
			`${name} 未能添加：无法连接应用服务器。网络恢复后请重新加载页面（草稿会保留），再重新添加。`,
		unsupportedType: (name) =>
			`${name}：无法发送此类型的文件；请添加 PNG、JPEG、WebP、GIF 或 PDF 文件。`,
		tooManyFiles: (name, limit) => `${name}：一条消息最多只能带 ${limit} 个文件。`,
		imageTooLarge: (name, size, limit) => `${name} 的大小为 ${size}；图片最大为 ${limit}。`,
		pdfTooLarge: (name, size, limit) => `${name} 的大小为 ${size}；PDF 最大为 ${limit}。`,
		totalTooLarge: (name, limit) => `${name}：一条消息中所有文件加起来最多为 ${limit}。`
	},
	heldPrompt: '回答仍在生成中，你的消息会留在这里。等回答结束后再发送，或先按“停止”（Esc）。',
	prompt: {
		attachedFiles: '附件',
		noLongerStored: (name) => `${name}（已不再保存）`,
		sentWith: '随之发送的文件',
		edit: '编辑你的消息',
		cancel: '取消',
		send: '发送',
		discardAsk: '放弃所做的修改？再按一次 Esc 即放弃。',
		discard: '放弃修改',
		keepEditing: '继续编辑'
	},
	answer: {
		answering: '正在回答…',
		thinking: '正在思考…',
		endedEarly: (reason) => `网关提前结束了回答${reason ? `（${reason}）` : ''}。`,
		interrupted: '回答被中断；已收到的内容会保留。',
		stopped: '已停止。',
		declined: '模型拒绝回答',
		reasoning: '推理过程',
		reasoningThinking: '思考中…',
		summary: '摘要',
		sources: '来源',
		waitingForGateway: (elapsedSeconds, attempt, limitSeconds) =>
			`正在等待网关：已等待 ${elapsedSeconds} 秒${attempt > 1 ? `，第 ${attempt} 次尝试` : ''}；${limitSeconds} 秒后放弃。`,
		retryingAfter: (failure) => `上次失败：${failure}。正在重试。`,
		silent: (seconds, limitSeconds) =>
			`已有 ${seconds} 秒没有收到数据；最多等待 ${limitSeconds} 秒。`,
		tokens: (parts) => `Token：${parts.join(' · ')}`,
		tokensIn: (count) => `输入 ${count}`,
		tokensOut: (count) => `输出 ${count}`,
		tokensTotal: (count) => `共 ${count} 个 Token`
	},
	image: {
		partial: (number) => `图片 ${number}，正在生成`,
		generated: (number) => `生成的图片 ${number}`,
		download: (mimeType) => `下载（${mimeType}）`,
		useAsInput: '用作输入'
	},
	tool: {
		searchedWeb: (query) => (query === '' ? '搜索了网页' : `搜索了网页：${query}`),
		searchResults: '搜索结果',
		ranCode: '运行了代码',
		codeOutput: '代码输出',
		generatedImage: '生成了一张图片',
		generatingImage: '正在生成图片',
		searchedFiles: '搜索了文件',
		usedMcp: (name) => `使用了 ${name}（MCP）`,
		ranCommand: (command) => `运行了命令${command === '' ? '' : `：${command}`}`,
		used: (name) => `使用了 ${name}`,
		called: (name) => `调用了 ${name}`,
		running: '运行中…',
		failed: '失败',
		done: '完成',
		notRunShort: '未运行',
		byProvider: '由服务商运行。',
		notRun: '未运行：Switchboard 没有这个工具。'
	},
	library: {
		newConversation: '新对话',
		search: '搜索对话',
		searchPlaceholder: '搜索标题和消息',
		searching: '正在搜索消息…',
		matches: (count: number) => `${count} 个对话匹配。`,
		empty: '还没有保存的对话。',
		noMatch: '没有匹配的对话。'
	},
	conversationRow: {
		untitled: '新对话',
		newName: '新名称',
		save: '保存',
		rename: (title) => `重命名“${title}”`,
		delete: (title) => `删除“${title}”`,
		byYou: '你：',
		byAssistant: '助手：',
		deleted: (title) => `已删除“${title}”。`,
		undo: '撤销'
	},
	transfer: {
		group: '导出和导入',
		exportMarkdown: '导出为 Markdown',
		exportJson: '导出为 JSON',
		exportAll: '全部导出',
		import: '导入…',
		unavailable: '无法从服务器加载导出功能。请检查网络连接，然后重试。',
		importUnavailable: '无法导入该文件：导入功能或存储不可用。请重试。'
	},
	storageNotice: {
		unavailable:
			'历史记录未被保存：此浏览器不允许在这里存储数据（无痕模式、策略限制，或在阻止嵌入网站存储数据的浏览器中嵌入了本应用）。对话只保留到你关闭页面为止；如需保留，请导出对话。',
		full: '历史记录已停止保存：浏览器存储空间已满。从现在起，你输入和收到的内容只保留在此页面中，关闭或重新加载后就会丢失；如需保留，请导出对话，或删除旧对话以释放空间。',
		failed:
			'历史记录已停止保存：浏览器存储停止工作了。从现在起，你输入和收到的内容只保留在此页面中，关闭或重新加载后就会丢失；如需保留，请导出对话。',
		lostSince: (since) =>
			`上次访问时未能保存全部内容：从 ${since} 起，浏览器存储拒绝写入，之后输入和收到的内容只保留在当时的页面中，现已丢失。`,
		skipped: (count) => `已跳过 ${count} 条损坏的已保存数据。`
	},
	update: {
		ready: 'Switchboard 有新版本了。',
		reload: '重新加载',
		reloading: '正在重新加载…',
		later: '稍后'
	},
	markdown: {
		code: '代码',
		copy: '复制',
		copied: '已复制',
		copyFailed: '复制失败',
		footnotes: '脚注',
		backToReference: (reference) => `返回引用 ${reference}`,
		loadImage: (host) => `加载来自 ${host} 的图片`,
		imageFrom: (host) => `来自 ${host} 的图片`,
		imageNotAllowed: '图片未显示：其地址不被允许',
		image: '图片',
		diagram: '图表',
		diagramCode: '代码',
		diagramFailed: '无法绘制此图表，以下是其代码。'
	},
	messageActions: {
		version: (index, count) => `第 ${index} 个版本，共 ${count} 个`,
		previousVersion: '上一个版本',
		nextVersion: '下一个版本',
		copy: '复制',
		copyMarkdown: '复制 Markdown',
		copyText: '复制文本',
		copied: '已复制',
		edit: '编辑',
		regenerate: '重新生成',
		continue: '继续'
	},
	failureFallback: {
		unavailable: '（无法连接应用服务器，详细信息无法显示。）',
		tryAgain: '重试'
	},
	auth: {
		signIn: '登录',
		signingIn: '正在登录…',
		inWindow: '请在新打开的窗口中完成登录，或关闭该窗口以取消。',
		signedIn: '已登录',
		account: (label) => `账户：${label}`,
		signedInAs: '登录身份',
		accountId: '账户',
		signOut: '退出登录',
		apiKeyInUse: (masked) => `API 密钥 ${masked}`,
		useApiKey: '使用 API 密钥',
		completing: '正在完成登录…',
		handedOver: '已登录。你可以关闭此窗口了。',
		callbackTitle: '正在登录…',
		windowTitle: '登录',
		couldNotStart: '无法开始登录',
		couldNotStartDetail: '无法开始登录。',
		closeWindow: '关闭此窗口'
	},
	apiKeyForm: {
		keyInUse: '正在使用的密钥：',
		remembered: '已在此设备上记住，直到你清除它。',
		notRemembered: '仅保留到此页面关闭或重新加载为止。',
		forgetKey: '清除密钥',
		keyLabel: '此网关的 API 密钥',
		remember: '在此设备上记住',
		sharedMachineWarning:
			'记住的密钥会保存在此浏览器中，任何使用这台电脑上此浏览器配置文件的人都能读取它。请勿在共用或公共电脑上记住密钥。',
		useKey: '使用密钥',
		empty: '请先粘贴或输入密钥。',
		unsendable: (position: number, what: string) =>
			`无法使用此密钥：第 ${position} 个字符是${what}。密钥只由英文字母、数字和符号组成，请重新复制或输入。`,
		character: {
			visible: (character: string, code: string) => `“${character}”（${code}）`,
			space: (_character: string, code: string) => `空格（${code}）`,
			fullWidthSpace: (_character: string, code: string) => `全角空格（${code}）`,
			lineBreak: (_character: string, code: string) => `换行符（${code}）`,
			invisible: (_character: string, code: string) => `不可见字符（${code}）`
		}
	},

	failure: {
		title: {
			insufficient_balance: '你在此网关的余额不足',
			payment_authorization_failed: '付款被拒绝',
			usage_limit: '你已达到套餐的用量上限',
			rate_limited: '当前请求过于频繁',
			classifier_unavailable: '安全检查暂时不可用',
			model_unavailable: '该模型暂时不可用',
			model_retired: '该模型已停用',
			context_too_large: '上下文过长：这段对话超出了模型的处理上限',
			long_context_required: '此请求需要启用长上下文选项',
			encrypted_content_unsupported: '该模型无法接收之前回答中的加密推理内容',
			thinking_block_invalid: '之前回答中的思考内容无法回传给模型',
			thinking_mode_unsupported: '该模型不支持所选的思考设置',
			region_unsupported: '该服务在你所在的国家或地区不可用',
			token_exchange_failed: '无法完成登录',
			forbidden: '网关拒绝了此请求',
			not_found: '找不到网关地址或路由',
			request_too_large: '消息过大，无法发送',
			bad_request: '网关认为此请求无效',
			overloaded: '模型当前负载过高',
			upstream_failed: '网关的上游服务商未能响应',
			bad_gateway: '网关响应异常',
			origin_timeout: '网关响应超时',
			server_error: '网关发生内部错误',
			asset_timeout: '应用的部分内容加载失败',
			malformed_response: '网关返回了无法识别的响应',
			response_too_large: '回答过大，已被停止',
			stream_interrupted: '回答被中断了',
			stream_stalled: '回答传输停滞了',
			unknown: '出了点问题'
		},
		authExpired: {
			signIn: '你的登录已过期',
			apiKey: '网关拒绝了你的 API 密钥'
		},
		network: {
			offline: '你已离线',
			timeout: '连接网关超时',
			refused_or_blocked: '无法连接到网关'
		},
		classifierExplanation:
			'负责审查 shell 命令的安全检查暂时不可用，因此 shell 操作暂被阻止。只读操作照常进行，其他模型也不受影响。',
		partialKept: '已收到的内容会保留。',
		resetsIn: (ms) => `约 ${duration(ms)}后重置。`,
		own: {
			fallback: {
				insufficient_balance: '账户余额或额度不足以完成此请求',
				payment_authorization_failed: '付款授权被拒绝',
				usage_limit: '你的套餐已达到用量上限',
				rate_limited: '你当前向网关发送的请求过于频繁',
				classifier_unavailable: '安全检查模型暂时不可用',
				model_unavailable: '网关上的该模型暂时不可用',
				model_retired: '该模型已停用',
				context_too_large: '这段对话超出了模型一次能读取的长度',
				long_context_required: '此请求需要启用长上下文选项',
				encrypted_content_unsupported: '该模型不接受加密内容',
				thinking_block_invalid: '之前的一条消息包含被模型拒绝的思考内容',
				thinking_mode_unsupported: '该模型不支持所选的思考设置',
				auth_expired: '你的登录或 API 密钥已不再被接受',
				region_unsupported: '该服务在你所在的国家或地区不可用',
				token_exchange_failed: '令牌交换失败',
				forbidden: '网关拒绝了此请求',
				not_found: '网关上没有这个地址',
				request_too_large: '请求过大，网关无法接受',
				bad_request: '网关认为此请求无效',
				overloaded: '模型当前负载过高',
				upstream_failed: '网关的上游服务商未能响应',
				bad_gateway: '网关或其前面的代理返回了错误，但没有说明原因',
				origin_timeout: '网关的服务器没有及时响应',
				server_error: '网关发生内部错误',
				asset_timeout: '应用的部分内容加载失败',
				network: '无法连接到网关',
				malformed_response: '网关返回的内容无法读取',
				response_too_large: '回答超出了本应用能接受的大小',
				stream_interrupted: '回答在完成前中断了',
				stream_stalled: '回答不再传来',
				unknown: '出了点问题'
			},
			closed: (sentence, status) =>
				status === '' ? `${sentence}。` : `${sentence}（${status}）。`,
			stopped: '请求已停止。',
			connectTimeout: (seconds) => `连接网关超时：${seconds} 秒内没有响应。`,
			idleTimeout: (seconds) => `回答不再传来：已有 ${seconds} 秒没有收到任何内容。`,
			answerTooLarge: '回答超出了本应用能接受的大小，因此已停止。',
			tookTooLong: '回答耗时过长，已停止。',
			timedOut: '连接网关超时。',
			unreadable: '网关返回的内容无法读取。',
			connectionBroke: '回答完成前连接中断了。',
			unknown: '出了点问题，应用也无法判断原因。',
			offline: '你的设备已离线，因此无法连接到网关。',
			dnsFailed: '找不到网关的地址（DNS 解析失败）。',
			connectionRefused: '网关拒绝了连接。',
			connectionReset: '与网关的连接被重置。',
			certificateRefused: '网关的安全证书未被接受。',
			unreachable:
				'无法连接到网关：可能是网关拒绝了连接、地址无法解析，或浏览器拦截了响应（没有 CORS 头的错误页面就会这样）。',
			assetFailed: '应用的部分内容加载失败，可能是部署了新版本，或网络连接中断了。',
			streamEnded: '回答在网关表示完成之前就中断了。',
			streamEmpty: '网关结束了回答，但什么也没有发送。',
			streamSilent: (seconds) => `回答已有 ${seconds} 秒没有发送任何内容，应用已停止等待。`,
			eventTooLarge: (limit) => `回答中的一个事件超出了本应用能接受的大小（${limit} 个字符）。`,
			responseTooLarge: (limit) => `回答超出了本应用能接受的大小（${limit} 字节）。`,
			pageClosed: '此回答传输期间，页面被关闭或重新加载了。',
			unreadableBody: {
				page: '网关返回的是一个网页，而不是事件流。',
				json: '网关返回的是 JSON，而不是事件流。',
				text: '网关返回的文本不是事件流。',
				not_object: '网关返回的内容不是 JSON 对象。',
				json_shape: '网关返回的 JSON 结构不符合预期。',
				second_answer: '网关在第一个回答结束之前就开始了第二个回答。'
			},
			badEvent: {
				shape: (event) => `回答中的 ${event} 事件结构不符合预期。`,
				not_json: (event) => `回答中的 ${event} 事件不是有效的 JSON。`,
				not_object: (event) => `回答中的 ${event} 事件不是 JSON 对象。`
			},
			redirected: {
				https: (status) =>
					`网关重定向到同一地址的 https 版本${status === '' ? '' : `（${status}）`}：网关地址应以 https:// 开头。`,
				elsewhere: (status) =>
					`网关重定向到另一个地址${status === '' ? '' : `（${status}）`}，本应用不会跟随：网关前面的代理可能要求在浏览器中登录，或者网关已迁移。`
			},
			regionLogin: '登录失败：不支持你所在的国家或地区',
			signInAgain: {
				invalid_grant: '你的登录码或会话已失效。请重新登录。',
				refresh_token_expired: '你的会话已过期。请重新登录。',
				refresh_token_reused:
					'你的会话已结束，因为它同时被刷新了两次（例如在另一个标签页中）。请重新登录。',
				refresh_token_invalidated: '你的会话已被撤销。请重新登录。',
				other: '请重新登录。'
			},
			tokenUnreadable: '令牌交换失败：无法读取登录服务器的响应。',
			tokenDenied: (description) =>
				`令牌交换失败：访问被拒绝${description === '' ? '' : `：${description}`}`,
			tokenClientError: (code, description) =>
				`令牌交换失败：登录服务器拒绝了本应用的请求（${code}）${description === '' ? '' : `：${description}`}`,
			tokenStatus: (status, description) =>
				`令牌交换失败：令牌端点返回了状态 ${status}${description === '' ? '' : `：${description}`}`,
			tokenTransport: (url, reason) =>
				`令牌交换失败：${url === '' ? '' : `向 ${url} `}发送请求时出错：${reason}。`,
			transport: {
				offline: '你的设备已离线',
				timeout: '连接超时',
				unreachable: (code) =>
					code === '' ? '无法连接到登录服务器' : `无法连接到登录服务器（${code}）`
			},
			signInProblem: {
				no_sign_in_attempt:
					'登录失败：此标签页中没有正在进行的登录（它已经完成，或是在别处开始的）。',
				state_mismatch: '登录失败：登录服务器的响应不属于此标签页中开始的登录（state 不匹配）。',
				issuer_mismatch: '登录失败：响应来自另一个登录服务器，而不是本应用使用的那个。',
				missing_code: '登录失败：登录服务器没有发送授权码。',
				nonce_mismatch: '登录失败：身份令牌不属于此标签页中开始的登录（nonce 不匹配）。',
				invalid_response: '登录失败：无法读取登录服务器的响应。',
				popup_blocked:
					'在这里登录需要打开一个小窗口，但浏览器拦截了它。请允许此网站弹出窗口，或点击“重试”。'
			},
			frameRenewal:
				'此页面在另一个网站中显示 Switchboard，浏览器不会在这里共享你的登录状态。请点击“重新登录”：会打开一个小窗口，在会话有效期内它会自动关闭。',
			authorizationDenied: (description) =>
				`登录已取消：访问被拒绝${description === '' ? '。' : `：${description}`}`,
			authorizationError: (code, description) =>
				`登录失败：登录服务器返回了 ${code}${description === '' ? '。' : `：${description}`}`
		},
		actions: {
			retry: '重试',
			continue: '继续生成回答',
			switchModel: (model) => `切换到 ${model}`,
			chooseModel: '选择其他模型',
			compactAndRetry: '压缩对话并重试',
			enableLongContext: '启用长上下文选项',
			changeThinking: '更改思考设置',
			disableEncryptedContent: '为此模型关闭加密内容',
			topUp: '充值余额',
			switchGateway: '使用其他网关',
			signIn: '重新登录',
			enterAnotherKey: '输入其他密钥',
			reloadApp: '重新加载应用',
			connectionCheck: '检查连接',
			newConversation: '开始新对话'
		},
		awaiting: {
			choose_model: '请在上方选择一个模型：选好后会用它重新发送这条消息。',
			sign_in: '登录或输入密钥后，这条消息会重新发送。',
			change_thinking: '请在“设置”中更改思考设置：关闭设置后会重新发送这条消息。',
			switch_gateway: '请在“设置”中选择其他网关：关闭设置后会重新发送这条消息。'
		},
		detailsFromGateway: '网关返回的详细信息',
		requestId: '请求 ID',
		copy: '复制',
		copied: '已复制',
		selectedToCopy: '已选中：请按 Ctrl+C 复制。',
		retryPaused: (attempt, seconds) =>
			`第 ${attempt} 次尝试已暂停，方便你阅读（剩余 ${seconds} 秒）。`,
		retryIn: (attempt, seconds) => `${seconds} 秒后进行第 ${attempt} 次尝试…`,
		tryNow: '立即重试',
		cancel: '取消',
		retryNote: {
			manual: {
				classifier_unavailable: '安全检查暂时不可用；等它恢复后再重试。',
				model_unavailable: '该模型可能会恢复；是否重试由你决定。',
				thinking_block_invalid: '重试时会去掉空的思考内容；需要你手动发送。',
				malformed_response: '网关的响应出乎意料；是否重试由你决定。',
				unknown: '无法确定失败原因，因此不会自动重试。'
			},
			notRetryable: '原样再次发送也会以同样的方式失败。',
			attemptsUsed: (attempts) => `已尝试 ${attempts} 次；应用不再自动重试。`,
			answerStarted: '部分回答已经显示；再次发送会替换它，因此需要你来决定。',
			waitTooLong: '网关要求等待的时间超过了应用自动等待的上限。',
			stillTooLarge: '压缩一次后仍然过长。请从摘要开始新对话，或缩短你的消息。'
		}
	},

	importExport: {
		nothingToExport: '这段对话还没有已保存的消息。',
		nothingToExportAll: '还没有可导出的已保存对话。',
		refused: {
			not_json: '此文件不是 JSON，因此不是 Switchboard 导出文件。',
			damaged_json:
				'此文件已损坏或不完整：开头像导出文件，但无法完整读取。请重新导出对话，或使用该文件的完整副本。',
			markdown:
				'这是一个 Markdown 文件，仅供阅读：要导入对话，请使用 JSON 导出文件（“导出为 JSON”或“全部导出”）。',
			not_export: '此 JSON 文件不是 Switchboard 导出文件。',
			no_conversations: '此导出文件中没有对话。'
		},
		importing: '正在导入对话',
		dismissSummary: '关闭导入摘要',
		readingFile: '正在读取文件…',
		messagesProgress: (done, total, _count) => `消息 ${done} / ${total}`,
		conversationsProgress: (done, total, _count) => `对话 ${done} / ${total}`,
		imported: (formatted, _count) => `已导入 ${formatted} 个对话。`,
		nothingNew: '此文件中的对话都已在库中。',
		messages: '消息',
		skipped: '因损坏而跳过',
		damagedMessages: (title, position, formatted, _count) =>
			`${damagedName(title, position)}：跳过了 ${formatted} 条消息`,
		damagedWhole: (title, position) => `${damagedName(title, position)}：无法读取，整个对话已跳过`,
		damagedMore: (formatted, _count) => `另有 ${formatted} 个`,
		alreadyHere: '已在库中，未重复导入',
		time: '用时',
		seconds: (seconds) => `${seconds} 秒`,
		markdown: {
			untitled: '对话',
			model: (model) => `模型：${model}`,
			you: '你',
			assistant: '助手',
			reasoning: '推理过程',
			attached: (name, mimeType) => `附件：${name}（${mimeType}），见 JSON 导出文件`,
			tool: (what, status, input) =>
				`工具：${what}（${status}）${input === '' ? '' : `：${input}`}`,
			sources: '来源：',
			image: (position) => `图片 ${position}，见 JSON 导出文件`,
			status: {
				incomplete: '未完成：网关提前结束了回答',
				interrupted: '已中断：回答没有完成',
				cancelled: '已停止',
				failed: '失败'
			},
			notices: {
				compacted: '此处较早的消息已被总结，以适应模型的上下文窗口；此后只发送总结。',
				carried_over: '这段对话承接自较早一段对话的总结。',
				dropped: '此处较早的消息已被省略，以适应模型的上下文窗口。'
			}
		}
	},

	signIn: {
		sessionEnded: '你的会话已结束',
		keptWhileSigningIn: '重新登录期间，你的对话和草稿都会保留。',
		signInAgain: '重新登录',
		tryAgain: '重试',
		dismiss: '关闭'
	},

	settings: {
		title: '设置',
		done: '完成',
		gateway: {
			legend: '网关与登录',
			use: '使用',
			demoName: '演示网关',
			option: (name, route) => `${name}（${route}）`,
			routeNames: {
				responses: 'OpenAI Responses 接口',
				backend: 'Codex 后端（ChatGPT 账号）',
				messages: 'Anthropic Messages 接口'
			},
			account: '你的账号（登录）',
			remove: '移除此网关',
			add: '添加网关',
			name: '名称',
			baseUrl: '接口地址（Base URL）',
			route: '路由',
			area: '后端区域（area）',
			signIn: '登录方式',
			apiKey: 'API 密钥',
			none: '无',
			keyHeader: '密钥发送方式',
			keyHeaderXApiKey: 'x-api-key（Anthropic API、多数中转站）',
			keyHeaderBearer: 'Authorization: Bearer（one-api 等）',
			defaultModel: '默认模型',
			submit: '添加',
			badBaseUrl:
				'请输入网关的接口地址，例如 https://gw.example.com（http 或 https，不带查询参数）。'
		},
		model: {
			legend: '模型与推理',
			onRoute: (route) => `以下是 ${route} 路由的选项。`,
			effort: '推理强度',
			efforts: {
				off: '关闭（不发送推理参数）',
				default: '模型默认',
				minimal: '最低',
				low: '低',
				medium: '中',
				high: '高',
				xhigh: '极高'
			},
			summary: '请求推理摘要',
			thinking: '思考',
			thinkingOff: '不请求（使用模型默认设置）',
			adaptiveGroup: '自适应（较新的模型）',
			adaptive: '自适应：由模型决定',
			adaptiveEffort: { low: '自适应，低强度', medium: '自适应，中强度', high: '自适应，高强度' },
			budgetGroup: '设定预算（较早的模型）',
			budget: (tokens) => `预算 ${tokens} Token`,
			encryptedReasoning: '在多轮对话之间保留推理内容（加密传输；推理模型默认开启）',
			longContext: '使用更大的上下文窗口（100 万 Token），前提是套餐包含此功能（可能产生额外费用）'
		},
		chat: {
			legend: '对话',
			instructions: '指令（系统提示词）',
			imageGeneration: { before: '图片生成（', after: ' 工具）' },
			imageFormat: '图片格式'
		},
		language: {
			label: '语言',
			auto: '自动（跟随浏览器语言）'
		}
	},

	picker: {
		dialog: '选择模型',
		search: '搜索模型',
		placeholder: '搜索，或输入任意模型 ID',
		list: '模型列表',
		recent: '最近使用',
		other: '其他',
		useTyped: (id) => `使用“${id}”`,
		notListed: '不在列表中；网关仍可能接受',
		more: (count) => `还有 ${count} 个——输入文字以缩小范围`,
		noModels: '此网关没有列出任何模型：输入模型 ID 即可使用。',
		loadFailed: '无法加载模型列表：输入模型 ID 即可使用。',
		noMatch: '没有匹配的模型。'
	},

	connection: {
		pageTitle: '连接检查',
		title: '连接检查',
		context: (where) => [
			'从本页面 ',
			{ code: where.origin },
			' 访问网关 ',
			{ code: where.baseUrl },
			`（${where.route} 路由）。`
		],
		intro: '检查此浏览器能否使用该网关：是否可达、CORS、凭据、模型列表，以及一次流式回答。',
		preparing: '正在准备检查…',
		notRunYet: '尚未运行。',
		couldNotRun: (reason) => `无法运行检查：${reason}`,
		noGateway: '没有配置网关。',
		cancel: '取消',
		runAgain: '重新运行',
		backToChat: '返回聊天',
		copyReport: '复制报告',
		reportCopied: '报告已复制',
		noClipboard: '剪贴板不可用：请按 Ctrl+C 复制。',
		report: '连接检查报告',
		howToFix: '解决方法：',
		steps: {
			reachable: '可达性',
			cors: 'CORS 许可',
			auth: '凭据验证',
			models: '模型列表',
			stream: '流式回答'
		},
		states: {
			pending: '等待中',
			running: '检查中…',
			passed: '通过',
			failed: '失败',
			skipped: '已跳过',
			cancelled: '已取消'
		},
		explain: {
			seconds: (seconds) => `${seconds} 秒`,
			address: {
				settings: (baseUrl) => `“设置”中网关的接口地址（当前为 ${baseUrl}）`,
				direct: (baseUrl) => `Switchboard 服务器上的 GATEWAY_URL（当前为 ${baseUrl}）`,
				relay: (baseUrl) =>
					`Switchboard 服务器上的 GATEWAY_URL（位于 ${baseUrl} 的中转会转发到该地址）`,
				demo: (baseUrl) => `Switchboard 服务器（它在 ${baseUrl} 提供内置的演示网关）`
			},
			reachable: {
				answered: (host) => `位于 ${host} 的网关有响应。`,
				demo: '此服务器有响应：它运行着内置的演示网关。',
				relay: (upstream) =>
					`此服务器有响应：它会把请求中转到配置的网关${upstream === '' ? '' : ` ${upstream}`}（GATEWAY_MODE=relay）。`,
				sameOrigin: '网关与此服务器同源，并且有响应。',
				offline: '此设备已离线。',
				offlineFix: '连接网络后，再运行一次检查。',
				mixedContent: (baseUrl) =>
					`此页面通过 https 提供，浏览器会拦截它对 http:// 网关地址 ${baseUrl} 的请求。`,
				mixedContentServerFix:
					'为网关使用 https:// 地址（GATEWAY_URL），或在 Switchboard 服务器上设置 GATEWAY_MODE=relay。',
				mixedContentSettingsFix: '在“设置”中使用网关的 https:// 地址。',
				blocked: (host) => `本应用的内容安全策略（Content-Security-Policy）不允许连接 ${host}。`,
				blockedServerFix:
					'重新加载此页面；如果仍被拦截，请告知 Switchboard 的运维人员（其策略应允许 GATEWAY_URL）。',
				blockedSettingsFix:
					'重新加载此页面：页面加载后才添加的网关，需要重新加载后才被允许。如果仍被拦截，说明此服务器关闭了自定义网关（ALLOW_CUSTOM_GATEWAYS）。',
				timedOut: (host, wait) => `${host} 在 ${wait}内没有响应。`,
				timedOutFix: '请检查网关是否正在运行，以及这台电脑能否访问它（VPN、防火墙、代理设置）。',
				unreachable: (host) =>
					`浏览器无法连接到 ${host}：那里没有响应、域名无法解析，或无法建立安全连接。`,
				unreachableTold: (detail, host) => `${detail.trim().replace(/[.。]$/, '')}（${host}）。`,
				unreachableFix: (address) =>
					`请检查${address}、网关是否正在运行，以及这台电脑能否访问它（VPN、防火墙、代理设置）。`
			},
			cors: {
				sameOrigin: '无需检查：网关与此服务器同源。',
				allowed: (origin) => `网关允许此来源（${origin}）。`,
				allowedHeaders: (origin, headers) =>
					`网关允许此来源（${origin}）以及聊天请求发送的请求头（${headers}）。`,
				noCors: (origin) =>
					`网关不允许此来源（${origin}）：它的响应没有针对此来源的 CORS 头，因此浏览器不能读取。`,
				noCorsServerFix: (origin, headers) =>
					`在 Switchboard 服务器上设置 GATEWAY_MODE=relay，或在网关的 CORS 设置中允许 ${origin}${headers === '' ? '' : `（以及 ${headers} 请求头）`}。`,
				noCorsSettingsFix: (origin, headers) =>
					`在网关的 CORS 设置中允许 ${origin}${headers === '' ? '' : `（以及 ${headers} 请求头）`}，或请 Switchboard 的运维人员把此网关设为 GATEWAY_URL 并设置 GATEWAY_MODE=relay。`,
				headersRefused: (origin, headers, _count) =>
					`网关允许此来源（${origin}），但它的预检请求拒绝了聊天请求发送的 ${headers} 请求头。`,
				preflightRefused: (origin, headers) =>
					`网关允许此来源（${origin}）的简单请求，但拒绝了聊天请求所需请求头（${headers}）的预检。`,
				preflightFix: (headers, _count, origin) =>
					`在网关的 CORS 设置中为 ${origin} 允许 ${headers} 请求头（Access-Control-Allow-Headers；其中的 * 不包括 Authorization）。`,
				preflightServerFix: (headers, _count, origin) =>
					`在网关的 CORS 设置中为 ${origin} 允许 ${headers} 请求头（Access-Control-Allow-Headers；其中的 * 不包括 Authorization），或在 Switchboard 服务器上设置 GATEWAY_MODE=relay。`,
				timedOut: (wait) => `CORS 检查在 ${wait}内没有收到响应。`,
				timedOutFix: '再运行一次检查；如果一直超时，请检查网关及其前面的代理。'
			},
			auth: {
				credential: {
					none: '不带凭据的请求',
					oauth: '你的登录',
					apiKey: '该 API 密钥'
				},
				accepted: (credential) => `网关接受了${credential}。`,
				acceptedWithout: '网关在没有凭据的情况下做出了响应。',
				notRefused: (credential, status) =>
					`网关没有拒绝${credential}（它返回了 HTTP ${status}；下一步会说明更多）。`,
				refused: (credential, detail) => `网关拒绝了${credential}：${detail}`,
				signInFix: '请在聊天页面登录（你的草稿会保留）。',
				addKeyFix: '此网关需要密钥：请在聊天页面顶部的密钥菜单中添加。',
				signInAgainFix: '请在聊天页面重新登录（你的草稿会保留）。',
				checkKeyFix:
					'请检查聊天页面顶部密钥菜单中的 API 密钥：它可能输错了、已被吊销，或属于另一个网关。',
				forbiddenFix:
					'请联系网关的运维人员，允许此密钥或账户从这里访问（附上请求 ID），或使用其他网关。',
				requestFailed: (detail) => `获取模型列表的请求失败：${detail}`,
				requestFailedFix: '再运行一次检查；如果仍然失败，请检查网关及其前面的代理。',
				timedOut: (url, wait) => `网关在 ${wait}内没有响应 ${url}。`,
				timedOutFix: '再运行一次检查；如果一直超时，请联系网关的运维人员。'
			},
			models: {
				listed: (count, shown, more) =>
					`网关列出了 ${count} 个模型：${shown}${more ? '，…' : ''}。`,
				answered: (url, detail) => `${url} 返回：${detail}`,
				relayUnreachableFix:
					'此服务器上的中转无法使用该网关：请检查 GATEWAY_URL，以及 Switchboard 服务器本身能否访问网关（防火墙、DNS、出站代理）。',
				relayOffFix: '中转已关闭：请在 Switchboard 服务器上设置 GATEWAY_MODE=relay 并重启。',
				relayRefusedFix:
					'此服务器上的中转拒绝了请求，原因见上面的消息。请告知 Switchboard 的运维人员。',
				baseUrlFix: (address) =>
					`请检查${address}：它应是 /v1/models 和聊天路由所在的地址，不带 /v1。`,
				html: (url, title) =>
					`${url} 返回的是一个 HTML 页面${title === '' ? '' : `（“${title}”）`}，而不是模型列表。`,
				htmlFix: (baseUrlFix) =>
					`返回 HTML 页面通常意味着接口地址有误，或者网关前面有代理或登录页面。${baseUrlFix}`,
				notJson: (url) => `${url} 返回的不是 JSON。`,
				wrongShape: (url, keys) =>
					`${url} 返回的 JSON 不是模型列表（应为 {"data": [{"id": …}]}${keys === '' ? '' : `；它包含 ${keys}`}）。`,
				wrongShapeFix: (baseUrlFix) => `${baseUrlFix}网关必须支持 OpenAI 或 Anthropic 的接口。`,
				empty: '对于这些凭据，网关没有列出任何模型。',
				emptyFix: '请联系网关的运维人员，为你的密钥或账户开通模型。',
				timedOut: (wait) => `模型列表在 ${wait}内没有返回。`,
				timedOutFix: '再运行一次检查；如果一直超时，请联系网关的运维人员。'
			},
			stream: {
				completed: (model) => `${model} 完整地流式返回了一个回答。`,
				incomplete: (model) =>
					`${model} 流式返回的回答停在了检查设定的少量 Token 上限处；这是正常的。`,
				failed: (model, detail) => `向 ${model} 发出的流式请求失败：${detail}`,
				networkFix: (url, relay) =>
					`请检查网关是否在 ${url} 处理聊天请求，并且这些响应也带有 CORS 头${relay ? '（或在 Switchboard 服务器上设置 GATEWAY_MODE=relay）' : ''}。`,
				stalled: (detail) => `流式回答不再传来：${detail}浏览器和网关之间有东西拦住了流式回答。`,
				ended: '数据流在最后一个事件之前就结束了：连接会中断流式回答。',
				bufferingFix:
					'请为网关的路径关闭代理缓冲（nginx：proxy_buffering off），并为流式回答设置较长的读取超时。',
				requestInvalid: (detail) => `无法构建请求：${detail}`,
				requestInvalidFix: '请重新粘贴 API 密钥，前后不要带空格或换行。',
				noModel: '没有可以尝试的模型。',
				noModelFix: '请在聊天页面选择一个模型，然后再运行一次检查。',
				timedOut: (wait) => `在 ${wait}内没有收到完整的回答。`,
				timedOutFix: (bufferingFix) =>
					`请重试，或在聊天页面选择一个更快的模型。如果流式回答始终无法到达：${bufferingFix}`
			},
			fix: {
				retry: '请稍后重试；如果一直失败，请告知网关的运维人员（附上请求 ID）。',
				continue: '请在聊天页面让模型继续它的回答。',
				switchModel: (model) => `请改用 ${model}（在聊天页面选择）。`,
				chooseModel: '请在聊天页面选择其他模型。',
				newConversation: '请在聊天页面开始新对话。',
				enableLongContext: '请在“设置”中为此模型开启长上下文选项。',
				changeThinking: '请在“设置”中更改此模型的思考设置。',
				disableEncryptedContent: '请在“设置”中为此模型关闭加密推理。',
				topUp: (url) => `请在网关充值余额（${url}）。`,
				switchGateway: '请使用其他网关（“设置”中的网关）。',
				enterAnotherKey: '请在聊天页面为此网关输入其他 API 密钥。',
				signInAgain: '请在聊天页面重新登录。',
				reloadApp: '请重新加载此页面。',
				checkSettings: '请在“设置”中检查网关的接口地址和路由。'
			},
			skipped: (step) => `未检查：“${step}”先失败了。`,
			summary: {
				checking: (step) => `正在检查：${step}…`,
				failedAt: (step, problem) => `在“${step}”失败。${problem}`,
				cancelled: '检查已取消。',
				allPassed: '所有步骤均已通过。',
				notRunYet: '尚未运行。'
			},
			report: {
				title: (time) => `Switchboard 连接检查，${time}`,
				origin: (origin) => `页面来源：${origin}`,
				gateway: (baseUrl, route, path) => `网关：${baseUrl}（${route} 路由；${path}）`,
				pathDirect: '浏览器直接访问',
				pathRelay: (upstream) =>
					upstream === ''
						? '通过此服务器上的中转（GATEWAY_MODE=relay）'
						: `通过此服务器上的中转访问 ${upstream}（GATEWAY_MODE=relay）`,
				pathDemo: '此服务器上的内置演示网关',
				credentials: (what) => `凭据：${what}`,
				credentialsNone: '未发送',
				credentialsOauth: '登录访问令牌（已发送，不显示）',
				credentialsApiKey: 'API 密钥（已发送，不显示）',
				browser: (client) => `浏览器：${client}`,
				step: (number, label, result) => `${number}. ${label}：${result}`,
				problem: (text) => `问题：${text}`,
				fix: (text) => `解决方法：${text}`,
				requestId: (id) => `请求 ID：${id}`,
				notStarted: (summary) => `Switchboard 连接检查：${summary}`
			}
		},
		modelListMissing: '模型列表未能加载；你仍然可以手动输入模型 ID 并发送。',
		trying: '正在重试…',
		tryAgain: '重试',
		open: '打开连接检查'
	},
	welcome: {
		title: '欢迎使用 Switchboard',
		tagline: '与网关背后的模型对话。回答边生成边显示；出错时，你会看到原因和下一步该怎么做。',
		gateway: '网关',
		model: '模型',
		demoGateway: '内置演示网关',
		noModel: '尚未选择',
		examples: '试试这些示例',
		example: {
			explain: '用一个简短的代码示例，解释服务器发送事件（SSE）是如何工作的',
			compare: '用表格比较快速排序、归并排序和堆排序',
			commit: '为一个修复日期解析器忽略时区问题的改动写一条提交信息',
			plan: '制定一个周末学习 Svelte 5 的计划，精确到每小时'
		},
		failureGallery: '看看出错时是什么样子',
		failureGalleryHint:
			'演示网关可以按需出错。选一种错误发送出去，看看 Switchboard 显示的卡片和解决办法。',
		failureGalleryUnavailable: '无法加载错误示例列表。请检查网络连接。'
	}
};
