/**
 * Where the matrix finds Bun and Deno: the variables `npm run test:all` sets (tools/test/runtimes),
 * or the folder it installs them into, so one suite can be run alone after a first `test:all`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { installedPath } from '../../../tools/test/runtimes/ensure.js';
import { RUNTIMES, RUNTIMES_PREFIX } from '../../../tools/test/runtimes/runtimes.js';
import { ROOT } from './program.js';

/** The executable of the runtime whose variable is `envVar` (`BUN_BIN`, `DENO_BIN`). */
export function runtimeBinary(envVar: 'BUN_BIN' | 'DENO_BIN'): string {
  const runtime = RUNTIMES.find((candidate) => candidate.envVar === envVar);
  if (runtime === undefined) throw new Error(`tools/test/runtimes lists no ${envVar}`);
  const path = process.env[envVar] || installedPath(join(ROOT, RUNTIMES_PREFIX), runtime);
  if (!existsSync(path)) throw new Error(`${runtime.name} is not installed at ${path}: run the full tier with npm run test:all (it installs it), or set ${envVar}`);
  return path;
}
