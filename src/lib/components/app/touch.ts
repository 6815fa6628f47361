/**
 * Where a finger is the pointer, or may be: below 640 px, or wherever the pointer is coarse.
 * The same query as the `touch` variant in src/app.css (`touch:min-h-touch`, the `touch-target`
 * utility) and the renderer's buttons in markdown.css; the three change together. Script reads it where a size is computed, not styled.
 */
export const TOUCH_QUERY = '(width < 40rem), (pointer: coarse)';
