/**
 * Fires once when nothing has arrived for `timeoutMs`. Arrivals only record the time (`touch()`
 * costs no timer); a single timeout, re-armed for the remaining time when it wakes early, checks
 * the silence. So a stream costs about one timer per `timeoutMs`, not one per chunk or event.
 */
export interface IdleWatchdog {
	touch(): void;
	stop(): void;
}

export function startIdleWatchdog(timeoutMs: number, onIdle: () => void): IdleWatchdog {
	let last = performance.now();
	let timer: ReturnType<typeof setTimeout> | undefined;

	function check(): void {
		const silent = performance.now() - last;
		if (silent >= timeoutMs) {
			timer = undefined;
			onIdle();
			return;
		}
		timer = setTimeout(check, timeoutMs - silent);
	}

	timer = setTimeout(check, timeoutMs);
	return {
		touch() {
			last = performance.now();
		},
		stop() {
			if (timer !== undefined) clearTimeout(timer);
			timer = undefined;
		}
	};
}
