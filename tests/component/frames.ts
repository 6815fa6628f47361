/**
 * Resolves in the animation frame callbacks of the `count`-th frame from now, before that frame's
 * own style and layout: every frame before it has run its style, layout, resize and intersection
 * observations and paint (HTML, "update the rendering").
 */
export function frames(count = 1): Promise<void> {
	return new Promise((resolve) => {
		const step = (left: number): void => {
			if (left === 0) resolve();
			else requestAnimationFrame(() => step(left - 1));
		};
		step(count);
	});
}
