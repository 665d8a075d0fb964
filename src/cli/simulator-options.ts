/**
 * The `simulator` command's options, read and checked: where it listens, how it prints, whether
 * and how fast it trades, the broker sub-accounts it creates, and the service limits it enforces.
 *
 * @module
 */
import type { RateBudget } from '../simulator/index.js';
import { DEFAULT_RATE_BUDGET } from '../simulator/rate-limit.js';
import { positiveInteger, text, type CommandLine, type OptionKinds } from './args.js';

/** The options the `simulator` command knows, by kind. */
export const SIMULATOR_OPTION_KINDS: OptionKinds = {
  port: 'string',
  json: 'boolean',
  trade: 'boolean',
  pace: 'string',
  seed: 'string',
  'sub-accounts': 'string',
  'accounts-file': 'string',
  'max-sub-accounts': 'string',
  'rate-limit': 'string',
  'rate-window': 'string',
};

/** Defaults of the command's options: one home for each. */
export const SIMULATOR_DEFAULTS = {
  /** Clock ms between two trading steps of each account. */
  paceMs: 500,
  seed: 1,
  /** The least pace: a step per account every 10 ms is already a flood. */
  minPaceMs: 10,
  /** Most broker sub-accounts one command creates. */
  maxSubAccounts: 10_000,
  /** The rate budget's window when only --rate-limit is given, ms: the service's. */
  rateWindowMs: DEFAULT_RATE_BUDGET.windowMs,
} as const;

/** The command's settings, read. */
export interface SimulatorSettings {
  readonly port: number;
  readonly json: boolean;
  /** Trading, when asked for. */
  readonly trade: { readonly paceMs: number; readonly seed: number } | undefined;
  /** Broker sub-accounts to create, each with a key. */
  readonly subAccounts: number;
  /** Where to write the accounts as JSON, when asked. */
  readonly accountsFile: string | undefined;
  /** Sub-accounts a master may have, when changed. */
  readonly maxSubAccounts: number | undefined;
  /** The request budget, when changed (`false`: none). */
  readonly rateLimit: RateBudget | false | undefined;
}

/** The settings, or what is wrong with the command line. */
export type SimulatorSettingsResult = { readonly ok: true; readonly settings: SimulatorSettings } | { readonly ok: false; readonly message: string };

function wholeNumber(line: CommandLine, name: string, min: number, max: number): number | undefined | string {
  const given = text(line, name);
  if (given === undefined) return undefined;
  const value = given === '0' ? 0 : positiveInteger(line, name);
  return value === undefined || Number.isNaN(value) || value < min || value > max ? `invalid --${name}: ${given} (a whole number from ${min} to ${max})` : value;
}

function readRateLimit(line: CommandLine): RateBudget | false | undefined | string {
  const limitText = text(line, 'rate-limit');
  const windowMs = wholeNumber(line, 'rate-window', 1, 3_600_000);
  if (typeof windowMs === 'string') return windowMs;
  if (limitText === 'off') return windowMs === undefined ? false : '--rate-window goes with a --rate-limit number, not with off';
  const limit = wholeNumber(line, 'rate-limit', 1, 1_000_000);
  if (typeof limit === 'string') return `${limit}, or off`;
  if (limit === undefined) return windowMs === undefined ? undefined : '--rate-window goes with --rate-limit';
  return { limit, windowMs: windowMs ?? SIMULATOR_DEFAULTS.rateWindowMs };
}

/**
 * Reads the command's settings from its command line (read with {@link SIMULATOR_OPTION_KINDS}).
 *
 * @example
 * ```ts
 * readSimulatorSettings(line); // { ok: true, settings: { port: 0, json: false, trade: { paceMs: 500, seed: 1 }, ... } }
 * ```
 */
export function readSimulatorSettings(line: CommandLine): SimulatorSettingsResult {
  if (line.positionals.length > 0) return { ok: false, message: `unexpected words: ${line.positionals.join(' ')}` };
  const read = {
    port: wholeNumber(line, 'port', 0, 65535),
    pace: wholeNumber(line, 'pace', SIMULATOR_DEFAULTS.minPaceMs, 3_600_000),
    seed: wholeNumber(line, 'seed', 0, 2 ** 31 - 1),
    subAccounts: wholeNumber(line, 'sub-accounts', 0, SIMULATOR_DEFAULTS.maxSubAccounts),
    maxSubAccounts: wholeNumber(line, 'max-sub-accounts', 0, 1_000_000),
    rateLimit: readRateLimit(line),
  };
  for (const value of Object.values(read)) if (typeof value === 'string') return { ok: false, message: value };
  const trading = line.options.has('trade');
  if (!trading && (read.pace !== undefined || read.seed !== undefined)) return { ok: false, message: '--pace and --seed go with --trade' };
  const accountsFile = text(line, 'accounts-file');
  if (line.options.has('accounts-file') && (accountsFile === undefined || accountsFile === '')) return { ok: false, message: '--accounts-file needs a file name' };
  const number = (value: number | string | undefined): number | undefined => (typeof value === 'number' ? value : undefined);
  return {
    ok: true,
    settings: {
      port: number(read.port) ?? 0,
      json: line.options.has('json'),
      trade: trading ? { paceMs: number(read.pace) ?? SIMULATOR_DEFAULTS.paceMs, seed: number(read.seed) ?? SIMULATOR_DEFAULTS.seed } : undefined,
      subAccounts: number(read.subAccounts) ?? 0,
      accountsFile,
      maxSubAccounts: number(read.maxSubAccounts),
      rateLimit: typeof read.rateLimit === 'string' ? undefined : read.rateLimit,
    },
  };
}
