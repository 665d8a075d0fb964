/**
 * Coalescing for UI feeds: a state operator that would emit a snapshot per event emits at most
 * one per frame, per tick or per interval instead, on a scheduler (so tests run it in virtual
 * time). The books keep what changed between snapshots, so the one snapshot emitted lists every
 * key changed or removed since the one before, each by its last fate (a key removed and made
 * again is changed, not removed): nothing is lost, only the in-between states, which nobody would
 * have seen on screen.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';
import { type DefaultsOf, settingOf } from '../settings/resolve.js';
import { isScheduler, type Rule } from '../settings/rules.js';

/**
 * How a state operator coalesces its snapshots:
 * - a scheduler: the updates of a burst are emitted together by one task scheduled on it with no
 *   delay. `animationFrameScheduler` gives at most one snapshot per animation frame (browsers);
 *   `asapScheduler` one per turn of the event loop (all the events a socket message or a timer
 *   delivered); a `TestScheduler` one per virtual instant.
 * - `{ everyMs, scheduler? }`: at most one snapshot per `everyMs` ms, the first update of a quiet
 *   spell waiting that long, on `scheduler` (default rxjs `asyncScheduler`).
 */
export type CoalesceOption = SchedulerLike | { readonly everyMs: number; readonly scheduler?: SchedulerLike | undefined };

/** The default of `{ everyMs, scheduler? }`'s scheduler (the coalesce option itself has none: one snapshot per update). */
export const COALESCE_DEFAULTS = {
  scheduler: asyncScheduler,
} as const satisfies DefaultsOf<Exclude<CoalesceOption, SchedulerLike>>;

/** The `coalesce` setting of the state operators ({@link reduceOrders}, {@link balanceSnapshots}). */
export interface CoalesceOptions {
  /**
   * For UI feeds: at most one snapshot per animation frame (`animationFrameScheduler`), per turn
   * of the event loop (`asapScheduler`) or per interval (`{ everyMs: 100 }`), instead of one per
   * event. Its `changed` and `removed` cover every update since the snapshot before (see
   * {@link CoalesceOption}). Default: one snapshot per update.
   */
  readonly coalesce?: CoalesceOption | undefined;
}

/** A resolved coalescing: where and after how long the pending updates are emitted. */
export interface Coalescing {
  readonly scheduler: SchedulerLike;
  readonly delayMs: number;
}

/** A `coalesce` option: a scheduler, or `{ everyMs }` with a positive, finite `everyMs` (and a scheduler, if given). */
export const COALESCE: Rule<CoalesceOption> = {
  words: 'a scheduler, or { everyMs } with a positive number of ms',
  accepts: (value): value is CoalesceOption => {
    if (isScheduler(value)) return true;
    // `null` or a number (from callers without the types) has no `everyMs`: it is refused.
    const given: object = typeof value === 'object' && value !== null ? value : {};
    const { everyMs, scheduler } = given as { readonly everyMs?: unknown; readonly scheduler?: unknown };
    // No other name: `{ everyMs: 100, schedular }` would silently run on the default scheduler.
    const onlyKnown = Object.keys(given).every((name) => name === 'everyMs' || name === 'scheduler');
    return onlyKnown && typeof everyMs === 'number' && everyMs > 0 && everyMs < Infinity && (scheduler === undefined || isScheduler(scheduler));
  },
};

/**
 * Checks a `coalesce` option; `undefined` when left out (one snapshot per update).
 *
 * @throws ValidationError (operation `config`) when it is neither a scheduler nor `{ everyMs }` with a positive, finite `everyMs`.
 * @example
 * ```ts
 * coalesceOption(animationFrameScheduler); // { scheduler: animationFrameScheduler, delayMs: 0 }
 * coalesceOption({ everyMs: 250 }); // { scheduler: asyncScheduler, delayMs: 250 }
 * ```
 */
export function coalesceOption(value: CoalesceOption | undefined): Coalescing | undefined {
  const option = settingOf('coalesce', value, COALESCE, undefined);
  if (option === undefined) return undefined;
  if (isScheduler(option)) return { scheduler: option, delayMs: 0 };
  return { scheduler: option.scheduler ?? COALESCE_DEFAULTS.scheduler, delayMs: option.everyMs };
}

/**
 * Runs `flush` once per window: the first `request` of a window schedules it, later ones join it.
 *
 * @example
 * ```ts
 * const window = new CoalescingWindow({ scheduler: asapScheduler, delayMs: 0 }, () => emitSnapshot());
 * window.request(); // after each update
 * ```
 */
export class CoalescingWindow {
  private task: Subscription | undefined;

  constructor(
    private readonly coalescing: Coalescing,
    private readonly flush: () => void,
  ) {}

  /** Asks for a flush at the end of the current window (opening one if none is open). */
  request(): void {
    this.task ??= scheduleInSteps(this.coalescing.scheduler, () => this.run(), this.coalescing.delayMs);
  }

  /** Flushes now what is waiting, if anything. */
  flushNow(): void {
    if (this.task === undefined) return;
    this.task.unsubscribe();
    this.run();
  }

  /** Drops what is waiting. */
  cancel(): void {
    this.task?.unsubscribe();
    this.task = undefined;
  }

  private run(): void {
    this.task = undefined;
    this.flush();
  }
}
