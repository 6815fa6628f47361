/**
 * The renderer's own words (never the text's): a code block's header and copy button, the
 * footnotes' section and back-links, a remote image's placeholder, a diagram's switch and note. The page gives them in its
 * language for the document it renders into (components/render, from the catalogue); the
 * renderer reads them when it builds an element. English until given (unit tests, the bench).
 */
export interface RendererLabels {
	/** A code block's header when its info string names no language. */
	code: string;
	copy: string;
	copied: string;
	copyFailed: string;
	/** The footnotes section's accessible name. */
	footnotes: string;
	/** A back-link's accessible name; `reference` is `2`, or `2-3` for a note's third reference. */
	backToReference: (reference: string) => string;
	/** The placeholder button of an image on another host, which loads it. */
	loadImage: (host: string) => string;
	/** The loaded image's frame, when the text gave it no title or description. */
	imageFrom: (host: string) => string;
	/** The tooltip of an image whose address is not allowed. */
	imageNotAllowed: string;
	/** Such an image's text, when it has no description. */
	image: string;
	/** A mermaid block's switch between its drawing and its code; also the frame's title. */
	diagram: string;
	diagramCode: string;
	/** Shown under a mermaid block whose diagram could not be drawn. */
	diagramFailed: string;
}

export const ENGLISH_RENDERER_LABELS: RendererLabels = {
	code: 'code',
	copy: 'Copy',
	copied: 'Copied',
	copyFailed: 'Copy failed',
	footnotes: 'Footnotes',
	backToReference: (reference) => `Back to reference ${reference}`,
	loadImage: (host) => `Load image from ${host}`,
	imageFrom: (host) => `Image from ${host}`,
	imageNotAllowed: 'Image not shown: its address is not allowed',
	image: 'image',
	diagram: 'Diagram',
	diagramCode: 'Code',
	diagramFailed: 'This diagram could not be drawn; here is its code.'
};

const given = new WeakMap<Document, RendererLabels>();

/** The labels for what is rendered into `doc` from now on. */
export function setRendererLabels(doc: Document, labels: RendererLabels): void {
	given.set(doc, labels);
}

export function rendererLabels(doc: Document): RendererLabels {
	return given.get(doc) ?? ENGLISH_RENDERER_LABELS;
}
