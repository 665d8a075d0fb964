/**
 * The jest configuration Stryker runs for each mutant (`npm run test:mutation`): the suites that
 * exercise the mutated core modules, without the browser, package, demo, command-line and NATS
 * suites, nor the long soaks on the real clock, which would only make every mutant slower.
 * @type {import('jest').Config}
 */
import base from './jest.config.js';

export default {
  ...base,
  testMatch: [
    '<rootDir>/test/*.test.ts',
    '<rootDir>/test/{rest,decimal,operators,stream,stream-supervisor,stream-lifecycle,simulator}/**/*.test.ts',
    '<rootDir>/test/bridge/codec.test.ts',
    '<rootDir>/test/reliability/fuzz-params.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/test/simulator/real-clock\\.test\\.ts$', '/test/simulator/cli\\.test\\.ts$'],
};
