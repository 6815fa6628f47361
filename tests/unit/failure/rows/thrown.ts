import {
	ConnectTimeoutError,
	IdleTimeoutError,
	ResponseTooLargeError
} from '../../../../src/lib/failure/index.ts';
import type { ThrownRow } from './types.ts';

function systemError(message: string, code: string): Error {
	return Object.assign(new Error(message), { code });
}

/** What `fetch`, body reads, dynamic imports and our own transport throw. */
export const THROWN_ROWS: ThrownRow[] = [
	{
		name: 'our connect timeout fired (the net::ERR_CONNECTION_TIMED_OUT case, seed)',
		seed: 'S15-connection-timed-out',
		error: new ConnectTimeoutError(30_000),
		expect: { kind: 'network', networkCase: 'timeout', messageIncludes: '30 s' }
	},
	{
		name: 'Chromium "Failed to fetch" while offline',
		error: new TypeError('Failed to fetch'),
		context: { online: false },
		expect: { kind: 'network', networkCase: 'offline' }
	},
	{
		name: 'Firefox NetworkError (refused, or a CORS block)',
		error: new TypeError('NetworkError when attempting to fetch resource.'),
		context: { online: true },
		expect: { kind: 'network', networkCase: 'refused_or_blocked' }
	},
	{
		name: 'Safari "Load failed"',
		error: new TypeError('Load failed'),
		context: { online: true },
		expect: { kind: 'network', networkCase: 'refused_or_blocked' }
	},
	{
		name: 'undici fetch failed, ENOTFOUND',
		error: new TypeError('fetch failed', {
			cause: systemError('getaddrinfo ENOTFOUND gw.example.invalid', 'ENOTFOUND')
		}),
		expect: {
			kind: 'network',
			networkCase: 'refused_or_blocked',
			code: 'ENOTFOUND',
			messageIncludes: 'DNS'
		}
	},
	{
		name: 'undici fetch failed, UND_ERR_CONNECT_TIMEOUT',
		error: new TypeError('fetch failed', {
			cause: systemError(
				'Connect Timeout Error (attempted address: 10.0.0.1:443, timeout: 10000ms)',
				'UND_ERR_CONNECT_TIMEOUT'
			)
		}),
		expect: { kind: 'network', networkCase: 'timeout', code: 'UND_ERR_CONNECT_TIMEOUT' }
	},
	{
		name: 'our idle timeout fired mid-stream',
		error: new IdleTimeoutError(90_000),
		expect: { kind: 'stream_stalled', messageIncludes: '90 s' }
	},
	{
		name: 'undici "terminated" mid-body (socket closed)',
		error: new TypeError('terminated', {
			cause: systemError('other side closed', 'UND_ERR_SOCKET')
		}),
		expect: { kind: 'stream_interrupted' }
	},
	{
		name: 'Chromium network error while reading the body',
		error: new TypeError('network error'),
		context: { during: 'stream', online: true },
		expect: { kind: 'stream_interrupted' }
	},
	{
		name: 'our response size cap',
		error: new ResponseTooLargeError(8 * 1024 * 1024),
		expect: { kind: 'response_too_large' }
	},
	{
		name: 'Chromium dynamic import failure',
		error: new TypeError(
			'Failed to fetch dynamically imported module: https://chat.example.com/_app/immutable/nodes/2.Bq3x.js'
		),
		expect: { kind: 'asset_timeout' }
	},
	{
		name: 'Safari dynamic import failure',
		error: new TypeError('Importing a module script failed.'),
		expect: { kind: 'asset_timeout' }
	},
	{
		name: 'JSON SyntaxError',
		error: new SyntaxError('Unexpected token \'<\', "<html><hea"... is not valid JSON'),
		expect: { kind: 'malformed_response' }
	},
	{
		name: 'anything else',
		error: new RangeError('Maximum call stack size exceeded'),
		expect: { kind: 'unknown', messageIncludes: 'Maximum call stack size exceeded' }
	}
];
