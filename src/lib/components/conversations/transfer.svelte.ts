/**
 * What the export and import buttons do (TransferMenu.svelte draws them): export the open
 * conversation or all of them, import an export, and what each reports. Loaded with the menu's
 * first use (transfer-views.ts), not with the page.
 */
import type { ConversationLibrary, ImportSummary } from '$lib/chat/library.svelte';
import type { ImportError } from '$lib/chat/storage/import-file';
import type { ExportFormat } from '$lib/chat/storage/transfer';
import type { DeferredCatalogue } from '$lib/i18n/catalogue';
import { loadEnglishDeferred } from '$lib/i18n/deferred-load';
import type { Locale } from '$lib/i18n/locale.svelte';
import { saveDownload } from './download';

type Report =
	| { kind: 'unavailable' | 'import_unavailable' | 'nothing_to_export_all' }
	/** Said of one conversation: only while it is the one open. */
	| { kind: 'nothing_to_export'; conversationId: string | undefined }
	| { kind: 'refused'; reason: ImportError['reason'] };

function isImportError(error: unknown): error is ImportError {
	return error instanceof Error && error.name === 'ImportError' && 'reason' in error;
}

export class Transfer {
	#library: ConversationLibrary;
	#locale: Locale;
	/** The words an export or import reports with: they load with the first export or import. */
	#english = $state.raw<DeferredCatalogue | null>(null);
	#report = $state.raw<Report | null>(null);
	#summary = $state.raw<ImportSummary | null>(null);

	constructor(library: ConversationLibrary, locale: Locale) {
		this.#library = library;
		this.#locale = locale;
	}

	/** The import and export words, once loaded (for ImportStatus.svelte). */
	get words(): DeferredCatalogue['importExport'] | null {
		return this.#english === null ? null : this.#locale.deferred(this.#english).importExport;
	}

	/** What the last import did, once it is done. */
	get summary(): ImportSummary | null {
		return this.#summary;
	}

	/** The sentence the last export or import left, or '' when there is none. */
	get said(): string {
		const report = this.#report;
		if (report === null) return '';
		switch (report.kind) {
			case 'unavailable':
				return this.#locale.t.transfer.unavailable;
			case 'import_unavailable':
				return this.#locale.t.transfer.importUnavailable;
			case 'nothing_to_export':
				return report.conversationId === this.#library.session?.id
					? (this.words?.nothingToExport ?? '')
					: '';
			case 'nothing_to_export_all':
				return this.words?.nothingToExportAll ?? '';
			case 'refused':
				return this.words?.refused[report.reason] ?? '';
		}
	}

	/**
	 * Saves the open conversation as a file, Markdown in the page's language; says so when there is
	 * none or it cannot.
	 */
	async exportCurrent(format: 'json' | 'markdown'): Promise<void> {
		this.#clear();
		const id = this.#library.session?.id;
		try {
			const english = (this.#english ??= await loadEnglishDeferred());
			const words = this.#locale.deferred(english).importExport.markdown;
			const as: ExportFormat = format === 'json' ? { as: 'json' } : { as: 'markdown', words };
			const download = id === undefined ? null : await this.#library.exportOne(id, as);
			if (download === null) this.#report = { kind: 'nothing_to_export', conversationId: id };
			else saveDownload(download);
		} catch {
			this.#report = { kind: 'unavailable' };
		}
	}

	/** Saves every conversation as one JSON file; says so when none is saved yet. */
	async exportAll(): Promise<void> {
		this.#clear();
		try {
			this.#english ??= await loadEnglishDeferred();
			if (this.#library.conversations.length === 0) {
				this.#report = { kind: 'nothing_to_export_all' };
				return;
			}
			saveDownload(await this.#library.exportAll());
		} catch {
			this.#report = { kind: 'unavailable' };
		}
	}

	/** Imports an export; a file that is not one is refused with its reason. */
	async importFile(file: File): Promise<void> {
		this.#clear();
		try {
			this.#english ??= await loadEnglishDeferred();
			this.#summary = await this.#library.importJson(await file.text());
		} catch (error) {
			// Not an export (said by its reason); anything else is storage or loading.
			this.#report = isImportError(error)
				? { kind: 'refused', reason: error.reason }
				: { kind: 'import_unavailable' };
		}
	}

	/** The person is done with the last import's summary. */
	dismissSummary(): void {
		this.#summary = null;
	}

	#clear(): void {
		this.#report = null;
		this.#summary = null;
	}
}
