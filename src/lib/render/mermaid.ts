/**
 * Mermaid diagrams of the app: drawn in the sandboxed diagram document (static/mermaid-frame.html,
 * beside the app's page) by the mermaid package's own browser build, which Vite copies into the
 * build as one hashed file; only that frame ever loads it, and only once a message has a closed
 * ```mermaid block (see dom/diagram-view.ts).
 */
import mermaidScript from 'mermaid/dist/mermaid.min.js?url';
import { FramedDiagrams } from './dom/diagram-view.ts';

export const mermaidDiagrams = new FramedDiagrams({
	frame: 'mermaid-frame.html',
	script: mermaidScript
});
