/**
 * Structural helpers of the block tree: which block may contain which (CommonMark §5: only list
 * items in lists, no items outside them, nothing in leaves), and copying the open chain for a
 * preview fork (closed blocks are shared, never copied: they never change).
 */
import { type Block, type ContainerBlock, isContainer } from './model.ts';

export function canContain(parent: Block, child: Block): boolean {
	switch (parent.kind) {
		case 'document':
		case 'quote':
		case 'item':
		case 'footnote':
			return child.kind !== 'item';
		case 'list':
			return child.kind === 'item';
		case 'paragraph':
		case 'heading':
		case 'code':
		case 'math':
		case 'rule':
		case 'table':
			return false;
	}
}

export function replaceLastChild(parent: ContainerBlock, block: Block): void {
	if (parent.kind === 'list') return;
	parent.children[parent.children.length - 1] = block;
}

/** Copies of the open chain, each the last child of the copy before it. */
export function forkChain(open: readonly Block[]): Block[] {
	const copies: Block[] = [];
	let parent: ContainerBlock | null = null;
	for (const block of open) {
		const copy = copyBlock(block);
		if (parent !== null) {
			if (parent.kind === 'list') {
				if (copy.kind === 'item') parent.children[parent.children.length - 1] = copy;
			} else parent.children[parent.children.length - 1] = copy;
		}
		copies.push(copy);
		parent = isContainer(copy) ? copy : null;
	}
	return copies;
}

function copyBlock(block: Block): Block {
	switch (block.kind) {
		case 'document':
		case 'quote':
		case 'item':
		case 'footnote':
			return { ...block, tentative: true, children: block.children.slice() };
		case 'list':
			return { ...block, tentative: true, children: block.children.slice() };
		case 'paragraph':
			return { ...block, tentative: true, lines: block.lines.slice() };
		case 'code':
		case 'math':
			return { ...block, tentative: true, lines: block.lines.slice() };
		case 'table':
			return { ...block, tentative: true, rows: block.rows.slice() };
		case 'heading':
		case 'rule':
			return { ...block, tentative: true };
	}
}
