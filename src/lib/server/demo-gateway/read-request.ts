/**
 * A demo-gateway request body, read by the reader of its route's API (responses-request.ts,
 * messages-request.ts); a body that is not a JSON object is refused as that API refuses it.
 */
import type { RouteKind } from '../../wire/route-kind.ts';
import { readMessages } from './messages-request.ts';
import {
	anthropicError,
	isObject,
	openAiError,
	type DemoRequest,
	type RequestRejection
} from './request.ts';
import { readResponses } from './responses-request.ts';

export function readDemoRequest(route: RouteKind, text: string): DemoRequest | RequestRejection {
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		return route === 'messages'
			? anthropicError('There was an error parsing the body of your request: invalid JSON')
			: openAiError(
					"We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
					null,
					null
				);
	}
	if (!isObject(body)) {
		return route === 'messages'
			? anthropicError('Input should be an object')
			: openAiError('The request body must be a JSON object.', null, null);
	}
	return route === 'messages' ? readMessages(body) : readResponses(route, body);
}
