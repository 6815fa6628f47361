/**
 * Hop-by-hop header fields: they describe one connection, never the message, so an intermediary
 * removes them and every field the `Connection` header names before forwarding
 * (RFC 9110 §7.6.1). `proxy-*` fields are about a proxy's own authentication and connection.
 */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
	'connection',
	'keep-alive',
	'te',
	'trailer',
	'transfer-encoding',
	'upgrade',
	// Not in RFC 9110's list, but sent by old clients for the same purpose.
	'proxy-connection'
]);

/** Lower-case names a message's `Connection` header marks as hop-by-hop. */
export function connectionOptions(connection: string | null): Set<string> {
	const names = new Set<string>();
	for (const option of (connection ?? '').split(',')) {
		const name = option.trim().toLowerCase();
		if (name !== '') names.add(name);
	}
	return names;
}

/** True for a field that must not cross the relay, given the message's `Connection` options. */
export function isHopByHop(name: string, options: ReadonlySet<string>): boolean {
	const lower = name.toLowerCase();
	return HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || options.has(lower);
}
