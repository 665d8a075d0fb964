/**
 * Finds the TypeScript examples of a Markdown text: every fenced block whose info string is `ts`
 * or `typescript`. A block marked `no-check` (```ts no-check) is deliberately partial and left out.
 */

/** One TypeScript block of a Markdown file. */
export interface DocExample {
  /** Line of the block's first code line in the Markdown file, from 1. */
  readonly line: number;
  /** The code, without the fences. */
  readonly code: string;
}

/** What the extraction found. */
export interface Extracted {
  /** Blocks to type-check. */
  readonly examples: readonly DocExample[];
  /** Blocks marked `no-check`. */
  readonly skipped: number;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^`\s]*)(.*)$/;

/**
 * The TypeScript examples of `markdown`.
 *
 * @example
 * ```ts
 * extractExamples('# Title\n\n```ts\nconst x = 1;\n```\n');
 * // { examples: [{ line: 4, code: 'const x = 1;\n' }], skipped: 0 }
 * ```
 */
export function extractExamples(markdown: string): Extracted {
  const lines = markdown.split('\n');
  const examples: DocExample[] = [];
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '', lang = '', rest = ''] = open;
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end] ?? '')) end++;
    const isTs = lang === 'ts' || lang === 'typescript';
    if (isTs && /\bno-check\b/.test(rest)) skipped++;
    else if (isTs) {
      const body = lines.slice(i + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
      examples.push({ line: i + 2, code: `${body.join('\n')}\n` });
    }
    i = end;
  }
  return { examples, skipped };
}
