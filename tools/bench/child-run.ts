/**
 * Child processes of the comparison, one at a time: a benchmark run in one tree, or a probe of what
 * a tree's `bench/` can load. The one running can be stopped (Ctrl-C, SIGTERM) and awaited.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** What a child printed and how it ended. */
export interface ChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

let current: { readonly child: ChildProcess; readonly done: Promise<ChildResult> } | undefined;
/** Set by {@link stopChild}: no child starts after it. */
let stopping = false;

/**
 * Whether {@link stopChild} was called: the caller starts nothing more.
 *
 * @example
 * ```ts
 * if (stopRequested()) break;
 * ```
 */
export function stopRequested(): boolean {
  return stopping;
}

/**
 * Runs `node <args>` in `cwd` and resolves when it ends; `echo` gets its stderr as it comes. Refuses
 * to start a second child while one runs, and any child once {@link stopChild} was called.
 *
 * @example
 * ```ts
 * const { stdout } = await runNode(tree, ['--import', 'tsx', 'bench/run.ts', '--help']);
 * ```
 */
export function runNode(cwd: string, args: readonly string[], echo?: (chunk: string) => void): Promise<ChildResult> {
  if (stopping) return Promise.reject(new Error('stopping: no more benchmark runs'));
  if (current !== undefined) return Promise.reject(new Error('a benchmark child is already running'));
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => out.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    err.push(chunk);
    echo?.(chunk);
  });
  const done = new Promise<ChildResult>((resolve) => {
    child.on('error', (error) => err.push(`${error.message}\n`));
    child.on('close', (code, signal) => {
      current = undefined;
      resolve({ code, signal, stdout: out.join(''), stderr: err.join('') });
    });
  });
  current = { child, done };
  return done;
}

/**
 * Stops the running child, if any (SIGTERM, then SIGKILL after `graceMs`), waits until it has
 * ended, and lets no other start.
 *
 * @example
 * ```ts
 * process.once('SIGINT', () => void stopChild().then(cleanUp));
 * ```
 */
export async function stopChild(graceMs = 5_000): Promise<void> {
  stopping = true;
  const running = current;
  if (running === undefined) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), graceMs);
  await running.done;
  clearTimeout(timer);
}
