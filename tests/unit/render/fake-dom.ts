/**
 * A minimal DOM for running the renderer's DOM layer in Node: the handful of Node, Element, Text
 * and Document members it uses, and an HTML serializer to compare results. Deliberately strict:
 * a member the renderer starts using that is missing here fails loudly instead of passing.
 */
export class FakeNode {
	parentNode: FakeNode | null = null;
	readonly childNodes: FakeNode[] = [];

	get lastChild(): FakeNode | null {
		return this.childNodes.at(-1) ?? null;
	}

	get firstChild(): FakeNode | null {
		return this.childNodes[0] ?? null;
	}

	get isConnected(): boolean {
		return true;
	}

	get nextSibling(): FakeNode | null {
		const siblings = this.parentNode?.childNodes ?? [];
		return siblings[siblings.indexOf(this) + 1] ?? null;
	}

	/** Only DOCUMENT_POSITION_PRECEDING (2) and _FOLLOWING (4), for nodes of one tree. */
	compareDocumentPosition(other: FakeNode): number {
		const path = (node: FakeNode): FakeNode[] => {
			const nodes: FakeNode[] = [];
			for (let at: FakeNode | null = node; at !== null; at = at.parentNode) nodes.unshift(at);
			return nodes;
		};
		const mine = path(this);
		const theirs = path(other);
		let depth = 0;
		while (mine[depth] !== undefined && mine[depth] === theirs[depth]) depth++;
		const a = mine[depth];
		const b = theirs[depth];
		// An ancestor precedes its descendants.
		if (a === undefined) return 4;
		if (b === undefined) return 2;
		const siblings = mine[depth - 1]?.childNodes ?? [];
		return siblings.indexOf(b) > siblings.indexOf(a) ? 4 : 2;
	}

	appendChild<T extends FakeNode>(node: T): T {
		return this.insertBefore(node, null);
	}

	insertBefore<T extends FakeNode>(node: T, before: FakeNode | null): T {
		if (node instanceof FakeFragment) {
			for (const child of [...node.childNodes]) this.insertBefore(child, before);
			return node;
		}
		node.parentNode?.removeChild(node);
		const index = before === null ? this.childNodes.length : this.childNodes.indexOf(before);
		if (index === -1) throw new Error('insertBefore: reference is not a child');
		this.childNodes.splice(index, 0, node);
		node.parentNode = this;
		return node;
	}

	removeChild<T extends FakeNode>(node: T): T {
		const index = this.childNodes.indexOf(node);
		if (index === -1) throw new Error('removeChild: not a child');
		this.childNodes.splice(index, 1);
		node.parentNode = null;
		return node;
	}

	replaceChild<T extends FakeNode>(node: FakeNode, old: T): T {
		this.insertBefore(node, old);
		return this.removeChild(old);
	}

	replaceChildren(...nodes: FakeNode[]): void {
		for (const child of [...this.childNodes]) this.removeChild(child);
		for (const node of nodes) this.appendChild(node);
	}

	get textContent(): string {
		return this.childNodes.map((child) => child.textContent).join('');
	}
}

export class FakeText extends FakeNode {
	constructor(public data: string) {
		super();
	}

	appendData(text: string): void {
		this.data += text;
	}

	override get textContent(): string {
		return this.data;
	}
}

export class FakeFragment extends FakeNode {}

export class FakeElement extends FakeNode {
	readonly attributes = new Map<string, string>();
	readonly listeners = new Map<string, (() => void)[]>();
	readonly ownerDocument: FakeDocument;

	constructor(
		readonly tagName: string,
		doc: FakeDocument
	) {
		super();
		this.ownerDocument = doc;
	}

	setAttribute(name: string, value: string): void {
		this.attributes.set(name, String(value));
	}

	getAttribute(name: string): string | null {
		return this.attributes.get(name) ?? null;
	}

	removeAttribute(name: string): void {
		this.attributes.delete(name);
	}

	addEventListener(type: string, listener: () => void): void {
		this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
	}

	/** Fires the listeners registered for `type` (a click on a button, say). */
	dispatch(type: string): void {
		for (const listener of this.listeners.get(type) ?? []) listener();
	}

	override get textContent(): string {
		return super.textContent;
	}
}

export class FakeDocument {
	/** The chat page's address: the app's root page, here under a sub-path. */
	baseURI = 'https://chat.example/tools/chat/';

	createElement(tag: string): FakeElement {
		return new FakeElement(tag, this);
	}

	createTextNode(text: string): FakeText {
		return new FakeText(text);
	}

	createDocumentFragment(): FakeFragment {
		return new FakeFragment();
	}
}

const VOID = new Set(['br', 'col', 'hr', 'img']);

function escape(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Children of `node` as HTML, adjacent text merged (as the browser would serialize it). */
export function innerHtml(node: FakeNode): string {
	return node.childNodes
		.map((child) => {
			if (child instanceof FakeText) return escape(child.data);
			if (!(child instanceof FakeElement)) return innerHtml(child);
			const attributes = [...child.attributes]
				.sort(([a], [b]) => a.localeCompare(b))
				.map(([name, value]) => ` ${name}="${escape(value).replace(/"/g, '&quot;')}"`)
				.join('');
			if (VOID.has(child.tagName)) return `<${child.tagName}${attributes}>`;
			return `<${child.tagName}${attributes}>${innerHtml(child)}</${child.tagName}>`;
		})
		.join('');
}

/** Every element under `node`, depth first. */
export function elements(node: FakeNode): FakeElement[] {
	const out: FakeElement[] = [];
	const stack = [...node.childNodes].reverse();
	while (stack.length > 0) {
		const next = stack.pop();
		if (next instanceof FakeElement) {
			out.push(next);
			stack.push(...[...next.childNodes].reverse());
		}
	}
	return out;
}

/** A container element for the renderer, typed as the DOM type it expects. */
export function fakeContainer(): { element: HTMLElement; fake: FakeElement } {
	const doc = new FakeDocument();
	const fake = doc.createElement('div');
	return { element: fake as unknown as HTMLElement, fake };
}
