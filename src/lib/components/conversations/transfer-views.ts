/**
 * What the export and import buttons do (transfer.svelte.ts) and what an import shows while it
 * runs and when it is done (ImportStatus.svelte): loaded when the pointer or focus first reaches
 * the buttons, or at the first click, not with the page. A load that fails is not kept, so the
 * next use tries again.
 */
import type ImportStatus from './ImportStatus.svelte';
import type { Transfer } from './transfer.svelte';

export interface TransferViews {
	Transfer: typeof Transfer;
	ImportStatus: typeof ImportStatus;
}

let loading: Promise<TransferViews> | null = null;

export function loadTransferViews(): Promise<TransferViews> {
	loading ??= Promise.all([import('./transfer.svelte'), import('./ImportStatus.svelte')]).then(
		([transfer, status]) => ({ Transfer: transfer.Transfer, ImportStatus: status.default }),
		(error: unknown) => {
			loading = null;
			throw error;
		}
	);
	return loading;
}
