import { describe, expect, it } from 'vitest';
import { TurnRun } from '../../../src/lib/chat/turn-run.svelte.ts';
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

	it('is brought into the message by its turn when saved, as far as it has come', () => {
		const message = { text: '', reasoning: '' };
		const run = new TurnRun('m2');
		run.live.append('text', 'partial');
		run.live.append('reasoning', 'why');
		run.syncInto(message);
		expect(message).toEqual({ text: 'partial', reasoning: 'why' });
		run.live.append('text', ' and the rest');
		run.syncInto(message);
		expect(message.text).toBe('partial and the rest');
	});

	it('serializes to its text, never to its listeners', () => {
		const live = new StreamingText();
		live.subscribe('text', () => undefined);
		live.append('text', 'a');
		expect(JSON.parse(JSON.stringify({ live }))).toEqual({ live: { text: 'a', reasoning: '' } });
	});
});
