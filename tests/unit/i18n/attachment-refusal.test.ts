/**
 * A file the composer refuses is named, with why, in the language shown: the limits are facts
 * (attachment-intake.ts), the sentence is the catalogue's.
 */
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, refusalOf } from '../../../src/lib/chat/attachment-intake.ts';
import { refusalText } from '../../../src/lib/components/chat/attachment-refusal.ts';
import { enDeferred as en } from '../../../src/lib/i18n/en-deferred.ts';
import { zhCN } from '../../../src/lib/i18n/zh-CN.ts';

const MB = 1024 * 1024;

describe('attachment refusals', () => {
	it('a file type that cannot be sent', () => {
		const refusal = refusalOf({ name: 'notes.txt', type: 'text/plain', size: 5 }, 0, 0);
		expect(refusal).toEqual({ kind: 'unsupported_type', name: 'notes.txt' });
		if (refusal === null) throw new Error('refused');
		expect(refusalText(refusal, en.attachmentRefusal)).toBe(
			'notes.txt: this file type can’t be sent; attach PNG, JPEG, WebP, GIF or PDF.'
		);
		expect(refusalText(refusal, zhCN.attachmentRefusal)).toBe(
			'notes.txt：无法发送此类型的文件；请添加 PNG、JPEG、WebP、GIF 或 PDF 文件。'
		);
	});

	it('too large, with its size and the limit', () => {
		const refusal = refusalOf({ name: 'scan.pdf', type: 'application/pdf', size: 12 * MB }, 0, 0);
		expect(refusal).toEqual({
			kind: 'pdf_too_large',
			name: 'scan.pdf',
			bytes: 12 * MB,
			limitBytes: ATTACHMENT_LIMITS.pdfBytes
		});
		if (refusal === null) throw new Error('refused');
		expect(refusalText(refusal, en.attachmentRefusal)).toBe(
			'scan.pdf is 12.0 MB; a PDF can be at most 10.0 MB.'
		);
		expect(refusalText(refusal, zhCN.attachmentRefusal)).toBe(
			'scan.pdf 的大小为 12.0 MB；PDF 最大为 10.0 MB。'
		);
		const image = refusalOf({ name: 'photo.png', type: 'image/png', size: 6 * MB }, 0, 0);
		expect(image?.kind).toBe('image_too_large');
	});

	it('too many files, or too many bytes together', () => {
		const png = { name: 'tile.png', type: 'image/png', size: MB };
		const many = refusalOf(png, ATTACHMENT_LIMITS.files, 0);
		if (many === null) throw new Error('refused');
		expect(refusalText(many, zhCN.attachmentRefusal)).toBe(
			'tile.png：一条消息最多只能带 10 个文件。'
		);
		const heavy = refusalOf(png, 3, ATTACHMENT_LIMITS.totalBytes);
		if (heavy === null) throw new Error('refused');
		expect(refusalText(heavy, en.attachmentRefusal)).toBe(
			'tile.png: all files of a message together can be at most 20.0 MB.'
		);
		expect(refusalOf(png, 0, 0)).toBeNull();
	});

	it('when the checks could not be loaded, each file is named and the way out said', () => {
		const refusal = { kind: 'unavailable', name: 'photo.png' } as const;
		expect(refusalText(refusal, en.attachmentRefusal)).toBe(
			'photo.png could not be attached: the app server could not be reached. When the connection is back, reload the page (your draft is kept) and attach it again.'
		);
		expect(refusalText(refusal, zhCN.attachmentRefusal)).toContain('photo.png');
	});
});
