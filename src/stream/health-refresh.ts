/**
 * When a health watcher emits: a status change at once, anything else (a new event's time, a
 * PONG) at most once per period, on the scheduler, so thousands of events a second cost one
 * snapshot a second.
 *
 * @module
 */
import type { SchedulerLike, Subscription } from 'rxjs';
import { scheduleInSteps } from '../long-delays.js';

/** Emits changes: urgent ones at once, the others gathered over a period. */
export class HealthRefresh {
  private pending: Subscription | undefined;

  /**
   * @param scheduler where the period runs
   * @param periodMs longest a non-urgent change waits; 0 emits every change at once
   * @param emit called for each emission
   * @example
   * ```ts
   * const refresh = new HealthRefresh(scheduler, 1000, () => subscriber.next(record.health));
   * refresh.changed(false); // emitted within 1000 ms
   * refresh.changed(true); // emitted now (with the change before it)
   * ```
   */
  constructor(
    private readonly scheduler: SchedulerLike,
    private readonly periodMs: number,
    private readonly emit: () => void,
  ) {}

  /** Something changed; `urgent` (a status change) emits now, else within the period. */
  changed(urgent: boolean): void {
    if (urgent || this.periodMs === 0) return this.flush();
    this.pending ??= scheduleInSteps(this.scheduler, () => this.flush(), this.periodMs);
  }

  /** Emits now, and drops a pending emission. */
  flush(): void {
    this.stop();
    this.emit();
  }

  /** Drops a pending emission. */
  stop(): void {
    this.pending?.unsubscribe();
    this.pending = undefined;
  }
}
