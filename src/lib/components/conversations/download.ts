import type { Download } from '$lib/chat/library.svelte';

/** Saves `download` as a file through a temporary object URL (nothing leaves the browser). */
export function saveDownload(download: Download): void {
	const url = URL.createObjectURL(new Blob([download.text], { type: download.mimeType }));
	const link = document.createElement('a');
	link.href = url;
	link.download = download.filename;
	link.rel = 'noopener';
	document.body.append(link);
	link.click();
	link.remove();
	setTimeout(() => URL.revokeObjectURL(url), 1000);
}
