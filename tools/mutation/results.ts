/** The groups' committed mutation results, as `npm run test:mutation -- --docs` and its test read them. */
import { existsSync, readFileSync } from 'node:fs';
import { incrementalFileOf, MUTATION_GROUPS, type MutationGroup } from './groups.js';
import type { MutationReport } from './report.js';

/**
 * Each group that has results under `root`, with them, in the order of `MUTATION_GROUPS`.
 *
 * @example
 * ```ts
 * figuresTable(committedResults(root));
 * ```
 */
export function committedResults(root: string): { readonly group: MutationGroup; readonly report: MutationReport }[] {
  return MUTATION_GROUPS.filter((group) => existsSync(`${root}/${incrementalFileOf(group.name)}`)).map((group) => ({
    group,
    report: JSON.parse(readFileSync(`${root}/${incrementalFileOf(group.name)}`, 'utf8')) as MutationReport,
  }));
}
