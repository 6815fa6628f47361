import { stripRequestIdSuffix } from './request-id.ts';
import { isStatusTextOnly } from './status.ts';
import { capSentence, maskSecrets, plainText } from './text.ts';

/**
 * The gateway's own message made presentable: request-id suffixes removed, markup and control
 * characters gone, secrets masked, whitespace collapsed, capped. Undefined when nothing worth
 * showing remains (empty, or only a status text like "Bad Gateway").
 */
export function gatewayMessage(text: string | undefined): string | undefined {
	if (text === undefined) return undefined;
	const plain = plainText(stripRequestIdSuffix(plainText(text)));
	const cleaned = maskSecrets(plain).replace(/^[\s,;:.-]+/, '');
	if (cleaned === '' || isStatusTextOnly(cleaned)) return undefined;
	return capSentence(cleaned);
}
