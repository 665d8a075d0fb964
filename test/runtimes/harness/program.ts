/**
 * Runs the matrix's program in a runtime's own process, bounded (killed after its time), and reads
 * its report: one line per step after `STEP_MARKER`. The program is built into
 * `test-output/runtimes/<runtime>/`, inside the package's own folder, so that `import('mexc-rx')`
 * there finds the built package (`dist/`) through its exports map, as a user's program finds it in
 * node_modules.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { STEP_MARKER, type StepLine, type StepName } from '../scenario/protocol.js';

/** The project's root. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** How the program ended and what it wrote. */
export interface ProgramRun {
  /** Each step's line, by name (the last one, if a step was reported twice). */
  readonly steps: ReadonlyMap<StepName, StepLine>;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** Whether it was killed for running past its time. */
  readonly timedOut: boolean;
  /** The end of what it wrote besides its steps (standard error, and other output), for messages. */
  readonly otherOutput: string;
}

/** The steps in `text`, and the rest of it. */
export function readReport(text: string): { steps: Map<StepName, StepLine>; other: string } {
  const steps = new Map<StepName, StepLine>();
  const other: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith(STEP_MARKER)) {
      if (line.trim() !== '') other.push(line);
      continue;
    }
    const parsed = JSON.parse(line.slice(STEP_MARKER.length)) as StepLine;
    steps.set(parsed.step, parsed);
  }
  return { steps, other: other.join('\n') };
}

/**
 * How a Worker's bundler (wrangler's esbuild) takes the library in: the `worker` and `browser`
 * conditions, the `browser` field left aside (neutral platform), and any `node:` module left as an
 * import, which workerd without `nodejs_compat` refuses to load.
 */
export const WORKER_BUNDLING = { conditions: ['worker', 'browser'], mainFields: ['module', 'main'], external: ['node:*'] };

/** What the program's entry hands the package's two entries to (exports of `scenario/hosts.ts`). */
export type HostName = 'runOnBun' | 'runOnDeno' | 'workerOf';

/**
 * Builds the program for `runtime` with esbuild into `test-output/runtimes/<runtime>/main.mjs` and
 * returns its path: the scenario's TypeScript made one plain ES module, whose `import('mexc-rx')` and
 * `import('mexc-rx/server')` (and rxjs) the runtime resolves itself, as a user's program; or, for a
 * Worker (`bundleLibrary`), everything in one module as a Worker's bundler makes it
 * ({@link WORKER_BUNDLING}).
 */
export async function buildProgram(runtime: string, host: HostName, bundleLibrary = false): Promise<string> {
  const dir = join(ROOT, 'test-output', 'runtimes', runtime);
  mkdirSync(dir, { recursive: true });
  const loaders = "{ root: () => import('mexc-rx'), server: () => import('mexc-rx/server') }";
  const body = host === 'workerOf' ? `export default ${host}(${loaders});\n` : `await ${host}(${loaders});\n`;
  const path = join(dir, 'main.mjs');
  await build({
    stdin: { contents: `import { ${host} } from './test/runtimes/scenario/hosts.ts';\n${body}`, resolveDir: ROOT, sourcefile: `${runtime}-main.ts`, loader: 'ts' },
    absWorkingDir: ROOT,
    outfile: path,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'silent',
    ...(bundleLibrary
      ? WORKER_BUNDLING
      : { external: ['mexc-rx', 'mexc-rx/*', 'rxjs'] }),
  });
  return path;
}

/**
 * Runs `command args` in the project's root and reads its report; kills it (the whole process)
 * after `timeoutMs`.
 *
 * @example
 * ```ts
 * const run = await runProgram(bun, [entry, JSON.stringify(env)], 90_000);
 * run.steps.get('rest');
 * ```
 */
export function runProgram(command: string, args: readonly string[], timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      const { steps, other } = readReport(stdout);
      resolve({ steps, exitCode, signal, timedOut, otherOutput: `${other}\n${stderr}`.trim().slice(-4000) });
    });
  });
}
