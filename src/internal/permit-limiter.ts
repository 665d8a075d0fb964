/**
 * The project's one permit limiter: the part the request budget and the start pacer share. It
 * counts permits held against a bound, hands out the next ones through its owner's rule whenever
 * one may go, and keeps one timer for when the rule says "not before then". Which waiter goes
 * next, and when, is the owner's (the budget's lanes and turns, the pacer's even spacing); the
 * counting, the re-entrant pump and the timer are here.
 *
 * @module
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';
import { Pump } from './pump.js';

/** A permit handed out; give it back when done (safe to call more than once). */
export interface Permit {
  release(): void;
}

/** The owner's rule: who goes next, and when. */
export interface PermitRule {
  /** Whether anyone waits (when nobody does, a release looks no further). */
  waiting(): boolean;
  /**
   * Lets the next waiter go if one may go at `now` (it takes a permit, with
   * {@link PermitLimiter.take}) and answers `true`; else answers when to ask again (`Infinity`:
   * not before a permit is released or a waiter comes).
   */
  grantNext(now: number): true | number;
}

/** A permit held: released once, however often `release` is called. */
class HeldPermit implements Permit {
  private released = false;

  constructor(
    private readonly limiter: PermitLimiter,
    private readonly onRelease: (() => void) | undefined,
  ) {}

  release(): void {
    if (this.released) return;
    this.released = true;
    this.limiter.returned(this.onRelease);
  }
}

/**
 * Permits up to `maxHeld` at once, given out by the owner's `rule`.
 *
 * @example
 * ```ts
 * const waiting = new Queue<(permit: Permit) => void>();
 * const limiter: PermitLimiter = new PermitLimiter(scheduler, 8, {
 *   waiting: () => waiting.length > 0,
 *   grantNext: () => {
 *     waiting.shift()?.(limiter.take());
 *     return true;
 *   },
 * });
 * waiting.push((permit) => work().finally(() => permit.release()));
 * limiter.pump();
 * ```
 */
export class PermitLimiter {
  private heldCount = 0;
  private wake: Subscription | undefined;
  private wakeAt = Infinity;
  private closed = false;
  private readonly pumper: Pump;

  /**
   * @param scheduler Whose clock and timers it uses.
   * @param maxHeld Permits held at once; `Infinity` for no bound.
   * @param rule The owner's rule, asked while a permit may be held and someone waits.
   */
  constructor(
    private readonly scheduler: SchedulerLike,
    private readonly maxHeld: number,
    private readonly rule: PermitRule,
  ) {
    this.pumper = new Pump(() => this.pass());
  }

  /** Permits taken and not released. */
  get held(): number {
    return this.heldCount;
  }

  /** Whether one more permit may be held. */
  get hasRoom(): boolean {
    return this.heldCount < this.maxHeld && !this.closed;
  }

  /**
   * Takes a permit now (the caller checked its rule: a fast path, or the grant `next` returned).
   * `onRelease` runs once, when the permit is released, before the waiters are looked at again.
   */
  take(onRelease?: () => void): Permit {
    this.heldCount += 1;
    return new HeldPermit(this, onRelease);
  }

  /** Lets go every waiter that may go now, then sets the timer for when the rule says to look again. */
  pump(): void {
    if (this.rule.waiting()) this.pumper.run();
  }

  /** @internal A permit came back (its `release`, once). */
  returned(onRelease: (() => void) | undefined): void {
    this.heldCount -= 1;
    onRelease?.();
    this.pump();
  }

  /** Cancels the timer (nobody waits: nothing keeps the process, or a test, alive). */
  disarm(): void {
    this.wake?.unsubscribe();
    this.wake = undefined;
    this.wakeAt = Infinity;
  }

  /** Cancels the timer and hands out nothing more (permits held may still be released). */
  close(): void {
    this.closed = true;
    this.disarm();
  }

  private pass(): void {
    if (this.closed) return;
    const now = this.scheduler.now();
    let again = Infinity;
    while (this.heldCount < this.maxHeld && this.rule.waiting()) {
      const granted = this.rule.grantNext(now);
      if (granted !== true) {
        again = granted;
        break;
      }
    }
    // With every permit held, the next release pumps again.
    this.arm(again);
  }

  /** Wakes at `at` (one timer: only an earlier time replaces it). */
  private arm(at: number): void {
    if (at === Infinity || at >= this.wakeAt) return;
    this.wake?.unsubscribe();
    this.wakeAt = at;
    // In steps: a wait longer than a timer holds (weeks) must not wake at once, again and again.
    this.wake = scheduleInSteps(
      this.scheduler,
      () => {
        this.wake = undefined;
        this.wakeAt = Infinity;
        this.pump();
      },
      at - this.scheduler.now(),
    );
  }
}
