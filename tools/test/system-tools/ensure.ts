/**
 * Makes sure every system program the tests use is present before jest starts: found, or installed
 * with apt-get when this process may (root, or passwordless sudo), or a stop with one message. The
 * result is the environment that tells the tests where each program is.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { findTool } from './find.js';
import { planSetup, stopMessage, type Machine } from './plan.js';
import { SYSTEM_TOOLS, type SystemTool } from './tools.js';

/** The tools could not be made present; the message says what to do. */
export class SystemToolsMissing extends Error {
  override readonly name = 'SystemToolsMissing' as const;
}

function succeeds(command: string, args: readonly string[]): boolean {
  const result = spawnSync(command, [...args], { stdio: 'ignore', timeout: 10_000 });
  return result.error === undefined && result.status === 0;
}

function inspectMachine(): Machine {
  return {
    hasAptGet: succeeds('sh', ['-c', 'command -v apt-get']),
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasPasswordlessSudo: succeeds('sudo', ['-n', 'true']),
  };
}

function locate(tools: readonly SystemTool[], env: NodeJS.ProcessEnv): { paths: Map<string, string>; missing: SystemTool[] } {
  const paths = new Map<string, string>();
  const missing: SystemTool[] = [];
  for (const tool of tools) {
    const lookup = findTool(tool, env);
    if (lookup.found) paths.set(tool.envVar, lookup.path);
    else if (lookup.badOverride !== undefined) {
      throw new SystemToolsMissing(`${tool.envVar} is set to ${lookup.badOverride}, which is not an executable file: fix or unset it (it is ${tool.name}, for ${tool.neededBy}).`);
    } else missing.push(tool);
  }
  return { paths, missing };
}

function install(commands: readonly (readonly string[])[], packages: readonly string[], log: (line: string) => void): void {
  log(`npm run test:all: installing ${packages.join(', ')} with apt-get (the tests use them; this happens once)`);
  for (const [command, ...args] of commands) {
    if (command === undefined) continue;
    const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.error !== undefined || result.status !== 0) {
      throw new SystemToolsMissing(`\`${[command, ...args].join(' ')}\` failed (exit ${String(result.status ?? result.error?.message)}).`);
    }
  }
}

/**
 * Returns `{ CHROMIUM_PATH, FIREFOX_PATH, NATS_SERVER_BIN, TMUX_BIN }` for the tests, installing what is missing
 * when it can.
 *
 * @throws SystemToolsMissing with the one message to show when a tool is missing and cannot be installed.
 * @example
 * ```ts
 * const env = ensureSystemTools(process.env, console.error);
 * spawn(process.execPath, jestArgs, { env: { ...process.env, ...env } });
 * ```
 */
export function ensureSystemTools(env: NodeJS.ProcessEnv, log: (line: string) => void, tools: readonly SystemTool[] = SYSTEM_TOOLS): Record<string, string> {
  const first = locate(tools, env);
  const plan = planSetup(first.missing, first.missing.length === 0 ? { hasAptGet: false, isRoot: false, hasPasswordlessSudo: false } : inspectMachine());
  if (plan.kind === 'stop') throw new SystemToolsMissing(plan.message);
  if (plan.kind === 'install') {
    install(plan.commands, plan.packages, log);
    const second = locate(tools, env);
    if (second.missing.length > 0) {
      throw new SystemToolsMissing(`apt-get ran, but these are still not found:\n${stopMessage(second.missing, inspectMachine())}`);
    }
    return Object.fromEntries(second.paths);
  }
  return Object.fromEntries(first.paths);
}
