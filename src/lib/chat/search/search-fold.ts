/**
 * The form a text and a query take before the library search matches them (search-text.ts): a
 * substring match on folded text works for every script, Chinese and Japanese included (no word
 * segmentation needed). Folding is Unicode NFKC (full-width Ａ and half-width ｶ become A and カ,
 * ligatures are split, composed and decomposed accents are one form), then lower case, with Greek
 * final sigma read as σ and every white-space character as one space (so a query with a space
 * finds words split by a line break).
 * @see https://www.unicode.org/reports/tr15/ Unicode Normalization Forms (NFKC)
 */

const WHITE_SPACE = /\s/gu;
const FINAL_SIGMA = /ς/gu;

/** The form both a text and a query take before matching. */
export function foldForSearch(text: string): string {
	return text.normalize('NFKC').toLowerCase().replace(FINAL_SIGMA, 'σ').replace(WHITE_SPACE, ' ');
}

/** A typed query, folded; `''` means "no search" (only white space typed). */
export function foldQuery(query: string): string {
	return foldForSearch(query).trim();
}
