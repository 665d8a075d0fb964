/**
 * The runtime matrix runs the built package (`dist/`), as a user imports it: the full tier builds it
 * first when a source is newer than the build (or there is none), so a change is never tested on
 * Bun, Deno or workerd through a build that predates it.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of any file under `dir`, ms (0 when there is none). */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = statSync(join(dir, name));
    if (stats.isFile() && stats.mtimeMs > newest) newest = stats.mtimeMs;
  }
  return newest;
}

/**
 * The first reason `dist/` does not hold the sources as they are, or `undefined` when it does.
 *
 * @example
 * ```ts
 * staleBuild(root); // 'src/ changed after dist/ was built'
 * ```
 */
export function staleBuild(root: string): string | undefined {
  let built: number;
  try {
    built = statSync(join(root, 'dist', 'index.js')).mtimeMs;
  } catch {
    return 'there is no dist/';
  }
  const sources = Math.max(newestUnder(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs);
  return sources > built ? 'src/ changed after dist/ was built' : undefined;
}

/**
 * Runs `npm run build` when {@link staleBuild} finds a reason.
 *
 * @throws Error when the build fails.
 * @example
 * ```ts
 * ensureBuild(root, console.error);
 * ```
 */
export function ensureBuild(root: string, log: (line: string) => void): void {
  const reason = staleBuild(root);
  if (reason === undefined) return;
  log(`npm run test:all: building dist/ first (${reason}; the runtime matrix runs the built package)`);
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
  if (result.error !== undefined || result.status !== 0) throw new Error(`npm run build failed (exit ${String(result.status ?? result.error?.message)})`);
}
