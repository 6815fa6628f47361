/**
 * A gate a test opens when it is ready: a route handler awaits `opened` to hold a request on its
 * way (the model list, a chunk) until the test has done what must happen meanwhile, then `open()`
 * lets it through. (`Promise.withResolvers` would do, but Node 20 lacks it.)
 */
export interface Gate {
	opened: Promise<void>;
	open: () => void;
}

export function gate(): Gate {
	let open = (): void => undefined;
	const opened = new Promise<void>((resolve) => (open = resolve));
	return { opened, open };
}
