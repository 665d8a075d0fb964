// Every operators suite but the property test of reduceOrders and its memory soak: they cover every
// line, so each mutant would run them (7 s a run), hours per group on two cores.
const OPERATOR_SUITES = ['test/operators', '!test/operators/reduce-orders.property.test.ts', '!test/operators/reduce-orders.memory.test.ts'];

/**
 * The core modules under mutation testing, in groups (`npm run test:mutation`; docs/testing.md).
 * Each group names the modules it mutates, the test suites that exercise them (a mutant loads only
 * these, which makes a group several times faster than every core suite), and keeps its own
 * incremental file, `tools/mutation/results/<name>.json`, so that a run after a small change retests only
 * what that change touched.
 *
 * Plain JavaScript: `stryker.config.js`, `jest.config.js` and `run.ts` (beside it) read it.
 * A group's `tests` are folders, files, or files matched by `*` within one folder; `!` before one
 * leaves it out.
 * @type {ReadonlyArray<{ name: string, what: string, mutate: string[], tests: string[] }>}
 */
export const MUTATION_GROUPS = [
  {
    name: 'signing',
    what: 'signing and request building',
    mutate: ['src/http/sign.ts', 'src/http/request.ts'],
    tests: ['test/sign.test.ts', 'test/rest'],
  },
  {
    name: 'params',
    what: 'parameter rules: what is valid, where each parameter goes, how the simulator reads them',
    mutate: ['src/params/*.ts'],
    // The suites that pin the rules, their placement, the secrets and the simulator's reading; every
    // REST and simulator suite would take hours per run on two cores for no kill these miss.
    tests: [
      'test/rest/field-rules.test.ts',
      'test/rest/validation-limits.test.ts',
      'test/rest/validation-params.test.ts',
      'test/rest/params-not-an-object.test.ts',
      'test/rest/requests.test.ts',
      'test/rest/decode-decimals.test.ts',
      'test/rest/secrets.test.ts',
      'test/rest/params-wire.test.ts',
      'test/rest/params-encode.test.ts',
    ],
  },
  {
    name: 'codecs',
    what: 'response codecs: the shape of every answer and the refusals that name what was wrong',
    mutate: ['src/codecs/*.ts', 'src/decimal/codec.ts'],
    tests: ['test/rest/decode-*.test.ts', 'test/rest/codec-*.test.ts', 'test/decimal/codec.test.ts'],
  },
  {
    name: 'json-numbers',
    what: "the exact reading of JSON's numbers and the decimal scanner under it",
    mutate: ['src/decimal/exact-json.ts', 'src/decimal/json-number.ts', 'src/decimal/scan.ts'],
    tests: ['test/decimal', 'test/rest/decode-decimals.test.ts'],
  },
  {
    name: 'decimals',
    what: 'decimal text, comparison and arithmetic',
    mutate: ['src/decimal/text.ts', 'src/decimal/arithmetic.ts', 'src/decimal/double-sum.ts', 'src/decimal/fixed.ts'],
    tests: ['test/decimal', 'test/rest/decode-decimals.test.ts'],
  },
  {
    name: 'safe-transfer',
    what: 'safe transfers: an unknown outcome is resolved, never blindly repeated',
    mutate: ['src/operations/safe-transfer.ts'],
    tests: [
      'test/rest/unknown-outcome.test.ts',
      'test/simulator/safe-transfer.test.ts',
      'test/simulator/faults.test.ts',
      'test/rest/params-not-an-object.test.ts',
    ],
  },
  {
    name: 'stream',
    what: "the stream's reconnect backoff and deduplication",
    mutate: ['src/stream/backoff.ts', 'src/exponential-backoff.ts', 'src/stream/identity/overlap-copies.ts'],
    tests: ['test/exponential-backoff.test.ts', 'test/stream', 'test/stream-lifecycle'],
  },
  {
    name: 'supervisor',
    what: "the stream supervisor's pure transitions",
    mutate: [
      'src/stream/supervisor/*.ts',
      '!src/stream/supervisor/shell.ts',
      '!src/stream/supervisor/diagnostics.ts',
    ],
    tests: ['test/stream-supervisor'],
  },
  {
    name: 'supervisor-shell',
    what: "the supervisor's shell, which carries out the effects, and its diagnostics",
    mutate: ['src/stream/supervisor/shell.ts', 'src/stream/supervisor/diagnostics.ts'],
    tests: ['test/stream-supervisor', 'test/stream-lifecycle', 'test/stream-integration'],
  },
  {
    name: 'operators',
    what: 'the state operators: orders, balances, coalescing, pagination, refreshes',
    mutate: ['src/operators/*.ts'],
    tests: OPERATOR_SUITES,
  },
  {
    name: 'operators-state',
    what: "the state operators' rules and the structures that hold their state",
    mutate: ['src/operators/state/*.ts'],
    tests: OPERATOR_SUITES,
  },
  {
    name: 'simulator',
    what: "the simulator's authentication, permissions, ledger, rate budget and IP bans",
    mutate: [
      'src/simulator/auth.ts',
      'src/simulator/accounts.ts:161-176',
      'src/simulator/ledger.ts',
      'src/simulator/service-rate-limits.ts',
      'src/simulator/rate-limit.ts',
      'src/simulator/ip-ban.ts',
    ],
    tests: ['test/simulator', 'test/rest'],
  },
  {
    name: 'bridge-ids',
    what: "the bridge's message ids and the event identity they hash",
    mutate: ['src/bridge/message-id.ts', 'src/stream/identity/event-identity.ts'],
    tests: ['test/bridge/codec.test.ts', 'test/bridge/message-id.test.ts', 'test/bridge/message-id-pinned.test.ts', 'test/stream/event-identity.test.ts'],
  },
];

/**
 * The group named `name`, or an error that lists the names.
 * @param {string} name
 */
export function mutationGroup(name) {
  const group = MUTATION_GROUPS.find((candidate) => candidate.name === name);
  if (group === undefined) {
    throw new Error(`unknown mutation group "${name}"; the groups: ${MUTATION_GROUPS.map((g) => g.name).join(', ')}`);
  }
  return group;
}

/**
 * Where the group's results are kept between runs (committed), relative to the project's root.
 * @param {string} name
 */
export function incrementalFileOf(name) {
  return `tools/mutation/results/${name}.json`;
}

/** Where a run writes its reports and scratch results (ignored by git), relative to the project's root. */
export const REPORTS = 'tools/mutation/reports';
