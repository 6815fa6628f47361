/**
 * What the demo model says: deterministic markdown built from the prompt, with the parts a real
 * answer has (emphasis, a list, a table, a fenced code block), split into tokens for streaming.
 */

const MULTIBYTE_TEXT =
	'Multibyte check — emoji 😀👍🏽🧑‍💻, CJK 你好世界、こんにちは、안녕하세요, accents café naïve, ' +
	'math ∑∫√∞, and a flag 🇺🇳. Every character above crossed the wire split between writes.';

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

/**
 * Splits text into stream tokens of a word or so each (whitespace kept with the word before it),
 * the way model deltas arrive. Joining the tokens gives back the text exactly.
 */
export function tokenize(text: string): string[] {
	return text.match(/\S+\s*|\s+/gu) ?? [];
}
