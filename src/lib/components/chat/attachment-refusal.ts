import { assertNever } from '$lib/failure/assert-never';
import type { AttachmentRefusal } from '$lib/chat/attachment-intake';
import { megabytes } from '$lib/chat/file-size';
import type { DeferredCatalogue } from '$lib/i18n/catalogue';

/** A refused file, said in the language of `words`. */
export function refusalText(
	refusal: AttachmentRefusal,
	words: DeferredCatalogue['attachmentRefusal']
): string {
	switch (refusal.kind) {
		case 'unsupported_type':
			return words.unsupportedType(refusal.name);
		case 'unavailable':
			return words.unavailable(refusal.name);
		case 'too_many_files':
			return words.tooManyFiles(refusal.name, refusal.limit);
		case 'image_too_large':
			return words.imageTooLarge(
				refusal.name,
				megabytes(refusal.bytes),
				megabytes(refusal.limitBytes)
			);
		case 'pdf_too_large':
			return words.pdfTooLarge(
				refusal.name,
				megabytes(refusal.bytes),
				megabytes(refusal.limitBytes)
			);
		case 'total_too_large':
			return words.totalTooLarge(refusal.name, megabytes(refusal.limitBytes));
		default:
			return assertNever(refusal, 'attachment refusal');
	}
}
