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
  readonly start?: number | undefined;
  /** Whether time passes by itself. Default `true`; `false` asks for a manual clock that stands still until advanced. */
  readonly realtime?: boolean | undefined;
  /** Clock milliseconds per source millisecond while running (fast mode above 1). Default 1. */
  readonly speed?: number | undefined;
  /**
   * Longest stretch of source time that counts at once while running, ms: a longer stall of the
   * process pauses simulated time. Default 10 when `speed` is above 1, none at 1 (real time stays
   * in step with the source).
   */
  readonly lagLimitMs?: number | undefined;
  /** Where real time comes from. Default `Date.now`. Timers assume it follows real time. */
  readonly source?: (() => number) | undefined;
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
  return new Clock(options);
}

/** A running real wait: the `setTimeout` that wakes the clock for the first timer. */
interface RealWait {
  readonly handle: ReturnType<typeof setTimeout>;
  readonly due: number;
}

function runTimer(timer: ClockTimer, errors: unknown[]): void {
  try {
    timer.callback();
  } catch (error) {
    errors.push(error);
  }
}

function rethrowFirst(errors: readonly unknown[]): void {
  if (errors.length > 0) throw errors[0];
}

/** The clock: simulated time, how it follows the source, and the timer queue's real wake-ups. */
class Clock implements SimClock {
  private readonly source: () => number;
  private currentSpeed: number;
  private running: boolean;
  private time: number;
  private lastReal: number;
  private readonly queue = new TimerQueue();
  private real: RealWait | undefined;

  constructor(private readonly options: SimClockOptions) {
    this.source = options.source ?? Date.now;
    this.currentSpeed = checkSpeed(options.speed ?? 1);
    this.running = options.realtime ?? true;
    this.time = options.start ?? this.source();
    this.lastReal = this.source();
  }

  now(): number {
    this.observe();
    return Math.floor(this.time);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.observe();
    const target = this.time + ms;
    const errors: unknown[] = [];
    try {
      for (let count = 0; ; count++) {
        if (count >= RUN_PER_ADVANCE) throw new RangeError(`more than ${RUN_PER_ADVANCE} timers in one advance: a timer re-arms itself without delay?`);
        const timer = this.queue.takeDue(target);
        if (timer === undefined) break;
        if (timer.due > this.time) this.time = timer.due;
        runTimer(timer, errors);
      }
      if (target > this.time) this.time = target;
    } finally {
      this.rearm();
    }
    rethrowFirst(errors);
  }

  set(epochMs: number): void {
    this.observe();
    this.time = epochMs;
    this.rearm();
  }

  get realtime(): boolean {
    return this.running;
  }

  setRealtime(on: boolean): void {
    this.observe();
    this.running = on;
    this.rearm();
  }

  get speed(): number {
    return this.currentSpeed;
  }

  setSpeed(next: number): void {
    checkSpeed(next);
    this.observe();
    this.currentSpeed = next;
    this.rearm();
  }

  setTimer(delayMs: number, callback: () => void): () => void {
    const delay = Number.isFinite(delayMs) && delayMs > 0 ? delayMs : 0;
    const timer = this.queue.add(this.now() + delay, callback);
    this.arm();
    return () => {
      if (this.queue.remove(timer) && this.real?.due === timer.due) this.rearm();
    };
  }

  get pendingTimers(): number {
    return this.queue.size;
  }

  clearTimers(): void {
    this.queue.clear();
    this.disarm();
  }

  private lagLimit(): number | undefined {
    return this.options.lagLimitMs ?? (this.currentSpeed > 1 ? FAST_LAG_LIMIT_MS : undefined);
  }

  /** Lets running time catch up with the source; with `until`, a real wake-up may go as far as that due time. */
  private observe(until?: number): void {
    const r = this.source();
    const elapsed = r - this.lastReal;
    this.lastReal = r;
    if (!this.running || elapsed <= 0) return;
    const limit = this.lagLimit();
    const counted = limit === undefined ? elapsed : Math.min(elapsed, limit);
    let next = this.time + counted * this.currentSpeed;
    if (until !== undefined && until > next) next = Math.min(this.time + elapsed * this.currentSpeed, until);
    this.time = next;
  }

  private disarm(): void {
    if (this.real === undefined) return;
    clearTimeout(this.real.handle);
    this.real = undefined;
  }

  private readonly wake = (): void => {
    this.real = undefined;
    this.observe(this.queue.peek()?.due);
    const errors: unknown[] = [];
    try {
      for (let i = 0; i < RUN_PER_WAKE; i++) {
        const timer = this.queue.takeDue(this.time);
        if (timer === undefined) break;
        runTimer(timer, errors);
      }
    } finally {
      this.arm();
    }
    rethrowFirst(errors);
  };

  private arm(): void {
    const first = this.queue.peek();
    if (first === undefined) {
      this.disarm();
      return;
    }
    if (this.real !== undefined && this.real.due === first.due) return;
    this.disarm();
    let wait: number | undefined;
    if (first.due <= this.time) wait = 0;
    else if (this.running) wait = Math.min(LONGEST_REAL_WAIT, Math.ceil((first.due - this.time) / this.currentSpeed));
    if (wait !== undefined) this.real = { handle: setTimeout(this.wake, wait), due: first.due };
  }

  private rearm(): void {
    this.disarm();
    this.arm();
  }
}
