/**
 * Diagrams of ```mermaid blocks, drawn without running any script on the app's origin: once the
 * block is closed, its code block gets a frame of the app's own diagram document
 * (static/mermaid-frame.html), sandboxed with `allow-scripts` only, so the document has an opaque
 * origin: no access to this page, its storage or its cookies, and it runs only the app's own
 * mermaid (from the build, never a CDN). The source goes in by postMessage; the frame answers with
 * the drawing's height, or why it could not draw it.
 *
 * Messages from the frame count only from that frame's window, with an opaque origin ('null'),
 * of the expected shape; anything else is ignored. While the diagram is drawn, and if it cannot
 * be, the code stays shown; once drawn, "Diagram / Code" switches between them (and Copy copies
 * the code either way).
 */
import { rendererLabels } from './labels.ts';

/** A closed mermaid code block, as the code view built it. */
export interface DiagramHost {
	/** The code block (`.md-code`). */
	readonly wrapper: HTMLElement;
	/** Its header (language, Copy). */
	readonly head: HTMLElement;
	/** The element showing the code. */
	readonly code: HTMLElement;
	/** The diagram's source. */
	readonly source: string;
}

export interface DiagramRenderer {
	draw(host: DiagramHost): void;
}

/** The `type` of every message between the page and a diagram frame. */
export const DIAGRAM_MESSAGE = 'switchboard-diagram';
/** Longest source sent to the frame; a longer diagram stays code. */
const MAX_SOURCE_CHARS = 50_000;
/** Heights the page accepts from a frame (px). */
const MIN_HEIGHT = 16;
const MAX_HEIGHT = 4000;
/** A frame that has not drawn its diagram by then is given up (the code stays). */
const DRAW_TIMEOUT_MS = 30_000;

type FrameMessage =
	| { kind: 'ready' }
	| { kind: 'rendered' | 'size'; height: number }
	| { kind: 'failed'; message: string };

/** A message from a frame, if it has the expected shape. */
function frameMessage(data: unknown): FrameMessage | null {
	if (typeof data !== 'object' || data === null) return null;
	const { type, kind, height, message } = data as Record<string, unknown>;
	if (type !== DIAGRAM_MESSAGE) return null;
	if (kind === 'ready') return { kind };
	if ((kind === 'rendered' || kind === 'size') && typeof height === 'number') {
		if (!Number.isFinite(height)) return null;
		return { kind, height: Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(height))) };
	}
	if (kind === 'failed') return { kind, message: typeof message === 'string' ? message : '' };
	return null;
}

export interface FramedDiagramsOptions {
	/** The diagram document's address, relative to the page's base URI. */
	frame: string;
	/** The address of the mermaid script the frame loads (one of the app's own files). */
	script: string;
}

export class FramedDiagrams implements DiagramRenderer {
	readonly #options: FramedDiagramsOptions;

	constructor(options: FramedDiagramsOptions) {
		this.#options = options;
	}

	draw(host: DiagramHost): void {
		if (host.source.length > MAX_SOURCE_CHARS) return;
		new DiagramView(host, this.#options);
	}
}

class DiagramView {
	readonly #host: DiagramHost;
	readonly #frame: HTMLIFrameElement;
	readonly #window: Window;
	readonly #script: string;
	readonly #onMessage = (event: MessageEvent): void => this.#receive(event);
	#toggle: HTMLElement | null = null;
	#timer: ReturnType<typeof setTimeout> | null = null;
	#drawn = false;

	constructor(host: DiagramHost, options: FramedDiagramsOptions) {
		this.#host = host;
		const doc = host.wrapper.ownerDocument;
		const view = doc.defaultView;
		this.#window = view as Window;
		this.#script = new URL(options.script, doc.baseURI).href;
		const frame = doc.createElement('iframe');
		// Scripts, and nothing else: no same origin (an opaque one), no top navigation, no forms,
		// no popups. The document's own policy limits it to the app's files.
		frame.setAttribute('sandbox', 'allow-scripts');
		frame.setAttribute('referrerpolicy', 'no-referrer');
		frame.setAttribute('class', 'md-diagram-frame');
		frame.setAttribute('data-diagram-frame', '');
		frame.setAttribute('title', rendererLabels(doc).diagram);
		frame.setAttribute('tabindex', '-1');
		frame.setAttribute('src', new URL(options.frame, doc.baseURI).href);
		this.#frame = frame;
		host.wrapper.setAttribute('data-diagram', 'drawing');
		if (view === null) return;
		view.addEventListener('message', this.#onMessage);
		host.wrapper.insertBefore(frame, host.code);
		this.#timer = setTimeout(() => this.#fail(''), DRAW_TIMEOUT_MS);
	}

	#receive(event: MessageEvent): void {
		if (!this.#frame.isConnected) {
			this.#stop();
			return;
		}
		if (event.source === null || event.source !== this.#frame.contentWindow) return;
		// A sandboxed document without allow-same-origin has an opaque origin, serialised 'null'.
		if (event.origin !== 'null') return;
		const message = frameMessage(event.data);
		if (message === null) return;
		switch (message.kind) {
			case 'ready':
				this.#frame.contentWindow?.postMessage(
					{
						type: DIAGRAM_MESSAGE,
						kind: 'render',
						source: this.#host.source,
						script: this.#script
					},
					// An opaque origin can only be addressed as '*'; the frame is ours, its window checked.
					'*'
				);
				return;
			case 'rendered':
				this.#frame.style.height = `${message.height}px`;
				if (!this.#drawn) this.#shown();
				return;
			case 'size':
				if (this.#drawn) this.#frame.style.height = `${message.height}px`;
				return;
			case 'failed':
				this.#fail(message.message);
				return;
		}
	}

	#shown(): void {
		this.#drawn = true;
		this.#clearTimer();
		const doc = this.#host.wrapper.ownerDocument;
		const labels = rendererLabels(doc);
		const toggle = doc.createElement('span');
		toggle.setAttribute('class', 'md-diagram-toggle');
		toggle.setAttribute('role', 'group');
		const diagram = this.#button(labels.diagram, 'diagram');
		const code = this.#button(labels.diagramCode, 'code');
		toggle.append(diagram, code);
		this.#toggle = toggle;
		// Before the Copy button.
		this.#host.head.insertBefore(toggle, this.#host.head.lastChild);
		this.#show('diagram');
	}

	#button(label: string, view: 'diagram' | 'code'): HTMLElement {
		const button = this.#host.wrapper.ownerDocument.createElement('button');
		button.setAttribute('type', 'button');
		button.setAttribute('class', 'md-diagram-switch');
		button.setAttribute('data-diagram-view', view);
		button.textContent = label;
		button.addEventListener('click', () => this.#show(view));
		return button;
	}

	#show(view: 'diagram' | 'code'): void {
		this.#host.wrapper.setAttribute('data-diagram', view === 'diagram' ? 'shown' : 'code');
		for (const button of this.#toggle?.querySelectorAll('button') ?? []) {
			const pressed = button.getAttribute('data-diagram-view') === view;
			button.setAttribute('aria-pressed', pressed ? 'true' : 'false');
		}
	}

	/** The diagram could not be drawn: the code stays, with a short note under it. */
	#fail(detail: string): void {
		this.#stop();
		if (this.#drawn) return;
		const doc = this.#host.wrapper.ownerDocument;
		this.#frame.parentNode?.removeChild(this.#frame);
		this.#host.wrapper.setAttribute('data-diagram', 'failed');
		const note = doc.createElement('p');
		note.setAttribute('class', 'md-diagram-note');
		note.setAttribute('role', 'note');
		const first = (detail.split('\n').find((line) => line.trim() !== '') ?? '').replace(
			/:\s*$/,
			''
		);
		const reason = first.length > 160 ? `${first.slice(0, 157)}…` : first;
		const text = rendererLabels(doc).diagramFailed;
		note.textContent = reason === '' ? text : `${text} (${reason})`;
		this.#host.wrapper.appendChild(note);
	}

	#clearTimer(): void {
		if (this.#timer !== null) clearTimeout(this.#timer);
		this.#timer = null;
	}

	#stop(): void {
		this.#clearTimer();
		this.#window.removeEventListener('message', this.#onMessage);
	}
}
