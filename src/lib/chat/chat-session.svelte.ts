/**
 * One conversation and its one request in flight: send, stop, retry (automatic within the failure
 * module's retry policy, with a visible countdown, or on request). Messages are `$state` so the page
 * follows the stream; what happens on the wire for one turn lives in `streamTurn`.
 */
import { assertNever, retryDecision, type Failure } from '../failure/index.ts';
import { buildRequest, type ChatTurn } from '../wire/build-request.ts';
import type { RouteKind, TurnEvent, TurnImage, TurnStatus, TurnUsage } from '../wire/index.ts';
import { streamTurn } from './stream-turn.ts';

export interface GatewayTarget {
	baseUrl: string;
	route: RouteKind;
	area: string;
	classifierModels: string[];
}

export interface ChatMessage {
	id: string;
	role: 'user' | 'assistant';
	text: string;
	reasoning: string;
	/** Assistant turns only: `streaming` until the turn ends. */
	status: TurnStatus | 'streaming';
	/** Final images from `image_generation`, in order. */
	images: TurnImage[];
	/** The latest preview of an image still being generated. */
	partialImage?: TurnImage;
	/** The gateway refused; `text` holds its refusal. */
	refused?: boolean;
	/** Why an `incomplete` turn stopped (`max_output_tokens`, …). */
	incompleteReason?: string;
	usage?: TurnUsage;
	failure?: Failure;
	/** Why the app does not retry this failure by itself, when it offers a retry anyway. */
	retryNote?: string;
}

/** An automatic retry the app has scheduled; the page shows its countdown. */
export interface PendingRetry {
	messageId: string;
	/** Epoch ms when the retry is sent. */
	at: number;
	/** The attempt this retry will be (2 for the first retry). */
	attempt: number;
}

const INSTRUCTIONS = 'You are a helpful assistant.';

export class ChatSession {
	#messages = $state<ChatMessage[]>([]);
	#busy = $state(false);
	#pendingRetry = $state<PendingRetry | null>(null);
	#controller: AbortController | null = null;
	#retryTimer: ReturnType<typeof setTimeout> | undefined;
	/** Attempts made for each assistant turn, for the retry policy's bound. */
	#attempts: Record<string, number> = {};

	constructor(
		private readonly gateway: () => GatewayTarget,
		private readonly model: () => string
	) {}

	get messages(): readonly ChatMessage[] {
		return this.#messages;
	}

	get busy(): boolean {
		return this.#busy;
	}

	get pendingRetry(): PendingRetry | null {
		return this.#pendingRetry;
	}

	/** Changes whenever visible content changes: a message added, text arriving, a turn ending. */
	get activity(): string {
		const last = this.#messages.at(-1);
		return `${this.#messages.length}:${last?.text.length ?? 0}:${last?.reasoning.length ?? 0}:${last?.status ?? ''}`;
	}

	async send(prompt: string): Promise<void> {
		const text = prompt.trim();
		if (text === '' || this.#busy) return;
		this.cancelRetry();
		this.#messages.push({
			id: crypto.randomUUID(),
			role: 'user',
			text,
			reasoning: '',
			status: 'completed',
			images: []
		});
		const id = crypto.randomUUID();
		this.#messages.push({
			id,
			role: 'assistant',
			text: '',
			reasoning: '',
			status: 'streaming',
			images: []
		});
		this.#attempts[id] = 0;
		await this.#run(id);
	}

	/**
	 * Sends the turn that produced assistant message `messageId` again (the last one by default),
	 * replacing what it showed. Only the last assistant turn can be retried.
	 */
	async retry(messageId?: string): Promise<void> {
		const last = this.#messages.at(-1);
		if (this.#busy || last === undefined || last.role !== 'assistant') return;
		if (messageId !== undefined && messageId !== last.id) return;
		this.cancelRetry();
		await this.#run(last.id);
	}

	/** Drops a scheduled automatic retry; the failure stays on screen with its retry button. */
	cancelRetry(): void {
		clearTimeout(this.#retryTimer);
		this.#retryTimer = undefined;
		this.#pendingRetry = null;
	}

	/** Stops the answer in flight (the turn ends `cancelled`, what arrived is kept) or a countdown. */
	stop(): void {
		this.cancelRetry();
		this.#controller?.abort();
	}

	/** Starts a new, empty conversation. */
	clear(): void {
		this.stop();
		this.#messages = [];
		this.#attempts = {};
	}

	/** Ends everything in flight; call when the page goes away. */
	dispose(): void {
		this.stop();
	}

	#history(untilIndex: number): ChatTurn[] {
		return this.#messages
			.slice(0, untilIndex)
			.filter((message) => message.role === 'user' || message.text !== '')
			.map((message) => ({ role: message.role, text: message.text }));
	}

	async #run(answerId: string): Promise<void> {
		const index = this.#messages.findIndex((message) => message.id === answerId);
		// The proxied element, so that writes below reach the page.
		const answer = this.#messages[index];
		if (answer === undefined) return;
		answer.text = '';
		answer.reasoning = '';
		answer.status = 'streaming';
		answer.images = [];
		delete answer.partialImage;
		delete answer.refused;
		delete answer.incompleteReason;
		delete answer.usage;
		delete answer.failure;
		delete answer.retryNote;
		const attempt = (this.#attempts[answerId] ?? 0) + 1;
		this.#attempts[answerId] = attempt;

		const gateway = this.gateway();
		const model = this.model();
		this.#busy = true;
		this.#controller = new AbortController();
		try {
			const request = buildRequest({
				route: gateway.route,
				baseUrl: gateway.baseUrl,
				area: gateway.area,
				model,
				instructions: INSTRUCTIONS,
				turns: this.#history(index)
			});
			const turn = await streamTurn(request, {
				route: gateway.route,
				model,
				classifierModels: gateway.classifierModels,
				signal: this.#controller.signal,
				onEvent: (event) => applyEvent(answer, event)
			});
			answer.status = turn.status;
			if (turn.failure !== undefined) answer.failure = turn.failure;
		} finally {
			this.#busy = false;
			this.#controller = null;
		}
		if (answer.failure !== undefined) this.#afterFailure(answer, answer.failure, attempt);
		else this.#attempts[answerId] = 0;
	}

	#afterFailure(answer: ChatMessage, failure: Failure, attempt: number): void {
		const decision = retryDecision(failure, attempt, { answerStarted: answer.text !== '' });
		if (!decision.retry) return;
		if (!decision.automatic) {
			answer.retryNote = decision.reason;
			return;
		}
		const at = Date.now() + decision.delayMs;
		this.#pendingRetry = { messageId: answer.id, at, attempt: attempt + 1 };
		this.#retryTimer = setTimeout(() => {
			this.#pendingRetry = null;
			void this.retry(answer.id);
		}, decision.delayMs);
	}
}

/** Folds one streamed event into the answer on screen. */
function applyEvent(answer: ChatMessage, event: TurnEvent): void {
	switch (event.type) {
		case 'text':
			answer.text += event.delta;
			return;
		case 'refusal':
			answer.refused = true;
			answer.text += event.delta;
			return;
		case 'reasoning':
			answer.reasoning += event.delta;
			return;
		case 'image_partial':
			answer.partialImage = event.image;
			return;
		case 'image':
			answer.images.push(event.image);
			delete answer.partialImage;
			return;
		case 'usage':
			answer.usage = { ...answer.usage, ...event.usage };
			return;
		case 'end':
			if (event.status === 'incomplete') answer.incompleteReason = event.reason;
			return;
		case 'tool_call':
		case 'reasoning_part':
			// Kept by later work (tools, multi-turn reasoning); nothing to show yet.
			return;
		default:
			assertNever(event, 'turn event');
	}
}
