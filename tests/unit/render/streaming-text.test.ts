import { describe, expect, it } from 'vitest';
import {
	openStreamingText,
	settleStreamedText,
	streamingTextOf,
	syncStreamedText
} from '../../../src/lib/render/streaming-text.svelte.ts';

describe('StreamingText', () => {
	it('holds what streamed per channel and tells listeners each delta', () => {
		const live = openStreamingText('m1');
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

	it('is brought into the message when saved, and settles it when the turn ends', () => {
		const message = { id: 'm2', text: '', reasoning: '' };
		const live = openStreamingText('m2');
		live.append('text', 'partial');
		syncStreamedText(message);
		expect(message.text).toBe('partial');
		expect(streamingTextOf('m2')).toBe(live);
		live.append('text', ' and the rest');
		settleStreamedText(message);
		expect(message.text).toBe('partial and the rest');
		expect(streamingTextOf('m2')).toBeUndefined();
	});

	it('serializes to its text, never to its listeners', () => {
		const live = openStreamingText('m3');
		live.subscribe('text', () => undefined);
		live.append('text', 'a');
		expect(JSON.parse(JSON.stringify({ live }))).toEqual({ live: { text: 'a', reasoning: '' } });
	});
});
