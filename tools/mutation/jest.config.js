/**
 * The jest configuration Stryker runs for each mutant (`npm run test:mutation`): the suites that
 * exercise the mutated core modules, without the browser, package, demo, command-line and NATS
 * suites, nor the long soaks on the real clock, which would only make every mutant slower.
 *
 * A group's run (`MUTATION_GROUP`, set by `tools/mutation/run.ts`) loads only the group's suites
 * (`groups.js`); `MUTATION_TESTS` (comma-separated folders or files under test/) overrides that,
 * for a quick run on a few test files.
 * @type {import('jest').Config}
 */
import { shared } from '../../jest.config.js';
import { mutationGroup } from './groups.js';

const CORE_TESTS = [
  '<rootDir>/test/*.test.ts',
  '<rootDir>/test/{rest,decimal,operators,stream,stream-supervisor,stream-lifecycle,simulator}/**/*.test.ts',
  '<rootDir>/test/bridge/{codec,message-id}.test.ts',
  '<rootDir>/test/reliability/fuzz-params.test.ts',
];

/** Folders or files under test/ as jest's test globs; those with `!` before them are left out below. */
function testsToRun(entries) {
  return entries
    .filter((entry) => !entry.startsWith('!'))
    .map((entry) => (entry.endsWith('.ts') ? `<rootDir>/${entry}` : `<rootDir>/${entry.replace(/\/$/, '')}/**/*.test.ts`));
}

/** The left-out entries as jest's ignore patterns (regular expressions on the path). */
function testsLeftOut(entries) {
  return entries.filter((entry) => entry.startsWith('!')).map((entry) => `/${entry.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** A quick run's comma-separated list, else the group's suites; none outside a mutation run. */
function chosenEntries() {
  if (process.env.MUTATION_TESTS) return process.env.MUTATION_TESTS.split(',');
  if (process.env.MUTATION_GROUP) return mutationGroup(process.env.MUTATION_GROUP).tests;
  return undefined;
}

const chosen = chosenEntries();

export default {
  ...shared,
  // The project's root (this file lives two folders down): test globs and the related-tests search start there.
  rootDir: '../..',
  // src as well, so that jest's related-tests search (which Stryker uses) sees the imports of the sources.
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: chosen === undefined ? CORE_TESTS : testsToRun(chosen),
  testPathIgnorePatterns: ['/node_modules/', '/test/simulator/real-clock\\.test\\.ts$', '/test/simulator/cli\\.test\\.ts$', ...testsLeftOut(chosen ?? [])],
};
