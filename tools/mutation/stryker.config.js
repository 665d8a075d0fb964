import { incrementalFileOf, mutationGroup, MUTATION_GROUPS, REPORTS } from './groups.js';

const group = process.env.MUTATION_GROUP ? mutationGroup(process.env.MUTATION_GROUP) : undefined;

/**
 * Mutation testing of the core modules (`npm run test:mutation`; docs/testing.md). Stryker changes
 * the code one small way at a time (a `<` to `<=`, a condition to `true`, ...) and runs the tests
 * that cover it: a mutant no test notices is a bug the suite would let through.
 *
 * `npm run test:mutation` runs the groups of `groups.js` one at a time (`run.ts`), each with
 * `MUTATION_GROUP` set to its name, which this file reads. Stryker runs from the project's root
 * (`npx stryker run tools/mutation/stryker.config.js`): the paths below are relative to it.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  jest: { projectType: 'custom', configFile: 'tools/mutation/jest.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  // Mutants in module-level code (a table, a codec built at import) would each rerun every related
  // suite, 70% of the time of a run; they are left out (docs/testing.md).
  ignoreStatic: true,
  mutate: group?.mutate ?? MUTATION_GROUPS.flatMap((each) => each.mutate),
  incremental: true,
  // A group's run keeps its results beside the group's name (committed); a run of every module at
  // once keeps them out of git.
  incrementalFile: group === undefined ? `${REPORTS}/all.incremental.json` : incrementalFileOf(group.name),
  concurrency: 2,
  timeoutMS: 3000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${REPORTS}/${group?.name ?? 'all'}.html` },
  jsonReporter: { fileName: `${REPORTS}/${group?.name ?? 'all'}.json` },
  // The committed results and the reports stay out of the copy of the project each run tests in.
  ignorePatterns: ['/tools/mutation/results', `/${REPORTS}`],
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
