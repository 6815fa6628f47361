/**
 * Versions of a conversation: a regenerated answer or an edited earlier prompt starts a new
 * branch, and every branch is kept and can be shown again (`‹ 2/3 ›`).
 *
 * The model, like a version-control history rather than a tree of pointers, so that the linear
 * parts of the app (positions, notices between turns, compaction, the unload journal) stay as
 * they are:
 * - every message belongs to one branch (`MessageRecord.branch`; none means the main branch, `''`);
 * - a branch is forked from another at a position `forkSeq`: its thread is its parent's messages
 *   *before* that position, followed by its own (all made later, so at higher positions);
 * - the conversation shows one branch (`activeBranch`), and sends that thread.
 *
 * A fork always joins the versions already at that place: forking at the first message of a
 * branch forks from that branch's own parent at the same position, so the three answers to one
 * prompt are siblings (`‹ 1/3 ›`, `‹ 2/3 ›`, `‹ 3/3 ›`), not a chain.
 */
import type { BranchRecord, MessageRecord } from './storage/records.ts';

export type { BranchRecord } from './storage/records.ts';

/** The main branch: messages without a `branch` belong to it. */
export const MAIN_BRANCH = '';

export function branchOf(message: Pick<MessageRecord, 'branch'>): string {
	return message.branch ?? MAIN_BRANCH;
}

/** The messages `branch` shows, in order; `messages` must be sorted by position. */
export function threadOf<M extends MessageRecord>(
	messages: readonly M[],
	branches: readonly BranchRecord[],
	branch: string
): M[] {
	// From the branch up to the main one: each level contributes what lies before the next fork.
	const chain: { id: string; before: number }[] = [];
	let current: string | undefined = branch;
	let before = Infinity;
	const seen = new Set<string>();
	while (current !== undefined && !seen.has(current)) {
		seen.add(current);
		chain.push({ id: current, before });
		if (current === MAIN_BRANCH) break;
		const record = branches.find((candidate) => candidate.id === current);
		if (record === undefined) break;
		before = Math.min(before, record.forkSeq);
		current = record.parent;
	}
	const limit = new Map(chain.map((level) => [level.id, level.before]));
	return messages.filter((message) => {
		const bound = limit.get(branchOf(message));
		return bound !== undefined && message.seq < bound;
	});
}

/** Where a new version of `message` branches off: the parent branch and the position. */
export function forkPointOf(
	message: Pick<MessageRecord, 'branch' | 'seq'>,
	messages: readonly MessageRecord[],
	branches: readonly BranchRecord[]
): { parent: string; forkSeq: number } {
	const own = branchOf(message);
	const record = branches.find((candidate) => candidate.id === own);
	if (record !== undefined && firstOf(own, messages)?.seq === message.seq) {
		// The first message of a branch is a version of the place that branch forked at.
		return { parent: record.parent, forkSeq: record.forkSeq };
	}
	return { parent: own, forkSeq: message.seq };
}

/** The versions shown at `message`'s place, and which of them it is; `null` when there is one. */
export function versionsAt(
	message: Pick<MessageRecord, 'branch' | 'seq'>,
	messages: readonly MessageRecord[],
	branches: readonly BranchRecord[]
): { branches: string[]; index: number } | null {
	const { parent, forkSeq } = forkPointOf(message, messages, branches);
	// A branch with no message of its own (a prompt taken back to edit, not sent) is no version.
	const siblings = branches
		.filter(
			(record) =>
				record.parent === parent &&
				record.forkSeq === forkSeq &&
				messages.some((candidate) => branchOf(candidate) === record.id)
		)
		.sort((a, b) => a.createdAt - b.createdAt)
		.map((record) => record.id);
	if (siblings.length === 0) return null;
	// The parent's own continuation is the first version, when it has one.
	const parentContinues = messages.some(
		(candidate) => branchOf(candidate) === parent && candidate.seq >= forkSeq
	);
	const all = parentContinues ? [parent, ...siblings] : siblings;
	const index = all.indexOf(branchOf(message));
	return all.length < 2 ? null : { branches: all, index: index === -1 ? 0 : index };
}

/**
 * The branch to show when version `branch` is chosen at the place `forkSeq`: of it and the branches
 * made within it after that place (a regenerated answer further down), the one shown last
 * (`shownOrder`, the latest last), so that going back to an earlier prompt's version shows that
 * version as it was last seen; when none of them was, the one made last.
 */
export function latestWithin(
	branch: string,
	forkSeq: number,
	branches: readonly BranchRecord[],
	shownOrder: readonly string[] = []
): string {
	for (let index = shownOrder.length - 1; index >= 0; index -= 1) {
		const id = shownOrder[index];
		if (id === branch) return branch;
		const record = branches.find((candidate) => candidate.id === id);
		if (record !== undefined && descendsAfter(record, branch, forkSeq, branches)) return record.id;
	}
	let latest = branch;
	let latestAt = branches.find((record) => record.id === branch)?.createdAt ?? 0;
	for (const candidate of branches) {
		if (candidate.createdAt <= latestAt || !descendsAfter(candidate, branch, forkSeq, branches))
			continue;
		latest = candidate.id;
		latestAt = candidate.createdAt;
	}
	return latest;
}

/** Whether `candidate` forks off `ancestor` (at any depth), every fork on the way after `forkSeq`. */
function descendsAfter(
	candidate: BranchRecord,
	ancestor: string,
	forkSeq: number,
	branches: readonly BranchRecord[]
): boolean {
	let current: BranchRecord | undefined = candidate;
	for (let depth = 0; current !== undefined && depth <= branches.length; depth += 1) {
		if (current.forkSeq <= forkSeq) return false;
		if (current.parent === ancestor) return true;
		const parent: string = current.parent;
		current = branches.find((record) => record.id === parent);
	}
	return false;
}

/** The first message of `branch` (by position), if it has any. */
function firstOf(branch: string, messages: readonly MessageRecord[]): MessageRecord | undefined {
	let first: MessageRecord | undefined;
	for (const message of messages) {
		if (branchOf(message) === branch && (first === undefined || message.seq < first.seq))
			first = message;
	}
	return first;
}
