/**
 * A file's size as the composer's chip and a sent prompt show it: never "0.00 MB" for a small
 * file, in the unit that makes the number readable.
 */
import { describe, expect, it } from 'vitest';
import { fileSize, megabytes } from '../../../src/lib/chat/file-size.ts';

describe('fileSize', () => {
	it.each([
		[0, '0 B'],
		[15, '15 B'],
		[1023, '1023 B'],
		[1024, '1.0 KB'],
		[5_000, '4.9 KB'],
		[10 * 1024, '10 KB'],
		[512 * 1024, '512 KB'],
		[999 * 1024, '999 KB'],
		[1024 * 1024 - 1, '1.0 MB'],
		[1024 * 1024, '1.0 MB'],
		[2.4 * 1024 * 1024, '2.4 MB'],
		[19.96 * 1024 * 1024, '20.0 MB']
	])('%i bytes read %s', (bytes, shown) => {
		expect(fileSize(bytes)).toBe(shown);
	});
});

describe('megabytes (the limits a refusal names)', () => {
	it('stays in MB', () => {
		expect(megabytes(5 * 1024 * 1024)).toBe('5.0 MB');
		expect(megabytes(440_000)).toBe('0.42 MB');
	});
});
