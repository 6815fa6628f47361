/**
 * Token usage as the wire reports it (`{input_tokens, output_tokens, …}` on both protocols) → the
 * Turn's `usage`, with only the counts that are present.
 */
import type { TurnUsage } from './turn-events.ts';
import { asCount, type WireRecord } from './wire-json.ts';

export function usageOf(usage: WireRecord | undefined): TurnUsage | undefined {
	if (usage === undefined) return undefined;
	const inputTokens = asCount(usage['input_tokens']);
	const outputTokens = asCount(usage['output_tokens']);
	if (inputTokens === undefined && outputTokens === undefined) return undefined;
	return {
		...(inputTokens === undefined ? {} : { inputTokens }),
		...(outputTokens === undefined ? {} : { outputTokens })
	};
}
