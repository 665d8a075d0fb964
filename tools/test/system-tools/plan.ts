/**
 * What to do about missing system programs, decided purely from what was found and what this
 * machine allows: nothing, install them with the system package manager, or stop with one message
 * that names exactly what to install and how.
 *
 * @module
 */
import type { SystemTool } from './tools.js';

/** What the machine offers for installing packages. */
export interface Machine {
  /** Whether `apt-get` is on the PATH (Debian, Ubuntu and their derivatives). */
  readonly hasAptGet: boolean;
  /** Whether this process runs as root. */
  readonly isRoot: boolean;
  /** Whether `sudo -n true` succeeds (passwordless sudo). */
  readonly hasPasswordlessSudo: boolean;
}

/** The decision. */
export type SetupPlan =
  | { readonly kind: 'ready' }
  | { readonly kind: 'install'; readonly commands: readonly (readonly string[])[]; readonly packages: readonly string[] }
  | { readonly kind: 'stop'; readonly message: string };

/**
 * Decides how to get the `missing` tools onto this machine.
 *
 * @example
 * ```ts
 * planSetup([], machine); // { kind: 'ready' }
 * planSetup([natsTool], { hasAptGet: true, isRoot: true, hasPasswordlessSudo: false });
 * // { kind: 'install', packages: ['nats-server'], commands: [['apt-get', 'update', '-qq'], ['apt-get', 'install', '-y', '-qq', 'nats-server']] }
 * ```
 */
export function planSetup(missing: readonly SystemTool[], machine: Machine): SetupPlan {
  if (missing.length === 0) return { kind: 'ready' };
  const packages = missing.map((tool) => tool.debianPackage);
  if (machine.hasAptGet && (machine.isRoot || machine.hasPasswordlessSudo)) {
    const prefix = machine.isRoot ? [] : ['sudo', '-n'];
    return {
      kind: 'install',
      packages,
      commands: [
        [...prefix, 'apt-get', 'update', '-qq'],
        [...prefix, 'apt-get', 'install', '-y', '-qq', ...packages],
      ],
    };
  }
  return { kind: 'stop', message: stopMessage(missing, machine) };
}

/**
 * The one message shown when the tools cannot be installed from here: what is missing, which tests
 * need it, the command that installs it, and the variables that point at an existing copy.
 *
 * @example
 * ```ts
 * stopMessage([natsTool], { hasAptGet: true, isRoot: false, hasPasswordlessSudo: false });
 * // 'npm run test:all needs programs that are not installed: ... sudo apt-get install -y nats-server ...'
 * ```
 */
export function stopMessage(missing: readonly SystemTool[], machine: Machine): string {
  const lines = missing.map((tool) => `  - ${tool.name}, for ${tool.neededBy}`);
  const packages = missing.map((tool) => tool.debianPackage).join(' ');
  const how = machine.hasAptGet
    ? `Install them with:\n  sudo apt-get install -y ${packages}\n(npm run test:all installs them itself when it runs as root or with passwordless sudo.)`
    : `Install them with your system's package manager (on Debian or Ubuntu: apt-get install -y ${packages}).`;
  const overrides = missing.map((tool) => `${tool.envVar}=/path/to/${tool.commands[0] ?? tool.name}`).join(' ');
  return [
    'npm run test:all needs programs that are not installed:',
    ...lines,
    how,
    `Or point the tests at copies you already have: ${overrides} npm run test:all`,
  ].join('\n');
}
