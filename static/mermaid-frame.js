/*
 * The script of the diagram document (mermaid-frame.html). It runs only as the page frames it: in
 * a sandbox without allow-same-origin (an opaque origin, `self.origin === 'null'`) inside another
 * window. Opened any other way — as a page of its own, or framed without the sandbox, where it
 * would run as the app's origin — it does nothing.
 *
 * Protocol (messages `{ type: 'switchboard-diagram', kind, … }`): it posts `ready`; the parent
 * window (only it is listened to) answers `render` with the source and the address of the app's
 * mermaid script, which must be on this document's own server; it posts `rendered` with the
 * drawing's height, `size` when that height changes, or `failed` with mermaid's reason.
 */
(function () {
	'use strict';
	if (self.origin !== 'null' || window.parent === window) return;

	var TYPE = 'switchboard-diagram';
	var MAX_SOURCE_CHARS = 50000;
	var loading = null;
	var drawn = 0;
	var lastHeight = -1;

	function post(message) {
		message.type = TYPE;
		// The parent's origin is not known to an opaque document; nothing secret is sent.
		window.parent.postMessage(message, '*');
	}

	function loadMermaid(address) {
		if (loading !== null) return loading;
		var url = new URL(address, location.href);
		var here = new URL(location.href);
		if (url.origin !== here.origin || !/\.m?js$/.test(url.pathname)) {
			return Promise.reject(new Error('The diagram script must be one of the app’s own files.'));
		}
		loading = new Promise(function (resolve, reject) {
			var script = document.createElement('script');
			script.src = url.href;
			script.onload = function () {
				if (window.mermaid) resolve(window.mermaid);
				else reject(new Error('mermaid did not load'));
			};
			script.onerror = function () {
				reject(new Error('mermaid could not be loaded'));
			};
			document.head.appendChild(script);
		});
		return loading;
	}

	function height() {
		return Math.ceil(document.documentElement.getBoundingClientRect().height);
	}

	function report(kind) {
		var now = height();
		if (kind === 'size' && now === lastHeight) return;
		lastHeight = now;
		post({ kind: kind, height: now });
	}

	function draw(source, script) {
		var container = document.getElementById('diagram');
		var dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
		return loadMermaid(script)
			.then(function (mermaid) {
				mermaid.initialize({
					startOnLoad: false,
					securityLevel: 'strict',
					theme: dark ? 'dark' : 'default',
					maxTextSize: MAX_SOURCE_CHARS,
					maxEdges: 1000
				});
				drawn++;
				return mermaid.render('diagram-' + drawn, source);
			})
			.then(function (result) {
				// Mermaid's own output, sanitised by it (securityLevel strict), in this opaque-origin
				// document only.
				container.innerHTML = result.svg;
				report('rendered');
				if (typeof ResizeObserver === 'function') {
					new ResizeObserver(function () {
						report('size');
					}).observe(document.documentElement);
				}
			});
	}

	window.addEventListener('message', function (event) {
		if (event.source !== window.parent) return;
		var data = event.data;
		if (typeof data !== 'object' || data === null || data.type !== TYPE) return;
		if (data.kind !== 'render' || typeof data.source !== 'string') return;
		if (typeof data.script !== 'string' || data.source.length > MAX_SOURCE_CHARS) return;
		if (drawn > 0) return;
		draw(data.source, data.script).catch(function (error) {
			var message = error && typeof error.message === 'string' ? error.message : String(error);
			post({ kind: 'failed', message: message.slice(0, 500) });
		});
	});

	post({ kind: 'ready' });
})();
