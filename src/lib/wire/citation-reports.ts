/**
 * The sources a turn's text cites, for both protocols (docs/tool-activity.md, "Citations"). Each
 * URL is emitted once, the first time it is cited, with the title it was first cited under; later
 * citations of the same URL (the same annotation seen again at `content_part.done`, in
 * `output_item.done` and in the terminal `output`, or another passage of the same page) add nothing.
 *
 * - Responses `url_citation` annotations `{url, title, start_index, end_index}`
 *   (https://platform.openai.com/docs/api-reference/responses/object): a source.
 *   `file_citation` / `container_file_citation` / `file_path` name a file by id: there is no address
 *   the page could open without the API key, so they are not sources (the file search or code
 *   interpreter activity shows what was read).
 * - Messages text-block `citations` and `citations_delta.citation`
 *   (https://docs.claude.com/en/docs/build-with-claude/citations): `web_search_result_location`
 *   `{url, title, cited_text}` is a source; `search_result_location` is one when its `source` is an
 *   http(s) URL. Document locations (`char_location`, `page_location`, `content_block_location`)
 *   point into a document the person sent, which has no URL: they are skipped.
 *
 * A citation without a URL is never emitted: `Citation.url` is what the view links to, and the
 * Turn keeps sources by URL.
 */
import type { Citation } from './conversation.ts';
import type { TurnSink } from './protocol.ts';
import { asArray, asString, isRecord } from './wire-json.ts';

export interface CitationReports {
	/** One Responses annotation (`response.output_text.annotation.added`). */
	annotation(annotation: unknown): void;
	/** The `annotations` of an `output_text` part. */
	annotations(list: unknown): void;
	/** One Messages citation (`citations_delta.citation`). */
	location(citation: unknown): void;
	/** The `citations` of a Messages text block. */
	locations(list: unknown): void;
}

const WEB_URL = /^https?:\/\//i;

function messagesCitation(value: unknown): Citation | undefined {
	if (!isRecord(value)) return undefined;
	const title = asString(value['title']) ?? '';
	const citedText = asString(value['cited_text']);
	let url: string | undefined;
	if (value['type'] === 'web_search_result_location') url = asString(value['url']);
	else if (value['type'] === 'search_result_location') {
		const source = asString(value['source']);
		if (source !== undefined && WEB_URL.test(source)) url = source;
	}
	if (url === undefined || url === '') return undefined;
	return { url, title, ...(citedText === undefined || citedText === '' ? {} : { citedText }) };
}

function responsesCitation(value: unknown): Citation | undefined {
	if (!isRecord(value) || value['type'] !== 'url_citation') return undefined;
	const url = asString(value['url']);
	if (url === undefined || url === '') return undefined;
	return { url, title: asString(value['title']) ?? '' };
}

export function createCitationReports(sink: TurnSink): CitationReports {
	const cited = new Set<string>();

	function cite(citation: Citation | undefined): void {
		if (citation === undefined || cited.has(citation.url)) return;
		cited.add(citation.url);
		sink.emit({ type: 'citation', citation });
	}

	return {
		annotation: (annotation) => cite(responsesCitation(annotation)),
		annotations(list) {
			for (const annotation of asArray(list) ?? []) cite(responsesCitation(annotation));
		},
		location: (citation) => cite(messagesCitation(citation)),
		locations(list) {
			for (const citation of asArray(list) ?? []) cite(messagesCitation(citation));
		}
	};
}
