/**
 * What a conversation looks like at rest, and the validators that read it back. Everything read
 * from storage or an import file is untrusted: a record that does not validate is skipped and
 * reported, never allowed to crash the app.
 */
import type { Failure } from '../../failure/index.ts';
import { readOwnSentence } from '../../failure/own-sentence.ts';
import { isFailureKind } from '../../failure/types.ts';
import type { Citation, ReasoningPart, ToolActivity } from '../../wire/index.ts';

export type MessageStatus =
	'completed' | 'incomplete' | 'failed' | 'interrupted' | 'cancelled' | 'streaming';

export interface StoredImage {
	mimeType: 'image/png' | 'image/webp' | 'image/jpeg';
	base64: string;
}

/**
 * A file attached to a prompt. The bytes are a Blob in the `attachments` object store (by `id`),
 * never in the message record, so messages stay small and JSON-safe (journal, other tabs).
 */
export interface AttachmentRef {
	id: string;
	kind: 'image' | 'pdf';
	mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'application/pdf';
	name: string;
	/** Bytes. */
	size: number;
}

export interface MessageRecord {
	id: string;
	conversationId: string;
	/** Position in the conversation; a notice inserted between two turns takes a fraction. */
	seq: number;
	role: 'user' | 'assistant';
	text: string;
	reasoning: string;
	status: MessageStatus;
	images: StoredImage[];
	createdAt: number;
	model?: string;
	refused?: boolean;
	incompleteReason?: string;
	usage?: { inputTokens?: number; outputTokens?: number };
	failure?: Failure;
	/** Reasoning items and thinking blocks, sent back verbatim with the next request. */
	reasoningParts?: ReasoningPart[];
	/** The answer's tool items, in the order they started (latest state of each). */
	tools?: ToolActivity[];
	/** The sources the answer cites, each URL once. */
	citations?: Citation[];
	/** A prompt's attached files (their bytes are in the attachments store). */
	attachments?: AttachmentRef[];
	/** A notice in the conversation (e.g. a compaction), not a turn sent to the model. */
	notice?: string;
	/**
	 * On a compaction notice: the seq of the first message kept verbatim. Messages before it are
	 * not sent any more; `text` (the summary, possibly empty) stands in for them.
	 */
	summaryOf?: number;
	/** This turn was compacted once already after `context_too_large` (never twice). */
	compacted?: boolean;
	/** The branch this message belongs to (src/lib/chat/branches.ts); none: the main branch. */
	branch?: string;
}

/** A branch of a conversation: a regenerated answer or an edited prompt (branches.ts). */
export interface BranchRecord {
	id: string;
	/** The branch it was forked from (`''`: the main branch). */
	parent: string;
	/** It shows its parent's messages before this position, then its own. */
	forkSeq: number;
	createdAt: number;
}

export interface ConversationRecord {
	id: string;
	title: string;
	createdAt: number;
	updatedAt: number;
	model: string;
	profileId: string;
	draft: string;
	/** The web search switch: declare the route's web search tool with each prompt. */
	webSearch?: boolean;
	/** Every branch but the main one (src/lib/chat/branches.ts). */
	branches?: BranchRecord[];
	/** The branch shown and continued; none: the main branch. */
	activeBranch?: string;
	/**
	 * Branches (`''`: the main one) in the order they were last shown, the latest last: going back
	 * to a version shows it as it was last seen (src/lib/chat/branches.ts `latestWithin`).
	 */
	shownOrder?: string[];
}

export interface Conversation extends ConversationRecord {
	messages: MessageRecord[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number =>
	typeof value === 'number' && Number.isFinite(value) && value >= 0;

const STATUSES: readonly MessageStatus[] = [
	'completed',
	'incomplete',
	'failed',
	'interrupted',
	'cancelled',
	'streaming'
];
const IMAGE_TYPES = ['image/png', 'image/webp', 'image/jpeg'] as const;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function readImage(value: unknown): StoredImage | null {
	if (!isObject(value) || !isString(value['base64']) || !BASE64.test(value['base64'])) return null;
	const mimeType = IMAGE_TYPES.find((type) => type === value['mimeType']);
	return mimeType === undefined ? null : { mimeType, base64: value['base64'] };
}

function readFailure(value: unknown): Failure | undefined {
	if (!isObject(value) || !isFailureKind(value['kind']) || !isString(value['message']))
		return undefined;
	const failure: Failure = { kind: value['kind'], message: value['message'] };
	if (typeof value['status'] === 'number') failure.status = value['status'];
	for (const key of ['code', 'requestId', 'successorModel', 'raw'] as const) {
		const field = value[key];
		if (isString(field)) failure[key] = field;
	}
	if (typeof value['retryAfterMs'] === 'number') failure.retryAfterMs = value['retryAfterMs'];
	const said = readOwnSentence(value['said']);
	if (said !== undefined) failure.said = said;
	return failure;
}

function readUsage(value: unknown): MessageRecord['usage'] {
	if (!isObject(value)) return undefined;
	const usage: NonNullable<MessageRecord['usage']> = {};
	if (typeof value['inputTokens'] === 'number') usage.inputTokens = value['inputTokens'];
	if (typeof value['outputTokens'] === 'number') usage.outputTokens = value['outputTokens'];
	return usage;
}

function readReasoningPart(value: unknown): ReasoningPart | null {
	if (!isObject(value)) return null;
	if (value['type'] === 'thinking' && isString(value['thinking']) && isString(value['signature'])) {
		return { type: 'thinking', thinking: value['thinking'], signature: value['signature'] };
	}
	if (value['type'] === 'redacted_thinking' && isString(value['data'])) {
		return { type: 'redacted_thinking', data: value['data'] };
	}
	const summary = value['summary'];
	if (value['type'] === 'summary' && Array.isArray(summary) && summary.every(isString)) {
		const encrypted = value['encryptedContent'];
		return isString(encrypted)
			? { type: 'summary', summary, encryptedContent: encrypted }
			: { type: 'summary', summary };
	}
	return null;
}

function readReasoningParts(value: unknown): ReasoningPart[] | undefined {
	if (!Array.isArray(value)) return undefined;
	return value.map(readReasoningPart).filter((part): part is ReasoningPart => part !== null);
}

const ATTACHMENT_TYPES: readonly AttachmentRef['mimeType'][] = [
	'image/png',
	'image/jpeg',
	'image/webp',
	'image/gif',
	'application/pdf'
];

export function readAttachmentRef(value: unknown): AttachmentRef | null {
	if (!isObject(value) || !isString(value['id']) || value['id'] === '') return null;
	const mimeType = ATTACHMENT_TYPES.find((type) => type === value['mimeType']);
	const size = value['size'];
	if (mimeType === undefined || typeof size !== 'number' || !(size >= 0)) return null;
	return {
		id: value['id'],
		kind: mimeType === 'application/pdf' ? 'pdf' : 'image',
		mimeType,
		name: isString(value['name']) ? value['name'] : 'attachment',
		size
	};
}

function readTool(value: unknown): ToolActivity | null {
	if (!isObject(value) || !isString(value['itemType']) || typeof value['key'] !== 'number') {
		return null;
	}
	const text = (field: string): string => (isString(value[field]) ? value[field] : '');
	const tool: ToolActivity = {
		key: value['key'],
		itemType: value['itemType'],
		callId: text('callId'),
		name: text('name'),
		input: text('input'),
		status: text('status'),
		server: value['server'] === true,
		textOffset:
			typeof value['textOffset'] === 'number' && value['textOffset'] >= 0 ? value['textOffset'] : 0
	};
	if (isString(value['output'])) tool.output = value['output'];
	return tool;
}

function readCitation(value: unknown): Citation | null {
	if (!isObject(value) || !isString(value['url'])) return null;
	const citation: Citation = {
		url: value['url'],
		title: isString(value['title']) ? value['title'] : ''
	};
	if (isString(value['citedText'])) citation.citedText = value['citedText'];
	return citation;
}

function readList<T>(value: unknown, read: (entry: unknown) => T | null): T[] | undefined {
	if (!Array.isArray(value)) return undefined;
	return value.map(read).filter((entry): entry is T => entry !== null);
}

/** A message record read back from storage or an import; `null` when it is not one. */
export function readMessageRecord(value: unknown): MessageRecord | null {
	if (!isObject(value)) return null;
	const { id, conversationId, seq, role, text, reasoning, status, images, createdAt } = value;
	if (!isString(id) || id === '' || !isString(conversationId) || !isString(text)) return null;
	if (typeof seq !== 'number' || !Number.isFinite(seq)) return null;
	if (role !== 'user' && role !== 'assistant') return null;
	const knownStatus = STATUSES.find((candidate) => candidate === status);
	if (knownStatus === undefined || !isTime(createdAt)) return null;
	if (images !== undefined && !Array.isArray(images)) return null;
	const record: MessageRecord = {
		id,
		conversationId,
		seq,
		role,
		text,
		reasoning: isString(reasoning) ? reasoning : '',
		status: knownStatus,
		images: (images ?? []).map(readImage).filter((image): image is StoredImage => image !== null),
		createdAt
	};
	if (isString(value['model'])) record.model = value['model'];
	if (value['refused'] === true) record.refused = true;
	if (isString(value['incompleteReason'])) record.incompleteReason = value['incompleteReason'];
	const usage = readUsage(value['usage']);
	if (usage !== undefined) record.usage = usage;
	const failure = readFailure(value['failure']);
	if (failure !== undefined) record.failure = failure;
	const parts = readReasoningParts(value['reasoningParts']);
	if (parts !== undefined) record.reasoningParts = parts;
	const tools = readList(value['tools'], readTool);
	if (tools !== undefined && tools.length > 0) record.tools = tools;
	const citations = readList(value['citations'], readCitation);
	if (citations !== undefined && citations.length > 0) record.citations = citations;
	const attachments = readList(value['attachments'], readAttachmentRef);
	if (attachments !== undefined && attachments.length > 0) record.attachments = attachments;
	if (isString(value['notice'])) record.notice = value['notice'];
	if (typeof value['summaryOf'] === 'number') record.summaryOf = value['summaryOf'];
	if (value['compacted'] === true) record.compacted = true;
	if (isString(value['branch']) && value['branch'] !== '') record.branch = value['branch'];
	return record;
}

/** A list of branches read back (damaged entries left out). */
export function readBranches(value: unknown): BranchRecord[] {
	return readList(value, readBranch) ?? [];
}

function readBranch(value: unknown): BranchRecord | null {
	if (!isObject(value) || !isString(value['id']) || value['id'] === '') return null;
	if (!isString(value['parent']) || value['parent'] === value['id']) return null;
	const { forkSeq, createdAt } = value;
	if (typeof forkSeq !== 'number' || !Number.isFinite(forkSeq) || !isTime(createdAt)) return null;
	return { id: value['id'], parent: value['parent'], forkSeq, createdAt };
}

/** A conversation record (without messages) read back; `null` when it is not one. */
export function readConversationRecord(value: unknown): ConversationRecord | null {
	if (!isObject(value)) return null;
	const { id, title, createdAt, updatedAt, model, profileId, draft } = value;
	if (!isString(id) || id === '' || !isString(title) || !isTime(createdAt) || !isTime(updatedAt)) {
		return null;
	}
	return {
		id,
		title,
		createdAt,
		updatedAt,
		model: isString(model) ? model : '',
		profileId: isString(profileId) ? profileId : 'default',
		draft: isString(draft) ? draft : '',
		...(value['webSearch'] === true ? { webSearch: true } : {}),
		...branchFields(value)
	};
}

/** The branches and the branch shown, when there are any (an unknown active branch is dropped). */
function branchFields(
	value: Json
): Pick<ConversationRecord, 'branches' | 'activeBranch' | 'shownOrder'> {
	const branches = readBranches(value['branches']);
	if (branches.length === 0) return {};
	const active = value['activeBranch'];
	const known = isString(active) && branches.some((branch) => branch.id === active);
	const order = value['shownOrder'];
	// Known branches only, each once; '' is the main branch.
	const shownOrder = Array.isArray(order)
		? [...new Set(order)].filter(
				(id): id is string =>
					id === '' || (isString(id) && branches.some((branch) => branch.id === id))
			)
		: [];
	return {
		branches,
		...(known ? { activeBranch: active } : {}),
		...(shownOrder.length === 0 ? {} : { shownOrder })
	};
}
