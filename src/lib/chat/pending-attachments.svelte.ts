/**
 * The files in the composer, before they are sent: checked against the limits
 * (attachment-intake.ts), images scaled down where needed (prepare-image.ts), each with a preview
 * URL. Refusals are kept in `refusals`, each naming its file; nothing accepted is dropped.
 *
 * The checks and the scaling load with the first file attached, not with the first paint; when
 * they cannot be loaded, each file is refused as `unavailable`. Chromium keeps a failed module
 * load for the page's life, so the refusal asks for a reload (tests/e2e/tools-and-attachments).
 */
import type { DraftFile } from './storage/conversation-store.ts';
import type { AttachmentRef } from './storage/records.ts';
import type * as AttachmentIntake from './attachment-intake.ts';
import type { AttachmentRefusal } from './attachment-intake.ts';
import type * as PrepareImage from './prepare-image.ts';
import { base64ToBlob } from './storage/blob-base64.ts';

type Intake = typeof AttachmentIntake & typeof PrepareImage;

/** The intake code; `null` when it could not be loaded. */
function loadIntake(): Promise<Intake | null> {
	return Promise.all([import('./attachment-intake.ts'), import('./prepare-image.ts')]).then(
		([intake, image]) => ({ ...intake, ...image }),
		() => null
	);
}

export interface PendingAttachment {
	id: string;
	kind: AttachmentRef['kind'];
	mimeType: AttachmentRef['mimeType'];
	name: string;
	blob: Blob;
	previewUrl: string;
}

/**
 * Where the files in the composer are kept while they wait (the conversation's storage, through
 * its writer): each file added is saved, each removed forgotten. The prompt that sends them takes
 * them out itself, in the same write.
 */
export interface DraftFileKeeper {
	save(file: PendingAttachment): void;
	forget(id: string): void;
}

export class PendingAttachments {
	#items = $state.raw<PendingAttachment[]>([]);
	#refusals = $state.raw<readonly AttachmentRefusal[]>([]);
	#disposed = false;

	constructor(private readonly keeper: DraftFileKeeper | null = null) {}

	get items(): readonly PendingAttachment[] {
		return this.#items;
	}
	/** Why the last files could not all be added; empty when they could. */
	get refusals(): readonly AttachmentRefusal[] {
		return this.#refusals;
	}

	async add(files: readonly File[]): Promise<void> {
		const intake = await loadIntake();
		if (intake === null) {
			this.#refusals = files.map((file) => ({ kind: 'unavailable', name: file.name }));
			return;
		}
		const { attachmentType, prepareImage, refusalOf } = intake;
		const refusals: AttachmentRefusal[] = [];
		for (const file of files) {
			const type = attachmentType(file);
			const blob =
				type === null || type === 'application/pdf' ? file : await prepareImage(file, type);
			const sent = { name: file.name, type: blob.type || (type ?? file.type), size: blob.size };
			const refusal = refusalOf(sent, this.#items.length, this.#total());
			if (refusal !== null || type === null) {
				refusals.push(refusal ?? { kind: 'unsupported_type', name: file.name });
				continue;
			}
			const mimeType = attachmentType(sent) ?? type;
			this.#push({
				name: file.name,
				mimeType,
				blob: blob.type === mimeType ? blob : new Blob([blob], { type: mimeType })
			});
		}
		this.#refusals = refusals;
	}

	/** A generated image, sent back as input. */
	async addImage(image: { mimeType: string; base64: string }, name: string): Promise<void> {
		const intake = await loadIntake();
		if (intake === null) {
			this.#refusals = [{ kind: 'unavailable', name }];
			return;
		}
		const { attachmentType, refusalOf } = intake;
		const mimeType = attachmentType({ name, type: image.mimeType });
		if (mimeType === null) return;
		const blob = base64ToBlob(image.base64, mimeType);
		const refusal = refusalOf(
			{ name, type: mimeType, size: blob.size },
			this.#items.length,
			this.#total()
		);
		this.#refusals = refusal === null ? [] : [refusal];
		if (refusal === null) this.#push({ name, mimeType, blob });
	}

	/**
	 * The files that were waiting when the conversation was last open (a reload, another
	 * conversation shown meanwhile), before any added since.
	 */
	restore(files: readonly DraftFile[]): void {
		if (this.#disposed) return;
		const known = this.#items.map((item) => item.id);
		const restored = files
			.filter((file) => !known.includes(file.id))
			.map(({ id, kind, mimeType, name, blob }) => ({
				id,
				kind,
				mimeType,
				name,
				blob,
				previewUrl: URL.createObjectURL(blob)
			}));
		if (restored.length > 0) this.#items = [...restored, ...this.#items];
	}

	remove(id: string): void {
		const item = this.#items.find((candidate) => candidate.id === id);
		if (item !== undefined) URL.revokeObjectURL(item.previewUrl);
		this.keeper?.forget(id);
		this.#items = this.#items.filter((candidate) => candidate.id !== id);
		this.#refusals = [];
	}

	/** The files, taken out for sending; their preview URLs are the caller's to revoke. */
	take(): PendingAttachment[] {
		const taken = this.#items;
		this.#items = [];
		this.#refusals = [];
		return [...taken];
	}

	dispose(): void {
		this.#disposed = true;
		for (const item of this.#items) URL.revokeObjectURL(item.previewUrl);
		this.#items = [];
	}

	#total(): number {
		return this.#items.reduce((sum, item) => sum + item.blob.size, 0);
	}

	#push(file: { name: string; mimeType: AttachmentRef['mimeType']; blob: Blob }): void {
		const item: PendingAttachment = {
			id: crypto.randomUUID(),
			kind: file.mimeType === 'application/pdf' ? 'pdf' : 'image',
			mimeType: file.mimeType,
			name: file.name,
			blob: file.blob,
			previewUrl: URL.createObjectURL(file.blob)
		};
		this.#items = [...this.#items, item];
		this.keeper?.save(item);
	}
}
