/**
 * Makes sure every runtime of {@link RUNTIMES} is present before the full tier starts: the copy an
 * environment variable names, or the pinned package in `node_modules/.cache/runtimes/`, installed
 * there with npm when it is missing or of another version. Nothing is added to package.json: the
 * folder holds a package.json of its own, listing exactly the pinned versions. No install script
 * runs (`--ignore-scripts`): each package ships its binary, and Miniflare's workerd is found
 * through its platform package without workerd's own postinstall.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUNTIMES, RUNTIMES_PREFIX, type Runtime } from './runtimes.js';

/** The runtimes could not be made present; the message says what to do. */
export class RuntimesMissing extends Error {
  override readonly name = 'RuntimesMissing' as const;
}

/** The platform the pinned packages are built for. */
const PLATFORM = 'linux-x64';

function usable(path: string, runtime: Runtime): boolean {
  try {
    accessSync(path, runtime.entry === '.' ? constants.R_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The version of `pkg` installed under `prefix`, if any. */
function installedVersion(prefix: string, pkg: string): string | undefined {
  const manifest = join(prefix, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : undefined;
}

/** Where `runtime` is once installed under `prefix`. */
export function installedPath(prefix: string, runtime: Runtime): string {
  return join(prefix, 'node_modules', runtime.package, runtime.entry);
}

type Located = { readonly paths: Map<string, string>; readonly missing: Runtime[] };

function locate(prefix: string, runtimes: readonly Runtime[], env: NodeJS.ProcessEnv): Located {
  const paths = new Map<string, string>();
  const missing: Runtime[] = [];
  for (const runtime of runtimes) {
    const override = env[runtime.envVar];
    if (override !== undefined && override !== '') {
      if (!usable(override, runtime)) throw new RuntimesMissing(`${runtime.envVar} is set to ${override}, which is not usable: fix or unset it (it is ${runtime.name}, for ${runtime.neededBy}).`);
      paths.set(runtime.envVar, override);
      continue;
    }
    const path = installedPath(prefix, runtime);
    if (installedVersion(prefix, runtime.package) === runtime.version && usable(path, runtime)) paths.set(runtime.envVar, path);
    else missing.push(runtime);
  }
  return { paths, missing };
}

/** npm's settings from a parent `npm run` (prefix, global, omit, ...) would turn the install into another. */
function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.toLowerCase().startsWith('npm_') && name !== 'INIT_CWD'));
}

function install(prefix: string, runtimes: readonly Runtime[], env: NodeJS.ProcessEnv, log: (line: string) => void): void {
  mkdirSync(prefix, { recursive: true });
  const dependencies = Object.fromEntries(runtimes.map((runtime) => [runtime.package, runtime.version]));
  const manifest = { name: 'mexc-rx-test-runtimes', private: true, description: 'The runtimes the full tier runs the library on (tools/test/runtimes).', dependencies };
  writeFileSync(join(prefix, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log(`npm run test:all: installing ${runtimes.map((r) => `${r.package}@${r.version}`).join(', ')} into ${RUNTIMES_PREFIX} (the runtime matrix uses them; this happens once)`);
  const args = ['install', '--prefix', prefix, '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  const result = spawnSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], env: cleanEnv(env), timeout: 600_000 });
  if (result.error !== undefined || result.status !== 0) {
    throw new RuntimesMissing(`\`npm ${args.join(' ')}\` failed (exit ${String(result.status ?? result.error?.message)}): the runtime matrix needs ${runtimes.map((r) => r.package).join(', ')} from the npm registry.`);
  }
}

/**
 * Returns `{ BUN_BIN, DENO_BIN, MINIFLARE_DIR }` for the tests, installing what is missing.
 *
 * @throws RuntimesMissing when a runtime is missing and cannot be installed (another platform, or npm failed).
 * @example
 * ```ts
 * const env = ensureRuntimes(process.cwd(), process.env, console.error);
 * spawn(process.execPath, jestArgs, { env: { ...process.env, ...env } });
 * ```
 */
export function ensureRuntimes(
  root: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  runtimes: readonly Runtime[] = RUNTIMES,
  platform = `${process.platform}-${process.arch}`,
): Record<string, string> {
  const prefix = join(root, RUNTIMES_PREFIX);
  const first = locate(prefix, runtimes, env);
  if (first.missing.length === 0) return Object.fromEntries(first.paths);
  if (platform !== PLATFORM) {
    const overrides = first.missing.map((runtime) => `${runtime.envVar}=/path/to/${runtime.name}`).join(' ');
    throw new RuntimesMissing(`npm run test:all installs its runtimes for ${PLATFORM} only, and this is ${platform}: point the tests at your own copies (${overrides} npm run test:all).`);
  }
  // Every pinned package at once: an install of a few into the folder would drop the others.
  install(prefix, runtimes.filter((runtime) => env[runtime.envVar] === undefined || env[runtime.envVar] === ''), env, log);
  const second = locate(prefix, runtimes, env);
  if (second.missing.length > 0) throw new RuntimesMissing(`npm installed, but these are still not found: ${second.missing.map((r) => `${r.package}@${r.version}`).join(', ')}.`);
  return Object.fromEntries(second.paths);
}
