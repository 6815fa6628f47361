/**
 * Retired models and their named successors, read from the gateway's message (there is no
 * structured field for it). Phrasings seen in the wild:
 * - "The model 'x' has been retired. Please use 'y' instead."
 * - "The model `x` has been deprecated … use `y`" / "… please switch to y" / "… migrate to y"
 * - "x is deprecated and will be removed; it has been replaced by y" / "superseded by y"
 * - "模型 x 已下线，请改用 y" / "請改用 y"
 */

const RETIRED =
	/\b(?:has been|was|is now|have been|is)\s+(?:permanently\s+)?(?:retired|deprecated|sunset|sunsetted|discontinued|decommissioned|shut\s*down|removed)\b|\bno longer (?:available|supported|served|offered)\b|\bend[- ]of[- ]life\b|已(?:下线|下線|下架|停用|弃用|棄用|废弃|廢棄|退役)/i;

/**
 * True when the text says a model was retired: a retirement phrase, and either the word "model" or a
 * named successor that looks like a model id (has a digit). So "`functions` is deprecated, use
 * `tools` instead" is not about a model.
 */
export function mentionsRetirement(text: string): boolean {
	if (!RETIRED.test(text)) return false;
	return /\bmodels?\b|模型/i.test(text) || /\d/.test(successorFromMessage(text) ?? '');
}

/** A model id: quoted, or an unquoted token with a digit or hyphen (so "the latest model" is not one). */
const MODEL = String.raw`(?:[\x60'"‘“「]([A-Za-z0-9][\w.:/@+-]{0,80})[\x60'"’”」]|([A-Za-z][\w.:/@+-]{0,80}))`;

const SUCCESSOR_PHRASES: readonly RegExp[] = [
	new RegExp(String.raw`\b(?:please\s+)?use\s+${MODEL}\s+instead\b`, 'i'),
	new RegExp(String.raw`\binstead,?\s+(?:please\s+)?use\s+${MODEL}`, 'i'),
	new RegExp(String.raw`\b(?:please|you should|you can|kindly)\s+(?:now\s+)?use\s+${MODEL}`, 'i'),
	new RegExp(
		String.raw`\b(?:switch|migrate|upgrade|move|transition)\s+to\s+(?:the\s+)?(?:model\s+)?${MODEL}`,
		'i'
	),
	new RegExp(
		String.raw`\b(?:replaced|superseded|succeeded)\s+by\s+(?:the\s+)?(?:model\s+)?${MODEL}`,
		'i'
	),
	new RegExp(String.raw`\b(?:successor|replacement)(?:\s+model)?\s+(?:is|:)\s+${MODEL}`, 'i'),
	new RegExp(String.raw`\b(?:we\s+)?recommend(?:s|ed)?\s+(?:using\s+)?${MODEL}`, 'i'),
	new RegExp(
		String.raw`\b(?:deprecated|retired)\b[^.;]*?[,;:]\s*(?:please\s+)?use\s+${MODEL}`,
		'i'
	),
	new RegExp(
		String.raw`(?:请|請)?(?:改用|换用|換用|切换到|切換到|切换至|切換至|使用)\s*${MODEL}`,
		'i'
	)
];

const NOT_A_MODEL = new Set([
	'the',
	'a',
	'an',
	'another',
	'model',
	'models',
	'it',
	'this',
	'that',
	'instead'
]);

function plausibleModel(candidate: string, quoted: boolean): string | undefined {
	const id = candidate.replace(/[.,;:!?]+$/, '');
	if (id === '' || NOT_A_MODEL.has(id.toLowerCase())) return undefined;
	if (/^https?:/i.test(id)) return undefined;
	if (!quoted && !/[\d-]/.test(id)) return undefined;
	return id;
}

/**
 * The replacement model named in a retirement message, or undefined. The retired model itself
 * (when known) is never returned as its own successor.
 */
export function successorFromMessage(message: string, retiredModel?: string): string | undefined {
	for (const phrase of SUCCESSOR_PHRASES) {
		const match = phrase.exec(message);
		if (match === null) continue;
		const quoted = match[1];
		const id = plausibleModel(quoted ?? match[2] ?? '', quoted !== undefined);
		if (id !== undefined && id.toLowerCase() !== retiredModel?.toLowerCase()) return id;
	}
	return undefined;
}
