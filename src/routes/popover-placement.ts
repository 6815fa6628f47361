/**
 * Where a popover opened from a button goes: under the button (over it when there is clearly
 * more room there), its right edge on the button's, never wider than the viewport less a margin
 * on each side, and never taller than the room it has. Coordinates are the viewport's (a popover
 * in the top layer is positioned like `position: fixed`).
 */
export interface Placement {
	/** From the viewport's top (opening downwards), or `null`. */
	top: number | null;
	/** From the viewport's bottom (opening upwards), or `null`. */
	bottom: number | null;
	left: number;
	width: number;
	maxHeight: number;
}

interface Box {
	top: number;
	bottom: number;
	right: number;
}

/** Space kept between the popover and the viewport's edges. */
const MARGIN = 8;
/** Space between the button and the popover. */
const GAP = 4;
const MAX_WIDTH = 352;
/** Below this much room under the button, the popover opens upwards if there is more room there. */
const ENOUGH_HEIGHT = 200;

export function placeBelow(anchor: Box, viewport: { width: number; height: number }): Placement {
	const width = Math.max(0, Math.min(MAX_WIDTH, viewport.width - 2 * MARGIN));
	const left = Math.max(MARGIN, Math.min(anchor.right - width, viewport.width - MARGIN - width));
	const below = viewport.height - anchor.bottom - GAP - MARGIN;
	const above = anchor.top - GAP - MARGIN;
	if (below >= ENOUGH_HEIGHT || below >= above)
		return { top: anchor.bottom + GAP, bottom: null, left, width, maxHeight: Math.max(below, 0) };
	return {
		top: null,
		bottom: viewport.height - anchor.top + GAP,
		left,
		width,
		maxHeight: Math.max(above, 0)
	};
}
