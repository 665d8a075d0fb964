/**
 * Reconnect delays: the stream's settings of the library's exponential backoff, with equal jitter.
 *
 * @module
 */
import { exponentialDelay } from '../exponential-backoff.js';

/** Backoff settings. */
export interface BackoffOptions {
  /** First delay, ms. Default 500. */
  readonly initialDelayMs?: number;
  /** Longest delay, ms. Default 30000. */
  readonly maxDelayMs?: number;
  /** A connection up this long resets the backoff, ms. Default 60000. */
  readonly stableAfterMs?: number;
}

/** Backoff settings with defaults applied. */
export type ResolvedBackoff = Required<BackoffOptions>;

/** Fills in the defaults. */
export function resolveBackoff(options: BackoffOptions | undefined): ResolvedBackoff {
  return {
    initialDelayMs: options?.initialDelayMs ?? 500,
    maxDelayMs: options?.maxDelayMs ?? 30000,
    stableAfterMs: options?.stableAfterMs ?? 60000,
  };
}

/**
 * Delay before attempt `attempt` (from 1): `initial * 2^(attempt-1)`, capped, then "equal jitter"
 * (between half and all of it), so many clients do not reconnect in step.
 *
 * @example
 * ```ts
 * backoffDelay(3, resolveBackoff(undefined), () => 1); // 2000
 * ```
 */
export function backoffDelay(attempt: number, options: ResolvedBackoff, random: () => number): number {
  return exponentialDelay(attempt, { initialDelayMs: options.initialDelayMs, maxDelayMs: options.maxDelayMs, jitter: 'equal' }, random);
}
