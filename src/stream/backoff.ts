/**
 * Reconnect delays: the stream's settings of the library's exponential backoff, with equal jitter.
 *
 * @module
 */
import { exponentialDelay } from '../exponential-backoff.js';
import { type DefaultsOf, type Resolved, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { duration } from '../settings/rules.js';

/** Backoff settings. */
export interface BackoffOptions {
  /** First delay, ms, from 100 (a reconnect loop never spins). Default 500. */
  readonly initialDelayMs?: number | undefined;
  /** Longest delay, ms, from 100 and at least `initialDelayMs`. Default 30000. */
  readonly maxDelayMs?: number | undefined;
  /** A connection up this long resets the backoff, ms, from 1000. Default 60000. */
  readonly stableAfterMs?: number | undefined;
}

/**
 * The shortest first delay and cap: a tenth of a second. The first reconnect then waits at least
 * 50 ms (equal jitter waits half to all of it), each failed attempt doubles that, and the cap keeps
 * every later one at 50 ms or more: each attempt opens a connection, and a delay of a nanosecond
 * opened 669 websockets a second.
 */
const SHORTEST_DELAY_MS = 100;
/**
 * The shortest stable period: a second. A server that accepts each connection and drops it at
 * once meets a growing backoff, not the first delay again and again.
 */
const SHORTEST_STABLE_MS = 1000;

/**
 * The defaults of {@link BackoffOptions}, each written here only: `BACKOFF_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const BACKOFF_DEFAULTS = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
} as const satisfies DefaultsOf<BackoffOptions>;

/** The backoff's settings: each rule and default. */
export const BACKOFF_SETTINGS = settingsFor<BackoffOptions>()(
  {
    initialDelayMs: setting(duration({ min: SHORTEST_DELAY_MS }), BACKOFF_DEFAULTS.initialDelayMs),
    maxDelayMs: setting(duration({ min: SHORTEST_DELAY_MS }), BACKOFF_DEFAULTS.maxDelayMs),
    stableAfterMs: setting(duration({ min: SHORTEST_STABLE_MS }), BACKOFF_DEFAULTS.stableAfterMs),
  },
  [{ field: 'maxDelayMs', words: 'at least initialDelayMs', holds: (backoff) => backoff.maxDelayMs >= backoff.initialDelayMs }],
);

/** Backoff settings with defaults applied. */
export type ResolvedBackoff = Resolved<typeof BACKOFF_SETTINGS.fields>;

/**
 * Fills in the defaults, checking each setting.
 *
 * @throws ValidationError (operation `config`) naming each bad field.
 * @example
 * ```ts
 * resolveBackoff({ initialDelayMs: 1000 }).maxDelayMs; // 30000
 * ```
 */
export function resolveBackoff(options: BackoffOptions | undefined): ResolvedBackoff {
  return resolveSettings(BACKOFF_SETTINGS, options);
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
