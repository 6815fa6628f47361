/** Types of the spec packages the spec-example test reads (neither ships its own for this use). */
declare module 'commonmark-spec' {
	interface SpecExample {
		markdown: string;
		html: string;
		section: string;
		number: number;
	}
	const spec: { text: string; tests: SpecExample[] };
	export default spec;
}
