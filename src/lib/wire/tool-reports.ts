/**
 * The tool items of one turn as reported so far, keyed like `ToolActivity.key` (output index or
 * content block index), for both protocols (docs/tool-activity.md):
 * - the first report of a key fixes its `textOffset` (the turn's text length at that moment);
 * - every later report merges into what is known: a field the new report leaves empty (`''`, no
 *   `output`) keeps its earlier value, so a terminal `output` entry that repeats an item without
 *   its code, or a status event, never erases what streamed;
 * - an activity is emitted only when it differs from the one emitted before for the key, so the
 *   same item seen at `output_item.done` and again in the terminal `output` is one event;
 * - once a key is `final` (its complete item was seen), status-only updates are ignored: a late or
 *   reordered `…in_progress` event does not reopen a finished item.
 */
import type { ToolActivity } from './conversation.ts';
import type { TurnSink } from './protocol.ts';

/** What a reducer knows of an item: everything but the key and the position in the text. */
export type ToolFields = Omit<ToolActivity, 'key' | 'textOffset'>;

export interface ToolReports {
	/** A full report of the item (its start, its end, or a settled copy). */
	report(key: number, fields: ToolFields, final: boolean): void;
	/** The item's status changed; ignored for unknown or final keys. */
	status(key: number, status: string): void;
	/** The item's input is complete (an arguments or code `.done` event); ignored for unknown keys. */
	input(key: number, input: string): void;
}

interface Entry {
	activity: ToolActivity;
	final: boolean;
}

function same(a: ToolActivity, b: ToolActivity): boolean {
	return (
		a.itemType === b.itemType &&
		a.callId === b.callId &&
		a.name === b.name &&
		a.input === b.input &&
		a.status === b.status &&
		a.output === b.output &&
		a.server === b.server
	);
}

export function createToolReports(sink: TurnSink): ToolReports {
	const entries = new Map<number, Entry>();

	function emit(entry: Entry, next: ToolActivity): void {
		if (same(entry.activity, next)) return;
		entry.activity = next;
		sink.emit({ type: 'tool', tool: next });
	}

	return {
		report(key, fields, final) {
			const entry = entries.get(key);
			if (entry === undefined) {
				const activity: ToolActivity = {
					key,
					...fields,
					textOffset: sink.output.texts.text.length
				};
				entries.set(key, { activity, final });
				sink.emit({ type: 'tool', tool: activity });
				return;
			}
			const known = entry.activity;
			const output = fields.output ?? known.output;
			entry.final ||= final;
			emit(entry, {
				key,
				itemType: fields.itemType,
				callId: fields.callId === '' ? known.callId : fields.callId,
				name: fields.name === '' ? known.name : fields.name,
				input: fields.input === '' ? known.input : fields.input,
				status: fields.status === '' ? known.status : fields.status,
				...(output === undefined ? {} : { output }),
				server: fields.server,
				textOffset: known.textOffset
			});
		},
		status(key, status) {
			const entry = entries.get(key);
			if (entry === undefined || entry.final) return;
			emit(entry, { ...entry.activity, status });
		},
		input(key, input) {
			const entry = entries.get(key);
			if (entry === undefined || input === '') return;
			emit(entry, { ...entry.activity, input });
		}
	};
}
