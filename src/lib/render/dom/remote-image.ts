/**
 * A remote image is never fetched until the person asks: it renders as a button naming the host
 * ("Load image from example.com"); a click swaps in the <img>, sent without a referrer. Loading an
 * image is a request to a third party that can carry data out of the conversation (an address
 * the model was led to write), so it is the person's decision, one image at a time.
 */
import { hostOf } from '../core/url-policy.ts';

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
	label.appendChild(doc.createTextNode(`Load image from ${hostOf(src)}`));
	button.appendChild(label);
	if (alt !== '') {
		const description = doc.createElement('span');
		description.setAttribute('class', 'md-image-alt');
		description.appendChild(doc.createTextNode(alt));
		button.appendChild(description);
	}
	button.addEventListener('click', () => {
		const image = doc.createElement('img');
		image.setAttribute('alt', alt);
		if (title !== '') image.setAttribute('title', title);
		image.setAttribute('referrerpolicy', 'no-referrer');
		image.setAttribute('decoding', 'async');
		image.setAttribute('src', src);
		button.parentNode?.replaceChild(image, button);
	});
	return button;
}

/** An image whose address is not allowed: its description, as text. */
export function refusedImage(doc: Document, alt: string): HTMLElement {
	const span = doc.createElement('span');
	span.setAttribute('class', 'md-image-refused');
	span.setAttribute('title', 'Image not shown: its address is not allowed');
	span.appendChild(doc.createTextNode(alt === '' ? 'image' : alt));
	return span;
}
