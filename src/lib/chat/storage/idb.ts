/** Promise wrappers for the two IndexedDB callbacks that matter: a request and a transaction. */

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
	});
}

/** Resolves when the transaction commits; rejects with its error (e.g. QuotaExceededError). */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
	return new Promise((resolve, reject) => {
		transaction.oncomplete = () => resolve();
		transaction.onerror = () =>
			reject(transaction.error ?? new Error('IndexedDB transaction failed'));
		transaction.onabort = () =>
			reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
	});
}

/** True for the errors that mean "the disk or the origin's quota is full". */
export function isQuotaError(error: unknown): boolean {
	return (
		error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
	);
}
