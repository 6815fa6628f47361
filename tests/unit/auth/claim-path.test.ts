import { describe, expect, it } from 'vitest';
import {
	accountClaimSubset,
	parseClaimPath,
	readAccountId
} from '../../../src/lib/auth/claim-path.ts';

describe('ACCOUNT_CLAIM paths', () => {
	it('splits at the last dot, so a claim name may itself contain dots', () => {
		expect(parseClaimPath('https://api.openai.com/auth.chatgpt_account_id')).toEqual({
			claim: 'https://api.openai.com/auth',
			field: 'chatgpt_account_id',
			path: 'https://api.openai.com/auth.chatgpt_account_id'
		});
		expect(parseClaimPath('org.id')).toMatchObject({ claim: 'org', field: 'id' });
	});

	it('a path without a usable dot names a top-level claim; blank means none', () => {
		expect(parseClaimPath('account_id')).toMatchObject({ claim: 'account_id', field: null });
		expect(parseClaimPath('trailing.')).toMatchObject({ claim: 'trailing.', field: null });
		expect(parseClaimPath('  ')).toBeNull();
		expect(parseClaimPath(null)).toBeNull();
	});

	const claims = {
		sub: 'u1',
		'https://api.openai.com/auth': { chatgpt_account_id: 'acct-123', plan: 'pro' },
		numeric: { id: 42 },
		flat: 'flat-id',
		'dotted.flat': 'dotted-flat-id',
		bad: { id: 'a\r\nInjected: 1' }
	};

	it('reads the nested field, a top-level claim, or a flat claim spelled like the path', () => {
		expect(
			readAccountId(claims, parseClaimPath('https://api.openai.com/auth.chatgpt_account_id'))
		).toBe('acct-123');
		expect(readAccountId(claims, parseClaimPath('numeric.id'))).toBe('42');
		expect(readAccountId(claims, parseClaimPath('flat'))).toBe('flat-id');
		expect(readAccountId(claims, parseClaimPath('dotted.flat'))).toBe('dotted-flat-id');
	});

	it('gives null when absent or not safe as a header value', () => {
		expect(readAccountId(claims, parseClaimPath('https://api.openai.com/auth.missing'))).toBeNull();
		expect(readAccountId(claims, parseClaimPath('bad.id'))).toBeNull();
		expect(readAccountId(claims, null)).toBeNull();
		expect(readAccountId(null, parseClaimPath('flat'))).toBeNull();
	});

	it('keeps only the account id part of a claim object', () => {
		expect(
			accountClaimSubset(claims, parseClaimPath('https://api.openai.com/auth.chatgpt_account_id'))
		).toEqual({
			'https://api.openai.com/auth': { chatgpt_account_id: 'acct-123' }
		});
		expect(accountClaimSubset(claims, parseClaimPath('nothing.here'))).toEqual({});
	});
});
