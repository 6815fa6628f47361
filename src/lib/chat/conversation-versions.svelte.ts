/**
 * A conversation's versions as state: its branch records and the branch it shows, with the steps
 * that change them (a new version forked, another version shown, another tab's versions heard).
 * The model itself — threads, fork points, which versions stand at a place — is branches.ts; the
 * caller writes the record fields each step returns.
 */
import type { ConversationPatch } from './storage/conversation-store.ts';
import type { MessageRecord } from './storage/records.ts';
import {
	branchOf,
	forkPointOf,
	latestWithin,
	MAIN_BRANCH,
	threadOf,
	versionsAt,
	type BranchRecord
} from './branches.ts';

export class ConversationVersions {
	#branches = $state.raw<BranchRecord[]>([]);
	#shown = $state(MAIN_BRANCH);
	/** Branches by when they were last shown, the latest last (never rendered: not state). */
	#order: string[];

	constructor(branches: BranchRecord[], shown: string, shownOrder: readonly string[] = []) {
		this.#branches = branches;
		this.#shown = shown;
		this.#order = [...shownOrder];
	}

	/** The messages of `all` (sorted by position) that the shown version is made of. */
	thread<M extends MessageRecord>(all: readonly M[]): M[] {
		return threadOf(all, this.#branches, this.#shown);
	}

	/**
	 * The record's field naming the version shown, written with each turn this tab sends: a
	 * reload shows the version it last answered in, whichever another tab shows meanwhile.
	 */
	get shownField(): { activeBranch: string } {
		return { activeBranch: this.#shown };
	}
	/** The branch field of a message made now: it belongs to the version shown. */
	get tag(): { branch?: string } {
		return this.#shown === MAIN_BRANCH ? {} : { branch: this.#shown };
	}

	/**
	 * Starts a new version at `message`'s place and shows it at once (its messages are the
	 * caller's to add); returns the record's fields to write.
	 */
	fork(message: MessageRecord, all: readonly MessageRecord[]): ConversationPatch {
		const point = forkPointOf(message, all, this.#branches);
		const branch: BranchRecord = { id: crypto.randomUUID(), ...point, createdAt: Date.now() };
		this.#branches = [...this.#branches, branch];
		return { branches: this.#branches, ...this.#show(branch.id), updatedAt: Date.now() };
	}

	/** The versions at `message`'s place: which one is shown (from 0), of how many; or `null`. */
	at(
		message: MessageRecord,
		all: readonly MessageRecord[]
	): { index: number; count: number } | null {
		const versions = versionsAt(message, all, this.#branches);
		return versions === null ? null : { index: versions.index, count: versions.branches.length };
	}

	/**
	 * Shows the previous (`-1`) or next (`1`) version at `message`'s place, as it was last seen
	 * (branches.ts `latestWithin`); returns the record's fields to write, or `null` when there is none that way.
	 */
	step(
		message: MessageRecord,
		all: readonly MessageRecord[],
		step: -1 | 1
	): ConversationPatch | null {
		const versions = versionsAt(message, all, this.#branches);
		const chosen = versions?.branches[versions.index + step];
		if (chosen === undefined) return null;
		const { forkSeq } = forkPointOf(message, all, this.#branches);
		return this.#show(latestWithin(chosen, forkSeq, this.#branches, this.#order));
	}

	/**
	 * Shows a version that holds `message` (a search hit), when the one shown does not: its own
	 * branch, or the branch within it seen last that still holds it (branches.ts `latestWithin`).
	 * Returns the record's fields to write, or `null` when the version shown already holds it.
	 */
	reveal(message: MessageRecord, all: readonly MessageRecord[]): ConversationPatch | null {
		if (this.thread(all).includes(message)) return null;
		return this.#show(latestWithin(branchOf(message), message.seq, this.#branches, this.#order));
	}

	/** Shows branch `id`, noting it and the one it replaces as the latest seen, in that order. */
	#show(id: string): Pick<ConversationPatch, 'activeBranch' | 'shownOrder'> {
		const left = this.#shown;
		this.#order = [...this.#order.filter((seen) => seen !== left && seen !== id), left, id];
		this.#shown = id;
		return { activeBranch: id, shownOrder: this.#order };
	}

	/** Versions made in another tab; which one this tab shows stays its own. */
	heard(branches: BranchRecord[]): void {
		this.#branches = branches;
	}
}
