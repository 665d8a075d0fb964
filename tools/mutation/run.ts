/**
 * `npm run test:mutation [group ...] [-- stryker options]`: mutation testing of the core modules,
 * one group of `groups.js` at a time (docs/testing.md).
 *
 *   npm run test:mutation                      every group, in turn
 *   npm run test:mutation -- operators         one group (or several)
 *   npm run test:mutation -- operators --mutate src/operators/coalesce.ts:40-60
 *                                              a narrowed run: Stryker's own options follow the groups
 *
 * A whole group's run starts from the group's committed results (`tools/mutation/results/<group>.json`) and
 * writes them back, so it retests only what changed since. A narrowed run (`--mutate`, or
 * `MUTATION_TESTS` to load only some test files) starts from them too, but writes to a scratch copy:
 * results for part of a group, or from part of its tests, must not replace the whole. After each run
 * the group's figures per module are printed, with every survivor.
 *
 *   npm run test:mutation -- --docs            no run: docs/testing.md's table of figures, written
 *                                              anew from every group's committed results
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { incrementalFileOf, mutationGroup, MUTATION_GROUPS, REPORTS, type MutationGroup } from './groups.js';
import { committedResults } from './results.js';
import { figuresOf, figuresTable, keepGroupOnly, withFiguresTable, type MutationReport } from './report.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const strykerOptions = firstOption === -1 ? [] : args.slice(firstOption);
const narrowed = strykerOptions.some((option) => /^(--mutate|-m)(=|$)/.test(option)) || Boolean(process.env.MUTATION_TESTS);

function groupsToRun(): readonly MutationGroup[] {
  try {
    return names.length === 0 ? MUTATION_GROUPS : names.map(mutationGroup);
  } catch (error) {
    console.error(`test:mutation: ${(error as Error).message}`);
    process.exit(2);
  }
}

function keepGroupOnlyIn(file: string, group: MutationGroup): MutationReport {
  const report = keepGroupOnly(JSON.parse(readFileSync(file, 'utf8')) as MutationReport, group);
  writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  return report;
}

function run(group: MutationGroup): boolean {
  const committed = incrementalFileOf(group.name);
  let incrementalFile = committed;
  if (narrowed) {
    mkdirSync(`${root}/${REPORTS}`, { recursive: true });
    incrementalFile = `${REPORTS}/${group.name}.narrowed.json`;
    if (existsSync(`${root}/${committed}`)) copyFileSync(`${root}/${committed}`, `${root}/${incrementalFile}`);
  }
  console.log(`\n== ${group.name}: ${group.what}`);
  const result = spawnSync('npx', ['stryker', 'run', 'tools/mutation/stryker.config.js', '--incrementalFile', incrementalFile, ...strykerOptions], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group.name },
  });
  if (result.status !== 0) return false;
  if (!narrowed) keepGroupOnlyIn(`${root}/${committed}`, group);
  const report = keepGroupOnlyIn(`${root}/${REPORTS}/${group.name}.json`, group);
  for (const row of figuresOf(report)) {
    console.log(`${row.file}: ${row.detected} of ${row.mutants} detected (${row.timedOut} timed out), ${row.score.toFixed(1)}%`);
    for (const survivor of row.survivors) console.log(`  survived at ${survivor}`);
  }
  return true;
}

function writeDocs(): void {
  const results = committedResults(root);
  const doc = `${root}/docs/testing.md`;
  writeFileSync(doc, withFiguresTable(readFileSync(doc, 'utf8'), figuresTable(results)));
  console.log(`docs/testing.md: the figures of ${results.length} groups`);
}

if (args.includes('--docs')) {
  writeDocs();
} else {
  let failed = 0;
  for (const group of groupsToRun()) if (!run(group)) failed += 1;
  process.exit(failed === 0 ? 0 : 1);
}
