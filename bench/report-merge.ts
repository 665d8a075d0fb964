/**
 * A partial run (`--only ... --write`) updates only its own benchmarks' sections of the page: the
 * other sections stay as the run that made them wrote them, and the run facts say which run wrote
 * what.
 *
 * @module
 */
import { BEGIN_MARKER, END_MARKER } from './report.js';

/** The generated part of a page, split: the run facts (bullets) and each benchmark's section by name. */
interface Parts {
  readonly facts: readonly string[];
  readonly sections: ReadonlyMap<string, string>;
}

const NAME = /^### .*\(`([^`]+)`, [^)]*\)$/m;

/**
 * Splits a generated part (as `generatedSection` writes it) into its facts and sections.
 *
 * @example
 * ```ts
 * splitGenerated(section).sections.get('budget');
 * ```
 */
function splitGenerated(generated: string): Parts {
  const body = generated.replace(BEGIN_MARKER, '').replace(END_MARKER, '');
  const [head = '', ...rest] = body.split(/\n(?=### )/);
  const facts = head.split('\n').filter((line) => line.startsWith('- '));
  const sections = new Map<string, string>();
  for (const section of rest) {
    const name = NAME.exec(section)?.[1];
    if (name !== undefined) sections.set(name, section.trim());
  }
  return { facts, sections };
}

/**
 * The page's generated part after a partial run: `fresh` (this run's part) merged into
 * `previous` (the page's part before): this run's sections replace theirs, the others stay, and
 * the facts of the earlier run stay with a line saying what this run rewrote.
 *
 * @example
 * ```ts
 * const merged = mergeGenerated(previous, generatedSection(results, info), ['budget', 'thousand']);
 * ```
 */
export function mergeGenerated(previous: string, fresh: string, names: readonly string[]): string {
  const before = splitGenerated(previous);
  const now = splitGenerated(fresh);
  const sections = new Map(before.sections);
  for (const [name, section] of now.sections) sections.set(name, section);
  const command = now.facts.find((line) => line.startsWith('- Command:'))?.replace(/^- Command: /, '') ?? '';
  const load = now.facts.find((line) => line.startsWith('- Load'))?.replace(/^- Load average \(1 min\) at start and end: /, '') ?? '';
  const missed = [...sections.values()].reduce((sum, text) => sum + (text.match(/\*\*missed\*\*/g)?.length ?? 0), 0);
  // An earlier update whose sections this run all rewrites says nothing any more.
  const stillTrue = (line: string): boolean => {
    const covered = [...(line.split(' by ')[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return !covered.every((name) => name !== undefined && names.includes(name));
  };
  const facts = [
    ...before.facts.filter((line) => !line.startsWith('- Targets:') && !line.startsWith('- Updated:')),
    ...before.facts.filter((line) => line.startsWith('- Updated:') && stillTrue(line)),
    `- Updated: ${names.map((n) => `\`${n}\``).join(', ')} by ${command.replace(/\.$/, '')} (load ${load.replace(/ \(.*$/, '')}).`,
    `- Targets: ${missed === 0 ? 'all met' : `${missed} missed`}.`,
  ];
  return [BEGIN_MARKER, '', '## Results', '', ...facts, '', [...sections.values()].join('\n\n'), '', END_MARKER, ''].join('\n');
}
