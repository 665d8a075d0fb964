/**
 * The simulator's clock: one source of "now" for timestamp checks, listen-key expiry, deposit
 * windows, rate-limit buckets and the websocket rules, and one timer queue on which everything
 * that waits for simulated time waits (the websocket rules, the market driver, and through
 * {@link ./clock-scheduler.ts clockScheduler} any rxjs code, such as a client stream under test).
 *
 * Three ways for time to pass:
 * - real time (the default): time follows the source (by default `Date.now`);
 * - manual (`realtime: false`, asked for explicitly): time stands still; `advance` moves it, running
 *   every timer it passes, in order, each at its own due time;
 * - fast (`speed: N`): time runs up to N times faster than the source. Timers wait with real
 *   `setTimeout(delay / N)`. A stall of the process (garbage collection, a busy CPU) longer than
 *   `lagLimitMs` pauses simulated time instead of jumping it, so a reply already on the wire is
 *   read before a timeout that was not really reached fires. The same rule applies to any gap
 *   between two looks at the clock: a timer waking it counts in full up to its due time, but a
 *   caller that reads `now()` every 50 ms with a 10 ms lag limit sees a fifth of the speed.
 *
 * @module
 */
import { TimerQueue, type ClockTimer } from './clock-timers.js';

/** A controllable clock with a timer queue. */
export interface SimClock {
  /** Current time, epoch ms (an integer). */
  now(): number;
  /**
   * Moves the clock forward by `ms` (not backwards: a negative value throws RangeError). Timers
   * due on the way run in order, each with the clock at its due time.
   */
  advance(ms: number): void;
  /** Jumps to `epochMs` (in real-time mode the clock then keeps running from there). Timers now due run soon after. */
  set(epochMs: number): void;
  /** Whether time passes by itself (following the source, times `speed`). */
  readonly realtime: boolean;
  /** Switches between running mode and manual mode (time stands still until advanced) without a jump. */
  setRealtime(on: boolean): void;
  /** Clock milliseconds per source millisecond while running: 1 is real time, 1000 a fast clock. */
  readonly speed: number;
  /** Changes the speed without a jump (a positive number). */
  setSpeed(speed: number): void;
  /**
   * Calls `callback` once when the clock reaches `now() + delayMs`. Returns a function that
   * cancels it. In manual mode the callback runs when `advance` passes its time (or, when it is
   * already due, right after the current task); while running, after a real wait of
   * `delayMs / speed`.
   */
  setTimer(delayMs: number, callback: () => void): () => void;
  /** Number of timers waiting. */
  readonly pendingTimers: number;
  /** Cancels every waiting timer. */
  clearTimers(): void;
}

/** Settings of {@link createSimClock}. */
export interface SimClockOptions {
  /** Start time, epoch ms. Default: the source's current time. */
  readonly start?: number;
  /** Whether time passes by itself. Default `true`; `false` asks for a manual clock that stands still until advanced. */
  readonly realtime?: boolean;
  /** Clock milliseconds per source millisecond while running (fast mode above 1). Default 1. */
  readonly speed?: number;
  /**
   * Longest stretch of source time that counts at once while running, ms: a longer stall of the
   * process pauses simulated time. Default 10 when `speed` is above 1, none at 1 (real time stays
   * in step with the source).
   */
  readonly lagLimitMs?: number;
  /** Where real time comes from. Default `Date.now`. Timers assume it follows real time. */
  readonly source?: () => number;
}

/** Timers run per real wake-up before the clock yields to I/O. */
const RUN_PER_WAKE = 10_000;
/** Timers one `advance` may run (a timer that keeps re-arming itself with no delay hits this). */
const RUN_PER_ADVANCE = 1_000_000;
/** Longest single real wait, ms (longer ones wake up and wait again). */
const LONGEST_REAL_WAIT = 3_600_000;
/** Lag limit of fast clocks when none is given, ms. */
const FAST_LAG_LIMIT_MS = 10;

function checkSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError('the clock speed must be a positive number');
  return speed;
}

/**
 * Makes a {@link SimClock}.
 *
 * @example
 * ```ts
 * const clock = createSimClock({ start: Date.UTC(2025, 0, 1), realtime: false }); // manual
 * clock.setTimer(60 * 60_000, () => console.log('an hour later'));
 * clock.advance(61 * 60_000); // logs, at once
 *
 * // Up to 1000 times faster: a timer an hour away fires after 3.6 real seconds; a caller polling
 * // now() less often than every lagLimitMs sees it run slower (npm run clock:measure).
 * const fast = createSimClock({ speed: 1000 });
 * ```
 */
export function createSimClock(options: SimClockOptions = {}): SimClock {
  const source = options.source ?? Date.now;
  let speed = checkSpeed(options.speed ?? 1);
  let running = options.realtime ?? true;
  let time = options.start ?? source();
  let lastReal = source();
  const queue = new TimerQueue();
  let real: { readonly handle: ReturnType<typeof setTimeout>; readonly due: number } | undefined;

  const lagLimit = (): number | undefined => options.lagLimitMs ?? (speed > 1 ? FAST_LAG_LIMIT_MS : undefined);

  /** Lets running time catch up with the source; with `until`, a real wake-up may go as far as that due time. */
  const observe = (until?: number): void => {
    const r = source();
    const elapsed = r - lastReal;
    lastReal = r;
    if (!running || elapsed <= 0) return;
    const limit = lagLimit();
    const counted = limit === undefined ? elapsed : Math.min(elapsed, limit);
    let next = time + counted * speed;
    if (until !== undefined && until > next) next = Math.min(time + elapsed * speed, until);
    time = next;
  };

  const now = (): number => {
    observe();
    return Math.floor(time);
  };

  const disarm = (): void => {
    if (real === undefined) return;
    clearTimeout(real.handle);
    real = undefined;
  };

  const runTimer = (timer: ClockTimer, errors: unknown[]): void => {
    try {
      timer.callback();
    } catch (error) {
      errors.push(error);
    }
  };

  const rethrowFirst = (errors: readonly unknown[]): void => {
    if (errors.length > 0) throw errors[0];
  };

  const wake = (): void => {
    real = undefined;
    observe(queue.peek()?.due);
    const errors: unknown[] = [];
    try {
      for (let i = 0; i < RUN_PER_WAKE; i++) {
        const timer = queue.takeDue(time);
        if (timer === undefined) break;
        runTimer(timer, errors);
      }
    } finally {
      arm();
    }
    rethrowFirst(errors);
  };

  function arm(): void {
    const first = queue.peek();
    if (first === undefined) {
      disarm();
      return;
    }
    if (real !== undefined && real.due === first.due) return;
    disarm();
    let wait: number | undefined;
    if (first.due <= time) wait = 0;
    else if (running) wait = Math.min(LONGEST_REAL_WAIT, Math.ceil((first.due - time) / speed));
    if (wait !== undefined) real = { handle: setTimeout(wake, wait), due: first.due };
  }

  const rearm = (): void => {
    disarm();
    arm();
  };

  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      observe();
      const target = time + ms;
      const errors: unknown[] = [];
      try {
        for (let count = 0; ; count++) {
          if (count >= RUN_PER_ADVANCE) throw new RangeError(`more than ${RUN_PER_ADVANCE} timers in one advance: a timer re-arms itself without delay?`);
          const timer = queue.takeDue(target);
          if (timer === undefined) break;
          if (timer.due > time) time = timer.due;
          runTimer(timer, errors);
        }
        if (target > time) time = target;
      } finally {
        rearm();
      }
      rethrowFirst(errors);
    },
    set(epochMs) {
      observe();
      time = epochMs;
      rearm();
    },
    get realtime() {
      return running;
    },
    setRealtime(on) {
      observe();
      running = on;
      rearm();
    },
    get speed() {
      return speed;
    },
    setSpeed(next) {
      checkSpeed(next);
      observe();
      speed = next;
      rearm();
    },
    setTimer(delayMs, callback) {
      const delay = Number.isFinite(delayMs) && delayMs > 0 ? delayMs : 0;
      const timer = queue.add(now() + delay, callback);
      arm();
      return () => {
        if (queue.remove(timer) && real?.due === timer.due) rearm();
      };
    },
    get pendingTimers() {
      return queue.size;
    },
    clearTimers() {
      queue.clear();
      disarm();
    },
  };
}
