/**
 * Whether the app runs inside a frame of another page. Reading `top` is allowed across origins
 * (a WindowProxy), but a browser may still throw on a cross-origin access; throwing means there
 * is a cross-origin parent, hence a frame.
 * @see HTML Living Standard, "Browsing contexts" (`window.top`) and "Cross-origin objects"
 */
export function isFramed(win: { readonly top: unknown; readonly self: unknown }): boolean {
	try {
		return win.top !== win.self;
	} catch {
		return true;
	}
}
