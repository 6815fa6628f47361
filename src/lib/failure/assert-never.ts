/**
 * The end of every exhaustive `switch` over a string-literal union: the compiler rejects the call
 * when a member is unhandled, and at run time an impossible value (an untrusted record read back)
 * fails loudly instead of falling through silently.
 */
export function assertNever(value: never, what = 'value'): never {
	throw new Error(`Unhandled ${what}: ${String(value)}`);
}
