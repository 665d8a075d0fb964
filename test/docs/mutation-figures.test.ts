/**
 * docs/testing.md's mutation figures are generated from each group's committed results, and every
 * mutant that survives in those results is listed among the equivalent mutants with why: a survivor
 * nobody explained, or a table older than the results, fails here.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MUTATION_GROUPS } from '../../tools/mutation/groups.js';
import { FIGURES_END, FIGURES_START, figuresOf, figuresTable } from '../../tools/mutation/report.js';
import { committedResults } from '../../tools/mutation/results.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = readFileSync(`${ROOT}/docs/testing.md`, 'utf8');

const results = committedResults(ROOT);

/** The equivalent mutants' table: per module, the lines it explains (`12`, `12, 14`, `97-104`). */
function explainedLines(): Map<string, Set<number>> {
  const section = DOC.slice(DOC.indexOf('## Equivalent mutants'));
  const lines = new Map<string, Set<number>>();
  for (const row of section.split('\n').filter((line) => /^\| `src\//.test(line))) {
    const [, module = '', cell = ''] = /^\| `([^`]+)` \| ([^|]+) \|/.exec(row) ?? [];
    const set = lines.get(module) ?? new Set<number>();
    for (const part of cell.split(',')) {
      const [from, to = from] = part.trim().split('-').map(Number);
      for (let line = from ?? 0; line <= (to ?? 0); line += 1) set.add(line);
    }
    lines.set(module, set);
  }
  return lines;
}

describe('the mutation figures in docs/testing.md', () => {
  it('are kept for every group, so a run from a fresh clone starts from them, or the docs say the group is not measured yet', () => {
    const notYet = /^Not measured yet: (.*)\.$/m.exec(DOC)?.[1]?.split(', ').map((name) => name.replace(/`/g, '')) ?? [];
    const measured = results.map(({ group }) => group.name);
    expect(notYet.filter((name) => measured.includes(name))).toEqual([]);
    expect([...measured, ...notYet].sort()).toEqual(MUTATION_GROUPS.map((group) => group.name).sort());
  });

  it('are the committed results of every group (npm run test:mutation -- --docs writes them)', () => {
    const generated = DOC.slice(DOC.indexOf(FIGURES_START) + FIGURES_START.length, DOC.indexOf(FIGURES_END)).trim();
    expect(generated).toBe(figuresTable(results));
  });

  it('leave no survivor unexplained: each is on a line the equivalent mutants table gives with why', () => {
    const explained = explainedLines();
    const unexplained = results.flatMap(({ report }) =>
      figuresOf(report).flatMap((row) =>
        row.survivors.filter((survivor) => !explained.get(row.file)?.has(Number(survivor.split(':', 1)[0]))).map((survivor) => `${row.file}:${survivor}`),
      ),
    );
    expect(unexplained).toEqual([]);
  });
});
