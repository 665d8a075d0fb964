/**
 * The runs of the accounts' streams of one `userDataStreams`, kept until their stop is over (their
 * key DELETEs ended), so that its close can await every DELETE, those of accounts stopped earlier
 * included, and say which keys it could not close.
 *
 * @module
 */
import type { SchedulerLike } from 'rxjs';
import type { ClientCloseResult } from '../client/types.js';
import { scheduleInSteps } from '../long-delays.js';
import type { StopReport, StreamRun } from '../stream/user-data-stream.js';

/** What `close()` of `userDataStreams` resolves to: the same as `client.close()`'s, over every account. */
export type StreamsCloseResult = ClientCloseResult;

/** Reports kept at most: a run whose keys all closed leaves none, so only failures fill it. */
const MAX_REPORTS_KEPT = 10_000;

/**
 * Every run of the accounts' streams until its stop is over.
 *
 * @example
 * ```ts
 * const runs = new StreamRuns();
 * const events$ = watchedUserDataStream(provider, options, { run: runs.watch });
 * // later
 * const result = await runs.settle(20_000, scheduler);
 * ```
 */
export class StreamRuns {
  private readonly running = new Set<StreamRun>();
  /** Reports of finished runs that left keys behind. */
  private readonly reports: StopReport[] = [];

  /** Give this to each stream: it keeps the run until its stop is over. */
  readonly watch = (run: StreamRun): void => {
    this.running.add(run);
    void run.finished.then((report) => {
      this.running.delete(run);
      if ((report.keysNotClosed.length > 0 || report.creationsUnanswered > 0) && this.reports.length < MAX_REPORTS_KEPT) this.reports.push(report);
    });
  };

  /**
   * Waits until every run kept has finished, or `timeoutMs` (on `scheduler`) has passed; then what
   * every run came to (a DELETE still under way counts as a key not closed).
   *
   * @example
   * ```ts
   * const { keysNotClosed } = await runs.settle(20_000, scheduler);
   * ```
   */
  async settle(timeoutMs: number, scheduler: SchedulerLike): Promise<StreamsCloseResult> {
    let stopWaiting: () => void = () => undefined;
    const timedOut = new Promise<void>((resolve) => (stopWaiting = resolve));
    const timer = scheduleInSteps(scheduler, () => stopWaiting(), timeoutMs);
    await Promise.race([Promise.all([...this.running].map((run) => run.finished)), timedOut]);
    timer.unsubscribe();
    // The finished runs' reports are kept once their promise has settled: let those callbacks run.
    await Promise.resolve();
    const all = [...this.reports, ...[...this.running].map((run) => run.snapshot())];
    return {
      keysNotClosed: all.flatMap((report) => report.keysNotClosed),
      creationsUnanswered: all.reduce((sum, report) => sum + report.creationsUnanswered, 0),
    };
  }
}
