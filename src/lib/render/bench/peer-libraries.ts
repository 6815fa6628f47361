/**
 * The peers' libraries as the benchmark injects them into the page (init scripts, bench builds
 * only): `marked` and DOMPurify from their UMD builds, `streaming-markdown` from its ESM build
 * turned into a global (tests/bench/render/stream-run.ts). Nothing here is bundled in the app.
 */

/** After a frame's DOM work: the characters the DOM shows, and whether that is the whole text. */
export type OnRender = (renderedChars: number, finished: boolean) => void;

export interface MarkedToken {
	type: string;
	raw: string;
}

export interface MarkedLibraries {
	marked: {
		parse(text: string, options: { async: false }): string;
		lexer(text: string): MarkedToken[] & { links: unknown };
		parser(tokens: MarkedToken[] & { links: unknown }): string;
	};
	DOMPurify: { sanitize(html: string): string };
}

/** streaming-markdown 0.2 (smd.min.js's exports). */
export interface StreamingMarkdownLibrary {
	default_renderer(root: HTMLElement): unknown;
	parser(renderer: unknown): unknown;
	parser_write(parser: unknown, chunk: string): void;
	parser_end(parser: unknown): void;
}

type Injected = Partial<MarkedLibraries> & { smd?: StreamingMarkdownLibrary };

export function markedLibraries(): MarkedLibraries | null {
	const { marked, DOMPurify } = window as unknown as Injected;
	return marked === undefined || DOMPurify === undefined ? null : { marked, DOMPurify };
}

export function streamingMarkdownLibrary(): StreamingMarkdownLibrary | null {
	return (window as unknown as Injected).smd ?? null;
}
