// `npm run test:mutation [group ...] [-- stryker options]`: mutation testing of the core modules,
// one group of `mutation-groups.js` at a time (docs/testing.md).
//
//   npm run test:mutation                      every group, in turn
//   npm run test:mutation -- operators         one group (or several)
//   npm run test:mutation -- operators --mutate src/operators/coalesce.ts:40-60
//                                              a narrowed run: Stryker's own options follow the groups
//
// A whole group's run starts from the group's committed results (`reports/stryker/<group>.json`) and
// writes them back, so it retests only what changed since. A narrowed run starts from them too, but
// writes its results to a scratch copy: part of a group's mutants, or results from part of its tests
// (`MUTATION_TESTS`), must not replace the whole.
// After each run the group's figures per module are printed, as docs/testing.md shows them.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { incrementalFileOf, mutationGroup, MUTATION_GROUPS } from '../mutation-groups.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const strykerOptions = firstOption === -1 ? [] : args.slice(firstOption);

// A run on part of the group's mutants (`--mutate`) or with part of its tests (`MUTATION_TESTS`).
const narrowed = strykerOptions.some((option) => /^(--mutate|-m)(=|$)/.test(option)) || Boolean(process.env.MUTATION_TESTS);

let groups;
try {
  groups = names.length === 0 ? MUTATION_GROUPS : names.map(mutationGroup);
} catch (error) {
  console.error(`test:mutation: ${error.message}`);
  process.exit(2);
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Per module of a Stryker JSON report: mutants scored, detected, survived, and the score. */
function figures(report) {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const undetected = mutants.filter((m) => UNDETECTED.has(m.status));
    const scored = detected + undetected.length;
    return {
      file,
      mutants: scored,
      detected,
      survived: undetected.length,
      score: scored === 0 ? 100 : (100 * detected) / scored,
      survivors: undetected.map((m) => `${m.location.start.line}: ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`),
    };
  });
}

// Whether `file` is one of `patterns` (Stryker's: a path, a `*` within a folder, `!` to leave out,
// `:lines` to narrow).
function matches(file, patterns) {
  const test = (pattern) => new RegExp(`^${pattern.replace(/:[\d-]+$/, '').replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file);
  return patterns.some((p) => !p.startsWith('!') && test(p)) && !patterns.some((p) => p.startsWith('!') && test(p.slice(1)));
}

// What a group keeps: Stryker carries over every module of the report it started from, so the
// group's own modules and test files are picked out. Each kill's whole stack trace is cut to its
// first line, which says which assertion failed; the rest would make the file several times larger.
function keepGroupOnly(file, group) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const inTests = (path) => group.tests.some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`));
  report.files = Object.fromEntries(Object.entries(report.files).filter(([path]) => matches(path, group.mutate)));
  if (report.testFiles !== undefined) {
    report.testFiles = Object.fromEntries(Object.entries(report.testFiles).filter(([path]) => inTests(path)));
  }
  for (const { mutants } of Object.values(report.files)) {
    for (const mutant of mutants) {
      if (typeof mutant.statusReason === 'string') mutant.statusReason = mutant.statusReason.split('\n', 1)[0].slice(0, 200);
    }
  }
  writeFileSync(file, `${JSON.stringify(report, null, 1)}\n`);
  return report;
}

function run(group) {
  const committed = incrementalFileOf(group.name);
  let incrementalFile = committed;
  if (narrowed) {
    mkdirSync(`${root}/reports/mutation`, { recursive: true });
    incrementalFile = `reports/mutation/${group.name}.narrowed.json`;
    if (existsSync(`${root}/${committed}`)) copyFileSync(`${root}/${committed}`, `${root}/${incrementalFile}`);
  }
  console.log(`\n== ${group.name}: ${group.what}`);
  const result = spawnSync('npx', ['stryker', 'run', '--incrementalFile', incrementalFile, ...strykerOptions], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group.name },
  });
  if (result.status !== 0) return false;
  if (incrementalFile === committed) keepGroupOnly(`${root}/${committed}`, group);
  const report = keepGroupOnly(`${root}/reports/mutation/${group.name}.json`, group);
  for (const row of figures(report)) {
    console.log(`${row.file}: ${row.detected} of ${row.mutants} detected, ${row.score.toFixed(1)}%`);
    for (const survivor of row.survivors) console.log(`  survived at ${survivor}`);
  }
  return true;
}

let failed = 0;
for (const group of groups) if (!run(group)) failed += 1;
process.exit(failed === 0 ? 0 : 1);
