/**
 * The JavaScript runtimes besides Node that the full tier runs the library on (docs/testing.md,
 * "Runtimes"): Bun, Deno, and workerd (the Cloudflare Workers runtime) through Miniflare. Each comes
 * from the npm registry as a package that ships its binary (no install script, no download of its
 * own), pinned here, into `node_modules/.cache/runtimes/`, the way `.ci/run` brings other Nodes.
 *
 * @module
 */

/** One runtime the tests need. */
export interface Runtime {
  /** What it is called in messages. */
  readonly name: string;
  /** The npm package that ships it. */
  readonly package: string;
  /**
   * The version installed. Miniflare's is the last of its 4 line that runs on Node 20 (the full
   * tier's Node): from 4.20260430.0 on it needs Node 22. Its workerd comes with it, as the
   * registry package `@cloudflare/workerd-linux-64` (and the like) that holds the binary.
   */
  readonly version: string;
  /** Environment variable that points at it (an executable, or Miniflare's package folder), overriding the install. */
  readonly envVar: string;
  /** Where the executable (or the package folder) is, inside the installed package. */
  readonly entry: string;
  /** Which tests need it, for messages. */
  readonly neededBy: string;
}

/** Every runtime `npm run test:all` makes sure of (the fast tier, `npm test`, needs none). */
export const RUNTIMES: readonly Runtime[] = [
  {
    name: 'Bun',
    package: '@oven/bun-linux-x64',
    version: '1.4.4',
    envVar: 'BUN_BIN',
    entry: 'bin/bun',
    neededBy: 'the runtime matrix (test/runtimes/bun.test.ts)',
  },
  {
    name: 'Deno',
    package: '@deno/linux-x64-glibc',
    version: '2.9.6',
    envVar: 'DENO_BIN',
    entry: 'deno',
    neededBy: 'the runtime matrix (test/runtimes/deno.test.ts)',
  },
  {
    name: 'workerd (Miniflare)',
    package: 'miniflare',
    version: '4.20260426.0',
    envVar: 'MINIFLARE_DIR',
    entry: '.',
    neededBy: 'the runtime matrix and the Worker example (test/runtimes/worker.test.ts, test/runtimes/worker-example.test.ts)',
  },
];

/** Where the runtimes are installed, from the project's root. */
export const RUNTIMES_PREFIX = 'node_modules/.cache/runtimes';
