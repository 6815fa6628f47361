/**
 * The render benchmark's long answer (`bench:<KB>_<tokens/s>_llm`): a fixed markdown document
 * shaped like a long model answer to a design-and-implement request — sections under headings,
 * paragraphs of prose with inline markup and links, nested bulleted lists and numbered steps,
 * tables, notes, and long fenced code blocks (30–90 lines) in TypeScript, Python, Rust, Go, SQL,
 * shell, YAML and JSON. Seeded, so every run streams the same bytes.
 */

const NOUNS =
	'request response token frame buffer chunk message session cache queue event stream record user model answer block line table budget index worker limit retry'.split(
		' '
	);
const VERBS =
	'parse render flush load store fetch split merge measure schedule encode decode apply collect retry validate'.split(
		' '
	);
const ADJECTIVES =
	'incremental bounded stale pending partial shared stable linear costly cheap idle visible'.split(
		' '
	);
const PROSE =
	'the a each every this that when while because so then which only also still never often before after once again until without within across between per'.split(
		' '
	);
const LANGUAGES = ['ts', 'python', 'rust', 'go', 'sql', 'bash', 'yaml', 'json'] as const;

type Random = () => number;

function seeded(seed: number): Random {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

class Writer {
	readonly #random: Random;

	constructor(random: Random) {
		this.#random = random;
	}

	int(min: number, max: number): number {
		return min + Math.floor(this.#random() * (max - min + 1));
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.#random() * items.length)] as T;
	}

	chance(p: number): boolean {
		return this.#random() < p;
	}

	noun(): string {
		return this.pick(NOUNS);
	}

	camel(): string {
		const noun = this.noun();
		return `${this.pick(VERBS)}${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
	}

	snake(): string {
		return `${this.pick(VERBS)}_${this.noun()}`;
	}

	pascal(): string {
		const noun = this.noun();
		return `${noun.charAt(0).toUpperCase()}${noun.slice(1)}${this.pick(['Store', 'Queue', 'Reader', 'Plan', 'State'])}`;
	}

	words(count: number): string {
		return Array.from({ length: count }, (_, i) =>
			i % 3 === 1 ? this.pick(PROSE) : this.chance(0.5) ? this.noun() : this.pick(ADJECTIVES)
		).join(' ');
	}

	/** A sentence of prose with, now and then, inline code, emphasis, a link or a dash. */
	sentence(): string {
		const parts = [this.words(this.int(4, 9))];
		const extra = this.int(0, 6);
		if (extra === 0) parts.push(`\`${this.camel()}()\``);
		if (extra === 1) parts.push(`**${this.words(2)}**`);
		if (extra === 2) parts.push(`*${this.words(2)}*`);
		if (extra === 3) parts.push(`[${this.words(2)}](https://example.com/docs/${this.noun()})`);
		if (extra === 4) parts.push(`— ${this.words(3)},`);
		parts.push(this.words(this.int(3, 10)));
		const text = parts.join(' ');
		return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
	}

	paragraph(): string {
		return Array.from({ length: this.int(3, 6) }, () => this.sentence()).join(' ');
	}

	/** A bulleted list two or three levels deep. */
	nestedList(): string {
		const lines: string[] = [];
		for (let item = this.int(3, 6); item > 0; item--) {
			lines.push(`- **${this.words(2)}**: ${this.sentence()}`);
			for (let child = this.int(0, 3); child > 0; child--) {
				lines.push(`  - ${this.sentence()}`);
				if (this.chance(0.3)) lines.push(`    - \`${this.camel()}\` ${this.words(this.int(3, 8))}`);
			}
		}
		return lines.join('\n');
	}

	/** Numbered steps, some with a bullet or two under them. */
	steps(): string {
		const lines: string[] = [];
		const count = this.int(3, 7);
		for (let step = 1; step <= count; step++) {
			lines.push(`${step}. ${this.sentence()}`);
			if (this.chance(0.4)) lines.push(`   - ${this.sentence()}`);
		}
		return lines.join('\n');
	}

	table(): string {
		const columns = this.int(3, 6);
		const header = [this.noun(), ...Array.from({ length: columns - 1 }, () => this.words(1))];
		const align = header.map((_, i) => (i === 0 ? ':---' : i === columns - 1 ? '---:' : '---'));
		const rows = Array.from({ length: this.int(5, 12) }, (_, row) =>
			[
				`\`${this.camel()}\``,
				...Array.from({ length: columns - 2 }, () =>
					this.chance(0.3) ? `**${this.words(1)}**` : this.words(this.int(1, 4))
				),
				`${this.int(1, 999)}.${row} ms`
			].join(' | ')
		);
		return [header.join(' | '), align.join(' | '), ...rows].map((line) => `| ${line} |`).join('\n');
	}

	note(): string {
		return `> **Note:** ${this.sentence()}\n> ${this.sentence()}`;
	}

	code(): string {
		const language = this.pick(LANGUAGES);
		return ['```' + language, CODE[language](this), '```'].join('\n');
	}
}

/** Each language's long block: several functions or records, made of common statement shapes. */
const CODE: Record<(typeof LANGUAGES)[number], (w: Writer) => string> = {
	ts: (w) => {
		const type = w.pascal();
		const lines = [
			`import { ${w.camel()}, type ${w.pascal()} } from './${w.noun()}.ts';`,
			'',
			`export interface ${type} {`,
			...Array.from(
				{ length: w.int(3, 6) },
				() => `\t${w.noun()}${w.int(1, 9)}: ${w.pick(['string', 'number', 'boolean', 'string[]'])};`
			),
			'}',
			''
		];
		for (let fn = w.int(2, 4); fn > 0; fn--) {
			const name = w.camel();
			lines.push(
				`/** ${w.sentence()} */`,
				`export function ${name}(items: readonly ${type}[], limit = ${w.int(8, 512)}): Map<string, number> {`,
				'\tconst seen = new Map<string, number>();',
				'\tfor (const item of items) {',
				`\t\tconst key = \`\${item.${w.noun()}1}:${w.noun()}\`;`,
				`\t\tif ((seen.get(key) ?? 0) > limit) continue; // ${w.words(4)}`,
				`\t\tseen.set(key, (seen.get(key) ?? 0) + ${w.int(1, 16)});`
			);
			for (let s = w.int(2, 8); s > 0; s--)
				lines.push(
					w.pick([
						`\t\tif (item.${w.noun()}2 === '${w.noun()}') break;`,
						`\t\tconst ${w.noun()}${s} = Math.min(limit, ${w.int(2, 4096)} * ${s});`,
						`\t\t${w.camel()}(item, { retries: ${w.int(1, 5)}, signal });`,
						`\t\t// ${w.sentence()}`
					])
				);
			lines.push('\t}', '\treturn seen;', '}', '');
		}
		return lines.join('\n').trimEnd();
	},
	python: (w) => {
		const lines = [
			'from dataclasses import dataclass, field',
			'from typing import Iterable',
			'',
			'',
			'@dataclass',
			`class ${w.pascal()}:`,
			...Array.from(
				{ length: w.int(3, 6) },
				() =>
					`    ${w.snake()}: ${w.pick(['int', 'str', 'float', 'list[str]'])} = ${w.pick(['0', '""', '0.5', 'field(default_factory=list)'])}`
			),
			''
		];
		for (let fn = w.int(2, 4); fn > 0; fn--) {
			lines.push(
				'',
				`def ${w.snake()}(items: Iterable[dict], limit: int = ${w.int(8, 512)}) -> dict[str, int]:`,
				`    """${w.sentence()}"""`,
				'    counts: dict[str, int] = {}',
				'    for item in items:',
				`        key = f"{item['${w.noun()}']}:{item.get('${w.noun()}', '')}"`,
				'        if counts.get(key, 0) > limit:',
				'            continue'
			);
			for (let s = w.int(2, 7); s > 0; s--)
				lines.push(
					w.pick([
						`        counts[key] = counts.get(key, 0) + ${w.int(1, 16)}`,
						`        # ${w.sentence()}`,
						`        ${w.snake()} = [x for x in item.get("${w.noun()}", []) if x != "${w.noun()}"]`,
						`        if item.get("${w.noun()}") is None:\n            break`
					])
				);
			lines.push('    return counts', '');
		}
		return lines.join('\n').trimEnd();
	},
	rust: (w) => {
		const type = w.pascal();
		const lines = [
			'use std::collections::HashMap;',
			'',
			'#[derive(Debug, Clone)]',
			`pub struct ${type} {`,
			...Array.from(
				{ length: w.int(3, 5) },
				() => `    pub ${w.snake()}: ${w.pick(['u32', 'String', 'Vec<u8>', 'bool'])},`
			),
			'}',
			'',
			`impl ${type} {`
		];
		for (let fn = w.int(2, 4); fn > 0; fn--) {
			lines.push(
				`    /// ${w.sentence()}`,
				`    pub fn ${w.snake()}(&self, items: &[&str], limit: usize) -> HashMap<String, usize> {`,
				'        let mut counts = HashMap::new();',
				'        for item in items.iter().take(limit) {'
			);
			for (let s = w.int(2, 6); s > 0; s--)
				lines.push(
					w.pick([
						`            *counts.entry(item.to_string()).or_insert(0) += ${w.int(1, 9)};`,
						`            if item.len() > ${w.int(4, 64)} { continue; }`,
						`            // ${w.sentence()}`,
						`            let ${w.snake()} = item.split('${w.pick([',', ':', '/'])}').count();`
					])
				);
			lines.push('        }', '        counts', '    }', '');
		}
		lines.push('}');
		return lines.join('\n');
	},
	go: (w) => {
		const lines = ['package main', '', 'import (', '\t"fmt"', '\t"strings"', ')', ''];
		for (let fn = w.int(2, 4); fn > 0; fn--) {
			lines.push(
				`// ${w.camel()} ${w.sentence()}`,
				`func ${w.camel()}(items []string, limit int) (map[string]int, error) {`,
				'\tcounts := make(map[string]int, len(items))',
				'\tfor i, item := range items {'
			);
			for (let s = w.int(2, 6); s > 0; s--)
				lines.push(
					w.pick([
						`\t\tif i >= limit {\n\t\t\treturn nil, fmt.Errorf("${w.words(3)}: %d", i)\n\t\t}`,
						`\t\tcounts[strings.ToLower(item)] += ${w.int(1, 9)}`,
						`\t\t// ${w.sentence()}`
					])
				);
			lines.push('\t}', '\treturn counts, nil', '}', '');
		}
		return lines.join('\n').trimEnd();
	},
	sql: (w) => {
		const table = `${w.noun()}_${w.noun()}s`;
		const columns = Array.from({ length: w.int(4, 8) }, () => w.snake());
		return [
			`CREATE TABLE IF NOT EXISTS ${table} (`,
			'  id BIGSERIAL PRIMARY KEY,',
			...columns.map(
				(c) => `  ${c} ${w.pick(['TEXT NOT NULL', 'INTEGER DEFAULT 0', 'TIMESTAMPTZ', 'JSONB'])},`
			),
			'  created_at TIMESTAMPTZ NOT NULL DEFAULT now()',
			');',
			'',
			`-- ${w.sentence()}`,
			`SELECT ${columns.slice(0, 3).join(', ')}, count(*) AS total`,
			`FROM ${table}`,
			`WHERE created_at > now() - interval '${w.int(1, 30)} days'`,
			`  AND ${columns[0] ?? 'id'} <> '${w.noun()}'`,
			`GROUP BY ${columns.slice(0, 3).join(', ')}`,
			'HAVING count(*) > 1',
			`ORDER BY total DESC`,
			`LIMIT ${w.int(10, 500)};`
		].join('\n');
	},
	bash: (w) => {
		const lines = ['#!/usr/bin/env bash', 'set -euo pipefail', ''];
		for (let s = w.int(8, 20); s > 0; s--)
			lines.push(
				w.pick([
					`# ${w.sentence()}`,
					`${w.snake().toUpperCase()}="\${${w.noun().toUpperCase()}_DIR:-/var/lib/${w.noun()}}"`,
					`npm run ${w.noun()} -- --${w.noun()} ${w.int(1, 64)} | tee "/tmp/${w.noun()}.log"`,
					`if [[ -f "${w.noun()}.json" ]]; then\n  jq '.${w.noun()}' "${w.noun()}.json"\nfi`,
					`for f in ${w.noun()}/*.${w.pick(['ts', 'md', 'json'])}; do echo "$f"; done`
				])
			);
		return lines.join('\n');
	},
	yaml: (w) => {
		const lines = [
			`name: ${w.noun()}-${w.noun()}`,
			'on:',
			'  push:',
			'    branches: [main]',
			'jobs:'
		];
		for (let job = w.int(2, 4); job > 0; job--) {
			lines.push(
				`  ${w.noun()}:`,
				'    runs-on: ubuntu-latest',
				'    steps:',
				'      - uses: actions/checkout@v4'
			);
			for (let s = w.int(2, 5); s > 0; s--)
				lines.push(
					`      - name: ${w.words(3)}`,
					`        run: npm run ${w.noun()} -- --${w.noun()}=${w.int(1, 99)}`
				);
		}
		return lines.join('\n');
	},
	json: (w) => {
		const entries = Array.from(
			{ length: w.int(6, 14) },
			() =>
				`    "${w.camel()}": { "${w.noun()}": ${w.int(0, 9999)}, "${w.noun()}": "${w.words(2)}", "enabled": ${w.chance(0.5)} }`
		);
		return [
			'{',
			`  "name": "${w.noun()}-${w.noun()}",`,
			'  "settings": {',
			entries.join(',\n'),
			'  }',
			'}'
		].join('\n');
	}
};

/** One section: a heading, prose, then the parts a long answer mixes, in an order of its own. */
function section(w: Writer, n: number): string {
	const parts = [
		`## ${n}. ${w.words(w.int(2, 5)).replace(/^./, (c) => c.toUpperCase())}`,
		w.paragraph()
	];
	const kinds = ['code', 'code', 'list', 'steps', 'table', 'prose', 'sub', 'note'] as const;
	for (let part = w.int(4, 7); part > 0; part--) {
		switch (w.pick(kinds)) {
			case 'code':
				parts.push(w.sentence(), w.code());
				break;
			case 'list':
				parts.push(w.nestedList());
				break;
			case 'steps':
				parts.push(w.steps());
				break;
			case 'table':
				parts.push(w.sentence(), w.table());
				break;
			case 'prose':
				parts.push(w.paragraph());
				break;
			case 'sub':
				parts.push(`### ${w.words(w.int(2, 4))}`, w.paragraph());
				break;
			case 'note':
				parts.push(w.note());
				break;
		}
	}
	return parts.join('\n\n');
}

/** About `bytes` UTF-8 bytes (at least that many) of the long answer; the same every time. */
export function longBenchAnswer(bytes: number): string {
	const w = new Writer(seeded(0x10ad));
	const parts = [w.paragraph()];
	let size = Buffer.byteLength(parts[0] ?? '');
	for (let n = 1; size < bytes; n++) {
		const next = section(w, n);
		parts.push(next);
		size += Buffer.byteLength(next) + 2;
	}
	return parts.join('\n\n');
}
