/**
 * A description of the machine and the run, printed with the results: the same figures on another
 * machine mean something else.
 *
 * @module
 */
import os from 'node:os';

/** The machine a run happened on. */
export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly node: string;
  readonly platform: string;
  /** 1-minute load average when the run started (other work on the machine skews the figures). */
  readonly loadAtStart: number;
}

/**
 * Describes this machine.
 *
 * @example
 * ```ts
 * describeMachine(); // { cpuModel: 'AMD EPYC', cores: 2, memoryGb: 23.4, node: 'v20.20.2', ... }
 * ```
 */
export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAtStart: os.loadavg()[0] ?? 0,
  };
}

/**
 * The command line that is running, as it could be typed again (`node --expose-gc --import tsx
 * bench/run.ts --quick`); paths inside the package are shown relative to it.
 *
 * @example
 * ```ts
 * commandLine(); // 'node --expose-gc --import tsx bench/run.ts'
 * ```
 */
export function commandLine(): string {
  const cwd = `${process.cwd()}/`;
  const relative = (arg: string): string => (arg.startsWith(cwd) ? arg.slice(cwd.length) : arg);
  return ['node', ...process.execArgv, ...process.argv.slice(1)].map(relative).join(' ');
}
