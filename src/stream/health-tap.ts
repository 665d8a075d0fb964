/**
 * The health of one user data stream as an Observable: a tap the stream feeds (its runs, its
 * events, its PONGs), and watchers that each emit the health as it changes.
 *
 * @module
 */
import { Observable, Subject, type SchedulerLike } from 'rxjs';
import { type DefaultsOf, optional, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { duration, OBSERVABLE, type Rule } from '../settings/rules.js';
import { nextHealth, notRunning, type HealthInput, type HealthRecord, type StreamHealth } from './health.js';
import { HealthRefresh } from './health-refresh.js';
import type { RepairSignal } from './vocabulary.js';

/** Settings of a stream's `health()`. */
export interface StreamHealthOptions {
  /**
   * The snapshots of a state operator over the same stream (as `streamStatus`'s `repairs`): after
   * a gap the status is `stale` until one of them says `stale: false`. Give the snapshots your
   * application already has (a store through `from(store)`, or a shared pipeline), not a second
   * operator with its own resync. Default: none, and a gap leaves the status `stale` until the
   * stream's run ends.
   */
  readonly repairs?: Observable<RepairSignal | undefined> | undefined;
  /**
   * Longest a change other than the status (a new event's time, a PONG's round trip) waits before
   * it is emitted, ms; changes within it are emitted together. A status change is emitted at once.
   * 0 emits every change at once. Default 1000.
   */
  readonly refreshMs?: number | undefined;
}

/** The defaults of {@link StreamHealthOptions}, and of the health of many streams (the same `refreshMs`). */
export const STREAM_HEALTH_DEFAULTS = {
  refreshMs: 1000,
} as const satisfies DefaultsOf<StreamHealthOptions>;

/** The rule of `refreshMs`, shared by the health of one stream and of many. */
export const REFRESH_MS = setting(duration({ min: 0, max: 60_000 }), STREAM_HEALTH_DEFAULTS.refreshMs);

/** The settings of a stream's `health()`: each rule and default. */
export const STREAM_HEALTH_SETTINGS = settingsFor<StreamHealthOptions>()({
  repairs: optional(OBSERVABLE as Rule<Observable<RepairSignal | undefined>>),
  refreshMs: REFRESH_MS,
});

/** Where a stream reports what moves its health, and where watchers read it. */
export class HealthTap {
  private record: HealthRecord;
  private readonly inputs = new Subject<HealthInput>();

  /**
   * @param scheduler the stream's clock (the times of its health) and the watchers' timers
   * @example
   * ```ts
   * const tap = new HealthTap(scheduler);
   * tap.feed({ type: 'start', at: scheduler.now() });
   * tap.watch({}).subscribe((health) => console.log(health.status)); // 'connecting'
   * ```
   */
  constructor(private readonly scheduler: SchedulerLike) {
    this.record = notRunning(scheduler.now());
  }

  /** The stream's time now. */
  now(): number {
    return this.scheduler.now();
  }

  /** Moves the health on by `input`, for the tap and every watcher. */
  feed(input: HealthInput): void {
    this.record = nextHealth(this.record, input);
    this.inputs.next(input);
  }

  /**
   * The health as it changes: the current one at once (synchronously), then each change (a status
   * change at once, the others within `refreshMs`). Watching starts nothing: a stream nobody
   * subscribes to is `stopped`. It never completes; unsubscribe to stop watching.
   */
  watch(options: StreamHealthOptions | undefined): Observable<StreamHealth> {
    const { repairs, refreshMs } = resolveSettings(STREAM_HEALTH_SETTINGS, options ?? {});
    return new Observable<StreamHealth>((subscriber) => {
      let record = this.record;
      const refresh = new HealthRefresh(this.scheduler, refreshMs, () => subscriber.next(record.health));
      const apply = (input: HealthInput): void => {
        const next = nextHealth(record, input);
        if (next === record) return;
        const urgent = next.health.status !== record.health.status;
        record = next;
        refresh.changed(urgent);
      };
      subscriber.next(record.health);
      const fed = this.inputs.subscribe(apply);
      const repaired = repairs?.subscribe({ next: (signal) => apply({ type: 'repair', signal, at: this.now() }), error: () => undefined });
      return () => {
        fed.unsubscribe();
        repaired?.unsubscribe();
        refresh.stop();
      };
    });
  }
}
