/**
 * The options of `npm run bench:compare` (tools/bench/compare.ts), checked when given, and the
 * order of the runs.
 *
 * @module
 */
import type { parseArgs as ParseArgs } from 'node:util';
import type { Side } from './compare-rows.js';

/** A bad command line: exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The comparison's settings. */
export interface CompareOptions {
  readonly base: string;
  readonly only: readonly string[];
  readonly rounds: number;
  readonly thresholdPct: number;
  readonly quick: boolean;
  readonly benchFrom: 'base' | 'head';
  readonly help: boolean;
}

/** Runs per tree and benchmark when `--rounds` is not given. */
export const DEFAULT_ROUNDS = 2;
/** The threshold, %, when `--threshold` is not given. */
export const DEFAULT_THRESHOLD_PCT = 5;

function positiveInteger(text: string | undefined, fallback: number, what: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) throw new UsageError(`${what} must be a whole number of at least 1, got ${text}`);
  return value;
}

function percent(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new UsageError(`--threshold must be a percentage of 0 or more, got ${text}`);
  return value;
}

/**
 * The options from `args` (default: the process's arguments), refused with a {@link UsageError}
 * when malformed.
 *
 * @example
 * ```ts
 * parseCompareArgs(parseArgs, ['--base', 'aa124d9', '--only', 'decode,operators']).only; // ['decode', 'operators']
 * ```
 */
export function parseCompareArgs(parseArgs: typeof ParseArgs, args?: readonly string[]): CompareOptions {
  let values;
  try {
    ({ values } = parseArgs({
      ...(args === undefined ? {} : { args: [...args] }),
      options: {
        base: { type: 'string' },
        only: { type: 'string', multiple: true },
        rounds: { type: 'string' },
        threshold: { type: 'string' },
        quick: { type: 'boolean', default: false },
        'bench-from': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const benchFrom = values['bench-from'] ?? 'base';
  if (benchFrom !== 'base' && benchFrom !== 'head') throw new UsageError(`--bench-from must be base or head, got ${benchFrom}`);
  if (!values.help && (values.base === undefined || values.base === '')) throw new UsageError('--base <git ref> is required');
  return {
    base: values.base ?? '',
    only: (values.only ?? []).flatMap((name) => name.split(',')).map((name) => name.trim()).filter((name) => name !== ''),
    rounds: positiveInteger(values.rounds, DEFAULT_ROUNDS, '--rounds'),
    thresholdPct: percent(values.threshold, DEFAULT_THRESHOLD_PCT),
    quick: values.quick,
    benchFrom,
    help: values.help,
  };
}

/**
 * The sides in the order they run over `rounds`: base, head, then head, base, and so on, so a drift
 * over the rounds falls on both alike.
 *
 * @example
 * ```ts
 * abbaOrder(2); // ['base', 'head', 'head', 'base']
 * ```
 */
export function abbaOrder(rounds: number): Side[] {
  return Array.from({ length: rounds }, (_, round): Side[] => (round % 2 === 0 ? ['base', 'head'] : ['head', 'base'])).flat();
}
