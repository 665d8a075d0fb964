/**
 * Mutation testing of the core modules (`npm run test:mutation`; docs/testing.md). Stryker changes
 * the code one small way at a time (a `<` to `<=`, a condition to `true`, ...) and runs the tests
 * that cover it: a mutant no test notices is a bug the suite would let through.
 *
 * One module or group: `npm run test:mutation -- --mutate src/http/sign.ts`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'jest',
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  jest: { projectType: 'custom', configFile: 'jest.mutation.config.js', enableFindRelatedTests: true },
  coverageAnalysis: 'perTest',
  // Mutants in module-level code (a table, a codec built at import) would each rerun every related
  // suite, 70% of the time of a run; they are left out (docs/testing.md).
  ignoreStatic: true,
  mutate: [
    // Signing and request building.
    'src/http/sign.ts',
    'src/http/request.ts',
    // Parameter rules: what is valid, where each parameter goes.
    'src/params/*.ts',
    // Codecs: the responses' shapes and the exact decimals.
    'src/codecs/*.ts',
    'src/decimal/*.ts',
    '!src/decimal/index.ts',
    // Safe transfers: an unknown outcome is resolved, never blindly repeated.
    'src/operations/safe-transfer.ts',
    // The stream: its supervisor, reconnect backoff and deduplication.
    'src/stream/supervisor/*.ts',
    'src/stream/backoff.ts',
    'src/exponential-backoff.ts',
    'src/stream/dedup.ts',
    // The state operators.
    'src/operators/*.ts',
    'src/operators/state/*.ts',
    // The simulator's auth and permissions, ledger and rate budget.
    'src/simulator/auth.ts',
    'src/simulator/accounts.ts:161-176',
    'src/simulator/ledger.ts',
    'src/simulator/budget.ts',
    'src/simulator/rate-limit.ts',
    // The bridge's message ids.
    'src/bridge/message-id.ts',
  ],
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  timeoutMS: 3000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
