/**
 * The jest configuration Stryker runs for each mutant (`npm run test:mutation`): the suites that
 * exercise the mutated core modules, without the browser, package, demo, command-line and NATS
 * suites, nor the long soaks on the real clock, which would only make every mutant slower.
 *
 * `MUTATION_TESTS` (comma-separated folders or files under test/) narrows it further, for a group
 * of modules whose tests live in a few folders: each mutant then loads fewer test files.
 * @type {import('jest').Config}
 */
import base from './jest.config.js';

const CORE_TESTS = [
  '<rootDir>/test/*.test.ts',
  '<rootDir>/test/{rest,decimal,operators,stream,stream-supervisor,stream-lifecycle,simulator}/**/*.test.ts',
  '<rootDir>/test/bridge/{codec,message-id}.test.ts',
  '<rootDir>/test/reliability/fuzz-params.test.ts',
];

function narrowed(list) {
  return list.split(',').map((entry) => (entry.endsWith('.ts') ? `<rootDir>/${entry}` : `<rootDir>/${entry.replace(/\/$/, '')}/**/*.test.ts`));
}

export default {
  ...base,
  // src as well, so that jest's related-tests search (which Stryker uses) sees the imports of the sources.
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: process.env.MUTATION_TESTS ? narrowed(process.env.MUTATION_TESTS) : CORE_TESTS,
  testPathIgnorePatterns: ['/node_modules/', '/test/simulator/real-clock\\.test\\.ts$', '/test/simulator/cli\\.test\\.ts$'],
};
