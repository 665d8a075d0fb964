/**
 * The test suite in two tiers (docs/testing.md), as two jest projects over `test/`:
 *
 * - `fast` (`npm test`): every suite that needs only Node and loopback: the unit tests, the
 *   simulator, the stream against it, the operators, the command line, the budget, the docs' checks.
 * - `full` (`npm run test:all` runs both tiers): the suites below, which need a system program
 *   (Chromium, Firefox ESR, nats-server, tmux), install the package with npm, or run for minutes.
 *
 * A suite is in the full tier when it is listed here, and in the fast tier otherwise: a new suite
 * lands in exactly one (`test/scripts/tiers.test.ts` checks both tiers together are every suite,
 * once, and that no fast suite starts a system program).
 *
 * Jest runs the TypeScript sources as native ES modules (the package is ESM and ky is ESM-only),
 * through esbuild one file at a time (`tools/test/jest-esbuild-transform.js`); type checking is
 * `npm run typecheck`'s job.
 */

/** The full tier's folders (ending in `/`) and files, under the reason they are there. */
export const FULL_TIER = {
  'Chromium and Firefox ESR (the browser examples, in each browser)': ['test/browser/', 'test/react-example/'],
  'nats-server (the JetStream bridge against a real server)': [
    'test/bridge/consume.test.ts',
    'test/bridge/fleet-nats.test.ts',
    'test/bridge/journal-jetstream.test.ts',
    'test/bridge/journal-two-workers.test.ts',
    'test/bridge/repeated-content.test.ts',
    'test/bridge/restart.test.ts',
    'test/bridge/two-workers.test.ts',
  ],
  "tmux (the demo's terminal view)": ['test/demo/terminal.test.ts'],
  'npm installs of the package (and nats-server)': ['test/package/'],
  'Bun, Deno and workerd (the runtime matrix, the Worker example)': ['test/runtimes/'],
  'long runs': [
    'test/reliability/soak.test.ts',
    'test/stream-integration/long-run.test.ts',
    'test/bridge/fleet-property.test.ts',
    'test/journal/sigkill.test.ts',
    'test/payouts-example/payouts-example.test.ts',
  ],
};

const fullTier = Object.values(FULL_TIER).flat();

/** What every project shares: how a suite is found and compiled. (`tools/mutation/jest.config.js` uses it too.) */
export const shared = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  roots: ['<rootDir>/test'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': '<rootDir>/tools/test/jest-esbuild-transform.js',
  },
  testTimeout: 20000,
};

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** @type {import('jest').Config} */
export default {
  // One worker per core: jest would otherwise keep one core for itself (one worker on two cores).
  maxWorkers: '100%',
  // Jest reads the timeout from here, not from a project.
  testTimeout: shared.testTimeout,
  projects: [
    {
      ...shared,
      displayName: 'fast',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...fullTier.map((entry) => `^<rootDir>/${escaped(entry)}`)],
    },
    {
      ...shared,
      displayName: 'full',
      testMatch: fullTier.map((entry) => (entry.endsWith('/') ? `<rootDir>/${entry}**/*.test.ts` : `<rootDir>/${entry}`)),
    },
  ],
};
