/**
 * Runs a program for the package test, with the parent npm's settings (`npm_*` variables set by
 * `npm run test:all`) removed so a nested `npm` behaves as it would in a fresh shell.
 */
import { execFile } from 'node:child_process';

/** What a finished program printed. */
export interface Output {
  readonly stdout: string;
  readonly stderr: string;
}

/** A program that ended with a non-zero code, with its output. */
export class ExecFailure extends Error {
  constructor(
    readonly command: string,
    readonly code: number | string | null,
    readonly output: Output,
  ) {
    super(`${command} exited with ${String(code)}\n${output.stderr.slice(-4000)}`);
  }
}

function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.toLowerCase().startsWith('npm_') && name !== 'INIT_CWD') env[name] = value;
  }
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

/** Runs `file args` in `cwd`; rejects with an {@link ExecFailure} on a non-zero exit. */
export function exec(file: string, args: readonly string[], cwd: string, timeoutMs = 170_000): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(file, [...args], { cwd, env: cleanEnv(), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new ExecFailure(`${file} ${args.join(' ')}`, error.code ?? error.signal ?? null, { stdout, stderr }));
      else resolve({ stdout, stderr });
    });
  });
}

/** Runs `file args` and returns its exit code and output, whatever the code. */
export async function execStatus(file: string, args: readonly string[], cwd: string): Promise<Output & { readonly code: number | string | null }> {
  try {
    return { code: 0, ...(await exec(file, args, cwd)) };
  } catch (error) {
    if (error instanceof ExecFailure) return { code: error.code, ...error.output };
    throw error;
  }
}
