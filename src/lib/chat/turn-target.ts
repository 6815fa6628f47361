/** Where and how the next answer is asked for: what the page gives a conversation to send with. */
import type { RequestAuthorizer } from '../auth/gateway-credentials.ts';
import type { ConversationTurn } from '../wire/index.ts';
import type { PlannedTurn } from './turn-planner.ts';

/** What a conversation asks of one request besides its history. */
export interface PlanOptions {
	/** Declare the route's web search tool. */
	webSearch?: boolean;
}

export interface TurnTarget {
	model: string;
	classifierModels: string[];
	/** Credentials at send time, and one refresh and retry after a 401 (src/lib/auth). */
	authorizer?: RequestAuthorizer;
	/**
	 * Throws or rejects (e.g. a RequestBuildError) when no valid request can be made. The page's
	 * answers asynchronously: it loads the request builders with the first turn.
	 */
	plan(
		turns: readonly ConversationTurn[],
		conversationId: string,
		summary: string | null,
		options?: PlanOptions
	): PlannedTurn | Promise<PlannedTurn>;
}
