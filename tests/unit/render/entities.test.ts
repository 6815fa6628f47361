import { describe, expect, it } from 'vitest';
import {
	COMMON_ENTITIES,
	decodeEntity,
	EntityScan,
	entityTableLoaded,
	loadEntityTable
} from '../../../src/lib/render/core/entities.ts';

/**
 * The full table of named references loads on first need; the built-in names decode before it.
 * The tests in this file run in order: the table is not loaded until the test that loads it.
 */
describe('named character references', () => {
	it('decodes the built-in names, and numeric references, before the full table loads', () => {
		expect(entityTableLoaded()).toBe(false);
		expect(decodeEntity('&mdash;')).toBe('—');
		expect(decodeEntity('&nbsp;')).toBe('\u00a0');
		expect(decodeEntity('&#x1F600;')).toBe('😀');
		expect(decodeEntity('&ouml;')).toBeNull();
	});

	it('sees a name only the full table knows, even split between pieces', () => {
		const scan = new EntityScan();
		expect(scan.needsTable('a &amp; b &mdash; c')).toBe(false);
		expect(scan.needsTable('no reference & here')).toBe(false);
		expect(scan.needsTable('Sch&ou')).toBe(false);
		expect(scan.needsTable('ml;n')).toBe(true);
		const other = new EntityScan();
		expect(other.needsTable('&')).toBe(false);
		expect(other.needsTable('HilbertSpace')).toBe(false);
		expect(other.needsTable(';')).toBe(true);
		// Not a reference at all: no table needed.
		expect(new EntityScan().needsTable('& ouml; &1x; &;')).toBe(false);
	});

	it('after loading, decodes every HTML5 name, and the built-in ones agree with the table', async () => {
		await loadEntityTable();
		expect(entityTableLoaded()).toBe(true);
		expect(decodeEntity('&ouml;')).toBe('ö');
		expect(decodeEntity('&ClockwiseContourIntegral;')).toBe('∲');
		expect(decodeEntity('&nosuchname;')).toBeNull();
		for (const [name, value] of Object.entries(COMMON_ENTITIES)) {
			expect([name, decodeEntity(`&${name};`)]).toEqual([name, value]);
		}
		// Loaded, nothing more is needed.
		expect(new EntityScan().needsTable('&ouml;')).toBe(false);
	});
});
