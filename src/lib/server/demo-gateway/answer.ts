/**
 * What the demo model says: deterministic markdown built from the prompt, with the parts a real
 * answer has (emphasis, a list, a table, a fenced code block), split into tokens for streaming.
 */

const MULTIBYTE_TEXT =
	'Multibyte check — emoji 😀👍🏽🧑‍💻, CJK 你好世界、こんにちは、안녕하세요, accents café naïve, ' +
	'math ∑∫√∞, and a flag 🇺🇳. Every character above crossed the wire split between writes.';

/** The prompt as the answer quotes it: every `#scenario:…` token (`:once` included) left out. */
function quote(prompt: string): string {
	const cleaned = prompt.replace(/#scenario:\S+/g, '').trim();
	if (cleaned === '') return 'an empty prompt';
	const short = cleaned.length > 120 ? `${cleaned.slice(0, 117)}…` : cleaned;
	return `“${short.replace(/\s+/g, ' ')}”`;
}

export function demoAnswer(prompt: string, model: string): string {
	return [
		`You said ${quote(prompt)}. This is **${model}** on the Switchboard *demo gateway*, streaming a real event stream.`,
		'',
		'Here is what a typical answer contains:',
		'',
		'1. Paragraphs with **bold**, *italic* and `inline code`.',
		'2. Lists, like this one.',
		'3. Tables and fenced code blocks.',
		'',
		'| route | endpoint |',
		'| --- | --- |',
		'| responses | `/v1/responses` |',
		'| messages | `/v1/messages` |',
		'',
		'```ts',
		'function greet(name: string): string {',
		'\treturn `Hello, ${name}!`;',
		'}',
		'```',
		'',
		'Add `#scenario:<name>` to a message to see how Switchboard handles a failure.'
	].join('\n');
}

/**
 * What is left to say after a prefill, as the Messages API continues from a final assistant
 * message: the rest of `answer` when it begins with the prefill (a cut answer being continued),
 * otherwise all of it.
 */
export function continuation(answer: string, prefill: string | null): string {
	if (prefill === null) return answer;
	return answer.startsWith(prefill) ? answer.slice(prefill.length) : answer;
}

/**
 * `#scenario:math`: an answer with TeX math, inline (`$…$`, `\(…\)`) and display (`$$` blocks,
 * `\[…\]`), prices that are not math, TeX in code, and a mermaid diagram: what the renderer typesets
 * with KaTeX and draws in its sandboxed diagram frame.
 */
export function mathAnswer(): string {
	return [
		'## Math and diagrams',
		'',
		'The roots of $ax^2 + bx + c = 0$ are given by the quadratic formula:',
		'$$',
		'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
		'$$',
		"Euler's identity \\(e^{i\\pi} + 1 = 0\\) links five constants, and a thin space survives: $a\\,b$.",
		'',
		'\\[',
		'\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}, \\qquad \\int_0^1 x^2 \\, dx = \\tfrac{1}{3}',
		'\\]',
		'',
		'Prices stay text: the plan costs $5 a month, or $50 a year. In code, `$x$` stays as written.',
		'',
		'```mermaid',
		'flowchart LR',
		'    A[Prompt] --> B{Gateway}',
		'    B -->|stream| C[Renderer]',
		'    C --> D[KaTeX]',
		'    C --> E[Diagram frame]',
		'```',
		'',
		'A diagram with a mistake stays code, with a note:',
		'',
		'```mermaid',
		'flowchart LR',
		'    A[Unclosed --> B',
		'```',
		'',
		'That is all: math loads KaTeX only when an answer has math, and diagrams draw in a sandbox.'
	].join('\n');
}

export function demoReasoning(prompt: string): string {
	return `**Reading the request**\n\nThe person wrote ${quote(prompt)}. I will answer with a short markdown sample that shows lists, a table and code.`;
}

export function multibyteAnswer(): string {
	return MULTIBYTE_TEXT;
}

/** A large markdown answer of about `bytes` UTF-8 bytes, for rendering and size tests. */
export function hugeAnswer(bytes: number): string {
	const parts: string[] = [];
	let size = 0;
	for (let section = 1; size < bytes; section++) {
		const block = [
			`## Section ${section}`,
			'',
			`Paragraph ${section}: streaming markdown should stay smooth no matter how long the answer gets, with **bold** and \`code\` spans.`,
			'',
			`- item ${section}.1`,
			`- item ${section}.2 — ünïcödé ✓`,
			'',
			'```js',
			`const section${section} = Array.from({ length: ${section} }, (_, i) => i * 2);`,
			'```',
			''
		].join('\n');
		parts.push(block);
		size += Buffer.byteLength(block) + 1;
	}
	return parts.join('\n');
}

const BENCH_WORDS =
	'stream render parse token frame layout paint buffer chunk delta table list code model reply answer latency budget cache queue event'.split(
		' '
	);

/**
 * The render benchmark's answer: a fixed markdown document of about `bytes` UTF-8 bytes, the same
 * for every run (seeded), with what long model answers hold: headings, paragraphs with inline
 * markup and links, nested and ordered lists, tables, fenced code in several languages, quotes.
 */
export function benchAnswer(bytes: number): string {
	let seed = 0x5eed;
	const random = (): number => {
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
	const words = (count: number): string =>
		Array.from({ length: count }, () => pick(BENCH_WORDS)).join(' ');
	const sentence = (): string =>
		`${words(4)} **${words(2)}** ${words(5)} \`${pick(BENCH_WORDS)}()\` ${words(3)} *${words(2)}* ${words(4)}.`;
	const blocks: ((n: number) => string)[] = [
		(n) =>
			`## ${n}. ${words(3)}\n\n${sentence()} ${sentence()} [${words(2)}](https://example.com/${n}) ${sentence()}`,
		() =>
			Array.from({ length: 5 }, (_, i) => (i % 2 ? `  - ${words(6)}` : `- ${sentence()}`)).join(
				'\n'
			),
		() => Array.from({ length: 4 }, (_, i) => `${i + 1}. ${sentence()}`).join('\n'),
		(n) =>
			[`| ${words(1)} | ${words(1)} | ${words(1)} | total |`, '|:---|:---:|---:|---:|']
				.concat(
					Array.from(
						{ length: 6 },
						(_, i) => `| ${words(2)} | \`${pick(BENCH_WORDS)}\` | ${n * 7 + i} | **${i * 3}** |`
					)
				)
				.join('\n'),
		(n) =>
			['```ts', `export function ${pick(BENCH_WORDS)}${n}(input: string[]): number {`]
				.concat(
					Array.from(
						{ length: 8 },
						(_, i) =>
							`\tconst ${pick(BENCH_WORDS)}${i} = input.filter((x) => x.length > ${i}).length; // ${words(3)}`
					)
				)
				.concat(['\treturn input.length;', '}', '```'])
				.join('\n'),
		() =>
			[
				'```python',
				`def ${pick(BENCH_WORDS)}(items):`,
				`    return [x for x in items if x != "${pick(BENCH_WORDS)}"]`,
				'```'
			].join('\n'),
		() => `> ${sentence()}\n> ${sentence()}`
	];
	const parts: string[] = [];
	let size = 0;
	for (let n = 1; size < bytes; n++) {
		const block = blocks[n % blocks.length]?.(n) ?? '';
		parts.push(block);
		size += Buffer.byteLength(block) + 2;
	}
	return parts.join('\n\n');
}

/** One stream token: a word with the whitespace after it, or whitespace alone. */
const TOKEN = /\S+\s*|\s+/gu;

/**
 * Splits text into stream tokens of a word or so each (whitespace kept with the word before it),
 * the way model deltas arrive. Joining the tokens gives back the text exactly.
 */
export function tokenize(text: string): string[] {
	return text.match(TOKEN) ?? [];
}

/** The same tokens one at a time, for long answers that are streamed as they are read. */
export function* tokens(text: string): Generator<string> {
	for (const match of text.matchAll(TOKEN)) yield match[0];
}

/**
 * The text of the first `count` tokens (all of it when `count` is null), and whether that left
 * any out: what a turn says when it stops at its token budget.
 */
export function firstTokens(text: string, count: number | null): { text: string; cut: boolean } {
	if (count === null) return { text, cut: false };
	let taken = 0;
	for (const match of text.matchAll(TOKEN)) {
		if (taken === count) return { text: text.slice(0, match.index), cut: true };
		taken++;
	}
	return { text, cut: false };
}
