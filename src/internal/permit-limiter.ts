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

/**
 * What the owner's rule answers when asked for the next permit at `now`: a function that lets one
 * waiter go (it must take a permit, with {@link PermitLimiter.take}), or the time to ask again
 * (`Infinity`: not before a permit is released or a waiter comes).
 */
export type NextPermit = (() => void) | number;

/**
 * Permits up to `maxHeld` at once, given out by `next`.
 *
 * @example
 * ```ts
 * const waiting = new Queue<(permit: Permit) => void>();
 * const limiter = new PermitLimiter(scheduler, 8, (now) => {
 *   const grant = waiting.shift();
 *   return grant === undefined ? Infinity : () => grant(limiter.take());
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
   * @param next The owner's rule (see {@link NextPermit}), asked while a permit may be held.
   */
  constructor(
    private readonly scheduler: SchedulerLike,
    private readonly maxHeld: number,
    private readonly next: (now: number) => NextPermit,
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
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.heldCount -= 1;
        onRelease?.();
        this.pump();
      },
    };
  }

  /** Lets go every waiter that may go now, then sets the timer for when the rule says to look again. */
  pump(): void {
    this.pumper.run();
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
    while (this.heldCount < this.maxHeld) {
      const next = this.next(now);
      if (typeof next === 'number') {
        again = next;
        break;
      }
      next();
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
