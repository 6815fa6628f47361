/**
 * English's deferred strings, loaded when a part of the first paint needs them only once the
 * person acts (what an export or import reports): they arrive with the code that does the work,
 * not with the page. Another language shown has them already (its catalogue is whole).
 */
import type { DeferredCatalogue } from './catalogue.ts';

export function loadEnglishDeferred(): Promise<DeferredCatalogue> {
	return import('./en-deferred.ts').then((module) => module.enDeferred);
}
