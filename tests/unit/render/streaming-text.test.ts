import { describe, expect, it } from 'vitest';
import { StreamingText } from '../../../src/lib/render/streaming-text.svelte.ts';

describe('StreamingText', () => {
	it('holds what streamed per channel and tells listeners each delta', () => {
		const live = new StreamingText();
		const heard: string[] = [];
		const stop = live.subscribe('text', (delta) => heard.push(delta));
		live.append('text', 'Hel');
		live.append('reasoning', 'think');
		live.append('text', 'lo');
		stop();
		live.append('text', '!');
		expect(live.read('text')).toBe('Hello!');
		expect(live.read('reasoning')).toBe('think');
		expect(heard).toEqual(['Hel', 'lo']);
		expect(live.has('text')).toBe(true);
	});

	it('serializes to its text, never to its listeners', () => {
		const live = new StreamingText();
		live.subscribe('text', () => undefined);
		live.append('text', 'a');
		expect(JSON.parse(JSON.stringify({ live }))).toEqual({ live: { text: 'a', reasoning: '' } });
	});
});
