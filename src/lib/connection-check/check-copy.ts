/**
 * The words of the connection check's explanations and report, in one language: the catalogues
 * in src/lib/i18n give one per language (`connection`, and `failure` for the gateway's failures);
 * English by default. Functions take what the sentence needs (hosts, addresses, header lists,
 * counts) and return the whole sentence, so each language orders it as it must. Addresses, header
 * names, settings (GATEWAY_URL) and the gateway's own words are passed in and never translated.
 */
import { enDeferred } from '../i18n/en-deferred.ts';
import type { FailureCopy } from '../failure/present-copy.ts';
import type { CheckStepName, StepState } from './steps.ts';

export interface ExplainCopy {
	/** A wait, in whole seconds. */
	seconds: (seconds: number) => string;
	/** Where the gateway's address is set. */
	address: {
		settings: (baseUrl: string) => string;
		direct: (baseUrl: string) => string;
		relay: (baseUrl: string) => string;
		demo: (baseUrl: string) => string;
	};
	reachable: {
		answered: (host: string) => string;
		demo: string;
		/** `upstream`: the relayed gateway's host, or ''. */
		relay: (upstream: string) => string;
		sameOrigin: string;
		offline: string;
		offlineFix: string;
		mixedContent: (baseUrl: string) => string;
		mixedContentServerFix: string;
		mixedContentSettingsFix: string;
		blocked: (host: string) => string;
		blockedServerFix: string;
		blockedSettingsFix: string;
		timedOut: (host: string, wait: string) => string;
		timedOutFix: string;
		unreachable: (host: string) => string;
		/** What the network said (`detail`, a sentence), and where. */
		unreachableTold: (detail: string, host: string) => string;
		unreachableFix: (address: string) => string;
	};
	cors: {
		sameOrigin: string;
		allowed: (origin: string) => string;
		allowedHeaders: (origin: string, headers: string) => string;
		noCors: (origin: string) => string;
		/** `headers`: the CORS-unsafe header names a chat request sends, or ''. */
		noCorsServerFix: (origin: string, headers: string) => string;
		noCorsSettingsFix: (origin: string, headers: string) => string;
		/** `count`: how many headers `headers` names (for the plural). */
		headersRefused: (origin: string, headers: string, count: number) => string;
		preflightRefused: (origin: string, headers: string) => string;
		preflightFix: (headers: string, count: number, origin: string) => string;
		preflightServerFix: (headers: string, count: number, origin: string) => string;
		timedOut: (wait: string) => string;
		timedOutFix: string;
	};
	auth: {
		/** What was sent, as the sentences name it. */
		credential: { none: string; oauth: string; apiKey: string };
		accepted: (credential: string) => string;
		acceptedWithout: string;
		notRefused: (credential: string, status: number) => string;
		/** `detail`: the gateway's message (or ours), a sentence. */
		refused: (credential: string, detail: string) => string;
		signInFix: string;
		addKeyFix: string;
		signInAgainFix: string;
		checkKeyFix: string;
		forbiddenFix: string;
		requestFailed: (detail: string) => string;
		requestFailedFix: string;
		timedOut: (url: string, wait: string) => string;
		timedOutFix: string;
	};
	models: {
		/** `shown`: the first ids, comma-separated; `more`: whether there are others. */
		listed: (count: number, shown: string, more: boolean) => string;
		answered: (url: string, detail: string) => string;
		relayUnreachableFix: string;
		relayOffFix: string;
		relayRefusedFix: string;
		baseUrlFix: (address: string) => string;
		/** `title`: the page's title, or ''. */
		html: (url: string, title: string) => string;
		htmlFix: (baseUrlFix: string) => string;
		notJson: (url: string) => string;
		/** `keys`: the top-level keys it had, comma-separated, or ''. */
		wrongShape: (url: string, keys: string) => string;
		wrongShapeFix: (baseUrlFix: string) => string;
		empty: string;
		emptyFix: string;
		timedOut: (wait: string) => string;
		timedOutFix: string;
	};
	stream: {
		completed: (model: string) => string;
		incomplete: (model: string) => string;
		failed: (model: string, detail: string) => string;
		/** `relay`: whether to suggest the server's relay too. */
		networkFix: (url: string, relay: boolean) => string;
		stalled: (detail: string) => string;
		ended: string;
		bufferingFix: string;
		requestInvalid: (detail: string) => string;
		requestInvalidFix: string;
		noModel: string;
		noModelFix: string;
		timedOut: (wait: string) => string;
		timedOutFix: (bufferingFix: string) => string;
	};
	/** "How to fix it" for a classified failure: the failure card's first action, as an instruction. */
	fix: {
		retry: string;
		continue: string;
		switchModel: (model: string) => string;
		chooseModel: string;
		newConversation: string;
		enableLongContext: string;
		changeThinking: string;
		disableEncryptedContent: string;
		topUp: (url: string) => string;
		switchGateway: string;
		enterAnotherKey: string;
		signInAgain: string;
		reloadApp: string;
		checkSettings: string;
	};
	/** A skipped step: which one failed first. */
	skipped: (step: string) => string;
	/** The one line of the live region. */
	summary: {
		checking: (step: string) => string;
		failedAt: (step: string, problem: string) => string;
		cancelled: string;
		allPassed: string;
		notRunYet: string;
	};
	/** The plain-text report behind "Copy report". */
	report: {
		title: (time: string) => string;
		origin: (origin: string) => string;
		gateway: (baseUrl: string, route: string, path: string) => string;
		pathDirect: string;
		/** `upstream`: the relayed gateway's host, or ''. */
		pathRelay: (upstream: string) => string;
		pathDemo: string;
		credentials: (what: string) => string;
		credentialsNone: string;
		credentialsOauth: string;
		credentialsApiKey: string;
		browser: (client: string) => string;
		step: (number: number, label: string, result: string) => string;
		problem: (text: string) => string;
		fix: (text: string) => string;
		requestId: (id: string) => string;
		/** When the check never started: why. */
		notStarted: (summary: string) => string;
	};
}

/** What the check's sentences are made of, in one language. */
export interface CheckWords {
	/** The step names and results, and the sentences. */
	check: {
		steps: { readonly [S in CheckStepName]: string };
		states: { readonly [S in StepState['state']]: string };
		explain: ExplainCopy;
	};
	/** For a failure the gateway answered with: its detail in the person's language. */
	failure: FailureCopy;
}

export const ENGLISH_CHECK_WORDS: CheckWords = {
	check: enDeferred.connection,
	failure: enDeferred.failure
};
