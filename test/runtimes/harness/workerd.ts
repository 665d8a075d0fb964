/**
 * A Worker in workerd, through Miniflare's API, with Miniflare's defaults (no `nodejs_compat`, no
 * compatibility flag): the package Miniflare comes from is the one `npm run test:all` installs
 * (`MINIFLARE_DIR`, tools/test/runtimes), loaded by path, so only the part used is typed here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { RUNTIMES, RUNTIMES_PREFIX } from '../../../tools/test/runtimes/runtimes.js';
import { installedPath } from '../../../tools/test/runtimes/ensure.js';
import type { ScenarioEnv } from '../scenario/protocol.js';
import { buildProgram, readReport, ROOT, type ProgramRun } from './program.js';
import { exampleCompatibilityDate } from './wrangler.js';

/** The options of Miniflare's constructor used here. */
export interface WorkerOptions {
  readonly modules: readonly { readonly type: 'ESModule'; readonly path: string; readonly contents?: string }[];
  readonly compatibilityDate: string;
  readonly compatibilityFlags?: readonly string[];
  readonly bindings?: Readonly<Record<string, string>>;
  readonly durableObjects?: Readonly<Record<string, string>>;
}

/** The part of a Miniflare instance used here. */
export interface MiniflareLike {
  /** The URL the Worker answers at, on 127.0.0.1, once it is loaded. */
  readonly ready: Promise<URL>;
  dispose(): Promise<void>;
}

/** What workerd writes (its errors, a Worker that fails to load, the Worker's console). */
type Stdio = (stdout: Readable, stderr: Readable) => void;

type MiniflareClass = new (options: WorkerOptions & { readonly host: string; readonly port: number; readonly handleRuntimeStdio: Stdio }) => MiniflareLike;

/** A started Worker, with what workerd has written so far. */
export interface StartedWorker extends MiniflareLike {
  output(): string;
}

/** Miniflare's package folder: `MINIFLARE_DIR`, or where `npm run test:all` installs it. */
export function miniflareDir(env: NodeJS.ProcessEnv = process.env): string {
  const runtime = RUNTIMES.find((candidate) => candidate.envVar === 'MINIFLARE_DIR');
  if (runtime === undefined) throw new Error('tools/test/runtimes lists no Miniflare');
  return env[runtime.envVar] || installedPath(join(ROOT, RUNTIMES_PREFIX), runtime);
}

async function miniflareClass(): Promise<MiniflareClass> {
  const dir = miniflareDir();
  let main: string;
  try {
    main = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { main: string }).main;
  } catch {
    throw new Error(`Miniflare is not installed at ${dir}: run the full tier with npm run test:all (it installs it), or set MINIFLARE_DIR`);
  }
  const module = (await import(pathToFileURL(join(dir, main)).href)) as { Miniflare: MiniflareClass };
  return module.Miniflare;
}

/**
 * Starts a Worker in workerd on 127.0.0.1 (an OS-picked port).
 *
 * @example
 * ```ts
 * const worker = await startWorker({ modules: [{ type: 'ESModule', path: 'main.mjs', contents }], compatibilityDate: '2026-04-01' });
 * const url = await worker.ready;
 * await worker.dispose();
 * ```
 */
export async function startWorker(options: WorkerOptions): Promise<StartedWorker> {
  const Miniflare = await miniflareClass();
  let written = '';
  const handleRuntimeStdio: Stdio = (stdout, stderr) => {
    for (const stream of [stdout, stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (written = `${written}${chunk}`.slice(-8000)));
  };
  const worker = new Miniflare({ ...options, host: '127.0.0.1', port: 0, handleRuntimeStdio });
  return {
    ready: worker.ready,
    output: () => written,
    // A workerd that failed to start has nothing left to stop.
    dispose: () => worker.dispose().catch(() => undefined),
  };
}

/**
 * Runs the matrix's program in a Worker: builds it (the library bundled in), starts workerd with the
 * program's settings as a binding, asks it to `/run`, and reads the streamed report; every part is
 * bounded by `timeoutMs`, and workerd is stopped whatever happens.
 *
 * @example
 * ```ts
 * const run = await runInWorker(driver.env(true), 90_000);
 * ```
 */
export async function runInWorker(settings: ScenarioEnv, timeoutMs: number): Promise<ProgramRun> {
  const path = await buildProgram('worker', 'workerOf', true);
  const worker = await startWorker({
    modules: [{ type: 'ESModule', path, contents: readFileSync(path, 'utf8') }],
    compatibilityDate: exampleCompatibilityDate(),
    bindings: { SCENARIO: JSON.stringify(settings) },
  });
  let text = '';
  let timedOut = false;
  let failure = '';
  try {
    const url = await worker.ready;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(new URL('/run', url), { method: 'POST', signal });
      text = await response.text();
    } catch (error) {
      timedOut = signal.aborted;
      failure = `the Worker's answer to /run: ${String(error)}`;
    }
  } catch (error) {
    failure = `workerd did not load the Worker: ${String(error)}`;
  } finally {
    await worker.dispose();
  }
  const { steps, other } = readReport(text);
  return { steps, exitCode: failure === '' ? 0 : 1, signal: null, timedOut, otherOutput: `${other}\n${failure}\n${worker.output()}`.trim().slice(-4000) };
}
