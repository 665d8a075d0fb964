/**
 * A manual simulator clock that knows when its next timer is due, so a test can move time from
 * one timer to the next (see sim-drive.ts) instead of waiting for it on a fast clock. It wraps the
 * simulator's own manual clock (`createSimClock({ realtime: false })`) and adds nothing to what
 * the clock does; it only keeps the due times of the timers still waiting.
 */
import { createSimClock, type SimClock } from '../../src/simulator/index.js';

/** A waiting timer: its due time, clock epoch ms. */
interface Waiting {
  readonly due: number;
}

/** A {@link SimClock} in manual mode that tells when its next timer is due. */
export class SteppedClock implements SimClock {
  private readonly inner: SimClock;
  private readonly waiting = new Set<Waiting>();

  constructor(start: number) {
    this.inner = createSimClock({ start, realtime: false });
  }

  /** Due time of the first waiting timer, or `undefined` when none waits. */
  nextDue(): number | undefined {
    let first: number | undefined;
    for (const timer of this.waiting) if (first === undefined || timer.due < first) first = timer.due;
    return first;
  }

  now(): number {
    return this.inner.now();
  }

  advance(ms: number): void {
    this.inner.advance(ms);
  }

  set(epochMs: number): void {
    this.inner.set(epochMs);
  }

  get realtime(): boolean {
    return this.inner.realtime;
  }

  setRealtime(on: boolean): void {
    if (on) throw new Error('a stepped clock stays manual: the test moves it');
    this.inner.setRealtime(on);
  }

  get speed(): number {
    return this.inner.speed;
  }

  setSpeed(speed: number): void {
    this.inner.setSpeed(speed);
  }

  setTimer(delayMs: number, callback: () => void): () => void {
    const timer: Waiting = { due: this.inner.now() + (Number.isFinite(delayMs) && delayMs > 0 ? delayMs : 0) };
    this.waiting.add(timer);
    const cancel = this.inner.setTimer(delayMs, () => {
      this.waiting.delete(timer);
      callback();
    });
    return () => {
      this.waiting.delete(timer);
      cancel();
    };
  }

  get pendingTimers(): number {
    return this.inner.pendingTimers;
  }

  clearTimers(): void {
    this.waiting.clear();
    this.inner.clearTimers();
  }
}
