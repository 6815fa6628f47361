/**
 * A remote image is never fetched until the person asks: it renders as a button naming the host
 * ("Load image from example.com"); a click swaps in the image, sent without a referrer. Loading an
 * image is a request to a third party that can carry data out of the conversation (an address
 * the model was led to write), so it is the person's decision, one image at a time.
 *
 * The image is shown in a sandboxed frame of the app's `remote-image` document, whose own policy
 * allows that one image's origin (src/lib/server/remote-image-frame.ts): the chat page's policy
 * keeps `img-src` to itself, data: and blob:, whatever the person loads.
 */

/** The app's remote-image document, relative to the chat page (the app's root page). */
export const REMOTE_IMAGE_ROUTE = 'remote-image';

function remoteImageFrame(doc: Document, src: string, alt: string, title: string): HTMLElement {
	const frame = doc.createElement('iframe');
	const url = new URL(REMOTE_IMAGE_ROUTE, doc.baseURI);
	url.searchParams.set('src', src);
	url.searchParams.set('alt', alt);
	// No scripts, an opaque origin, no referrer: the document only shows the image.
	frame.setAttribute('sandbox', '');
	frame.setAttribute('referrerpolicy', 'no-referrer');
	frame.setAttribute('class', 'md-image-frame');
	frame.setAttribute('data-remote-image-frame', '');
	frame.setAttribute(
		'title',
		title !== '' ? title : alt !== '' ? alt : rendererLabels(doc).imageFrom(hostOf(src))
	);
	frame.setAttribute('src', url.href);
	return frame;
}
import { hostOf } from '../core/url-policy.ts';
import { rendererLabels } from './labels.ts';

export function remoteImagePlaceholder(
	doc: Document,
	src: string,
	alt: string,
	title: string
): HTMLElement {
	const button = doc.createElement('button');
	button.setAttribute('type', 'button');
	button.setAttribute('class', 'md-image-load');
	button.setAttribute('data-remote-image', '');
	const label = doc.createElement('span');
	label.appendChild(doc.createTextNode(rendererLabels(doc).loadImage(hostOf(src))));
	button.appendChild(label);
	if (alt !== '') {
		const description = doc.createElement('span');
		description.setAttribute('class', 'md-image-alt');
		description.appendChild(doc.createTextNode(alt));
		button.appendChild(description);
	}
	button.addEventListener('click', () => {
		button.parentNode?.replaceChild(remoteImageFrame(doc, src, alt, title), button);
	});
	return button;
}

/** An image whose address is not allowed: its description, as text. */
export function refusedImage(doc: Document, alt: string): HTMLElement {
	const labels = rendererLabels(doc);
	const span = doc.createElement('span');
	span.setAttribute('class', 'md-image-refused');
	span.setAttribute('title', labels.imageNotAllowed);
	span.appendChild(doc.createTextNode(alt === '' ? labels.image : alt));
	return span;
}
