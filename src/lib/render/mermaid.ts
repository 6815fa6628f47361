/**
 * Mermaid diagrams of the app: drawn in the sandboxed diagram document (static/mermaid-frame.html,
 * beside the app's page) by the mermaid package's own browser build, which Vite copies into the
 * build as one hashed file; only that frame ever loads it, and only once a message has a closed
 * ```mermaid block (see dom/diagram-view.ts).
 *
 * The page's side of the drawing (dom/diagram-view.ts) is a chunk of its own, loaded with the first
 * closed mermaid block too: the renderer that paints every other answer (a reopened conversation's
 * among them) does not carry it. If it cannot load (the app's server is gone), the block stays code
 * with the note of a diagram that could not be drawn; a later block asks for it again (a browser
 * may answer from its record of the failed load until the page is reloaded).
 */
import mermaidScript from 'mermaid/dist/mermaid.min.js?url';
import type { DiagramHost, DiagramRenderer } from './dom/diagram-view.ts';
import { rendererLabels } from './dom/labels.ts';

let framed: Promise<DiagramRenderer> | null = null;

function framedDiagrams(): Promise<DiagramRenderer> {
	framed ??= import('./dom/diagram-view.ts').then(
		({ FramedDiagrams }) =>
			new FramedDiagrams({ frame: 'mermaid-frame.html', script: mermaidScript }),
		(error: unknown) => {
			framed = null;
			throw error;
		}
	);
	return framed;
}

/** The block stays code, with the note diagram-view.ts gives a diagram it cannot draw. */
function leaveAsCode(host: DiagramHost): void {
	const doc = host.wrapper.ownerDocument;
	host.wrapper.setAttribute('data-diagram', 'failed');
	const note = doc.createElement('p');
	note.setAttribute('class', 'md-diagram-note');
	note.setAttribute('role', 'note');
	note.textContent = rendererLabels(doc).diagramFailed;
	host.wrapper.appendChild(note);
}

export const mermaidDiagrams: DiagramRenderer = {
	draw(host) {
		framedDiagrams().then(
			(diagrams) => diagrams.draw(host),
			() => leaveAsCode(host)
		);
	}
};
