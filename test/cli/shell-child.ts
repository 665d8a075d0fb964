/**
 * A command line run as a user runs it: through bash, in its own process group, with a deadline
 * after which the whole group is killed; its standard output read line by line as it comes.
 * Real time is the point (processes over loopback); every child is bounded.
 *
 * @module
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The command line, straight through node (no npx in between), so exit codes are the CLI's own. */
export const CLI = `${JSON.stringify(process.execPath)} --import tsx src/cli/main.ts`;
/** Longest a child may run before the test kills its whole process group, ms. */
export const DEADLINE_MS = 45_000;

export type Child = ChildProcessByStdio<null, Readable, Readable>;

export interface Watched {
  readonly child: Child;
  /** Lines of standard output so far. */
  readonly lines: string[];
  /** Resolves with the child's exit code and standard error once it has ended. */
  readonly ended: Promise<{ readonly code: number | null; readonly stderr: string }>;
  /** Resolves once standard output holds `count` lines, or the child has ended. */
  linesOrEnd(count: number): Promise<void>;
  /** Whether the child has ended. */
  exited(): boolean;
}

/** Runs `script` with bash in its own process group, killed whole after `deadlineMs`. */
export function spawnShell(script: string, env: Readonly<Record<string, string>>, deadlineMs = DEADLINE_MS): Watched {
  const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, MEXC_API_KEY: '', MEXC_SECRET_KEY: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const killGroup = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };
  const deadline = setTimeout(killGroup, deadlineMs);
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  const wake = (): void => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const pieces = (partial + text).split('\n');
    partial = pieces.pop() ?? '';
    lines.push(...pieces);
    wake();
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const ended = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(deadline);
      wake();
      resolve({ code, stderr });
    }),
  );
  let done = false;
  void ended.then(() => (done = true));
  const linesOrEnd = async (count: number): Promise<void> => {
    while (lines.length < count && !done) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { child, lines, ended, linesOrEnd, exited: () => done };
}
