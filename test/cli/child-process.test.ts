/**
 * The command line as a user runs it: a real child process (`node --import tsx src/cli/main.ts
 * ...`, straight through node, so the exit code and output are the CLI's own, with no npm in
 * between), with its exit code, standard output and standard error.
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Longest a child may run before the test kills its whole process group, ms. */
const DEADLINE_MS = 45_000;

/**
 * Runs `command args` in its own process group (as a shell runs a foreground job), so a signal can
 * go to the whole group, as Ctrl+C in a terminal does, and nothing outlives the test.
 */
function spawnCli(
  command: string,
  args: readonly string[],
  onStdout?: (text: string, signalGroup: (signal: NodeJS.Signals) => void) => void,
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, MEXC_API_KEY: '', MEXC_SECRET_KEY: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const deadline = setTimeout(() => signalGroup('SIGKILL'), DEADLINE_MS);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      onStdout?.(stdout, signalGroup);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `node --import tsx src/cli/main.ts ...args`. */
const cli = (args: readonly string[]): Promise<Finished> => spawnCli(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args]);

/** The lines of stderr. */
const stderrLines = (stderr: string): readonly string[] => stderr.split('\n').filter((line) => line !== '');

describe('mexc-rx as a child process', () => {
  it('--help prints the commands and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: mexc-rx <command>/);
    for (const command of ['call', 'stream', 'simulator']) expect(result.stdout).toContain(`\n  ${command} `);
    expect(stderrLines(result.stderr)).toEqual([]);
  }, 60_000);

  it('call --sim runs an operation against an embedded simulator and exits', async () => {
    const result = await cli(['call', 'M1', '--sim', '--subAccount', 'childproc01', '--note', 'from a child']);
    expect(stderrLines(result.stderr)).toEqual([expect.stringMatching(/^note: the simulator started for this call has stopped/)]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ subAccount: 'childproc01', note: 'from a child' });
  }, 60_000);

  it('call with an invalid parameter exits 2 and names the rule', async () => {
    const result = await cli(['call', 'listSubAccounts', '--sim', '--limit', '201']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(stderrLines(result.stderr)).toEqual(['ValidationError: M2: invalid parameters, nothing was sent', '  limit: integer from 1 to 200']);
  }, 60_000);

  it('stream --sim stops cleanly on Ctrl+C (SIGINT to the process group), closing its listen key', async () => {
    let sent = false;
    const result = await spawnCli(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'stream', '--sim'], (stdout, signalGroup) => {
      if (!sent && stdout.includes('\n')) {
        sent = true;
        signalGroup('SIGINT');
      }
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ type: 'connected' });
    expect(stderrLines(result.stderr)).toEqual([expect.stringMatching(/^streaming from ws:\/\/127\.0\.0\.1:\d+\/ws /), 'stopped (interrupted) after 1 events; listen key closed']);
  }, 60_000);
});
