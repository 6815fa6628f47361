/**
 * The shape of a fixture's expectation, and the texts the fixtures under tests/fixtures/wire carry.
 */
import type { FailureKind } from '../../../src/lib/failure/index.ts';
import type {
	ReadTurnOptions,
	RouteKind,
	TurnImage,
	TurnStatus,
	TurnUsage
} from '../../../src/lib/wire/index.ts';
import type { Run, Variation } from './harness.ts';

export const ANSWER =
	'Lisbon is the capital of Portugal. It sits on seven hills above the Tagus river, and its trams are famous.';
export const MULTIBYTE =
	'Emoji 😀🎉 and CJK 漢字かな한글, accents: café, naïve, Ærøskøbing — done. 𝄞 clef.';
/** The first six text deltas of ANSWER: where the mid-answer scenarios stop. */
export const PARTIAL = 'Lisbon is the capital of Portugal. ';

export interface Expected {
	status: TurnStatus;
	/** Default `''`; `null` leaves the text to `check`. */
	text?: string | null;
	reasoning?: string;
	images?: TurnImage[];
	failure?: FailureKind;
	usage?: TurnUsage;
	/** The `end` event's reason, for `incomplete`. */
	reason?: string;
	/** Further checks on the events and the turn. */
	check?: (run: Run) => void;
}

export interface FixtureCase {
	route: RouteKind;
	fixture: string;
	expected: Expected;
	options?: Omit<ReadTurnOptions, 'onEvent'>;
	/** Default `framing` (harness.ts). */
	variation?: Variation;
	label?: string;
}
