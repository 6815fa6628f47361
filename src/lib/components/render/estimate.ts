/**
 * A rough rendered height (px) for text not rendered yet, so that the scroll height stays
 * plausible before lazy rendering fills it in (and for `contain-intrinsic-size`).
 */
export function estimatedHeight(text: string): number {
	const lines = text.length / 90 + (text.match(/\n/g)?.length ?? 0) * 0.6;
	return Math.round(Math.min(4000, 24 + 24 * lines));
}
