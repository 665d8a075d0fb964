/**
 * The simulator's clock: one source of "now" for timestamp checks, listen-key expiry, deposit
 * windows and rate-limit buckets. Tests move it forward by hours without sleeping.
 *
 * @module
 */

/** A controllable clock. */
export interface SimClock {
  /** Current time, epoch ms. */
  now(): number;
  /** Moves the clock forward by `ms` (not backwards: a negative value throws RangeError). */
  advance(ms: number): void;
  /** Jumps to `epochMs` (in real-time mode the clock then keeps running from there). */
  set(epochMs: number): void;
  /** Whether time passes by itself (following the source, by default `Date.now`). */
  readonly realtime: boolean;
  /** Switches between real-time mode and manual mode (time stands still until advanced) without a jump. */
  setRealtime(on: boolean): void;
}

/** Settings of {@link createSimClock}. */
export interface SimClockOptions {
  /** Start time, epoch ms. Default: the source's current time. */
  readonly start?: number;
  /** Whether time passes by itself. Default `false` (manual). */
  readonly realtime?: boolean;
  /** Where real time comes from. Default `Date.now`. */
  readonly source?: () => number;
}

/**
 * Makes a {@link SimClock}. In manual mode time stands still until `advance` or `set`; in
 * real-time mode it follows `source`, shifted by every `advance`.
 *
 * @example
 * ```ts
 * const clock = createSimClock({ start: Date.UTC(2025, 0, 1) });
 * clock.advance(61 * 60_000); // one hour and a minute later, at once
 * ```
 */
export function createSimClock(options: SimClockOptions = {}): SimClock {
  const source = options.source ?? Date.now;
  let realtime = options.realtime ?? false;
  let frozen = options.start ?? source();
  let offset = frozen - source();
  const now = (): number => (realtime ? source() + offset : frozen);
  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      if (realtime) offset += ms;
      else frozen += ms;
    },
    set(epochMs) {
      if (realtime) offset = epochMs - source();
      else frozen = epochMs;
    },
    get realtime() {
      return realtime;
    },
    setRealtime(on) {
      const t = now();
      realtime = on;
      if (on) offset = t - source();
      else frozen = t;
    },
  };
}
