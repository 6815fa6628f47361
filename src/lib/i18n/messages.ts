/**
 * The strings of the conversation's messages. Imported only by the message views, so English's
 * (en-messages.ts) load with them and not with the chat's first paint.
 */
import type { MessagesCatalogue } from './catalogue.ts';
import { enMessages } from './en-messages.ts';
import type { Locale } from './locale.svelte.ts';

export function messageStrings(locale: Locale): MessagesCatalogue {
	return locale.messages(enMessages);
}
