/**
 * One run of a replay: reads the recording from its first line and turns each record into what
 * the live stream emitted, in order, on the scheduler: a frame's event (decoded again by
 * `decodeFrame`, unless the live stream dropped it as an overlap's copy), a lifecycle event as
 * recorded, a REST reply to the request waiting for it, a gap where records were left out.
 *
 * @module
 */
import { base64ToUint8Array } from 'uint8array-extras';
import type { SchedulerLike, Subscriber, Subscription } from 'rxjs';
import { decodeFrame } from '../stream/decode-frame.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import type { FrameRecord, RecordingDiagnostic, SessionRecord } from './format.js';
import type { RecordingItem } from './read-recording.js';
import { openRecording, type RecordingInput } from './recording-input.js';
import type { RestWaiters } from './rest-waiters.js';

/** How a run is paced. */
export interface RunSettings {
  /** `undefined`: as fast as possible; else the recorded pace divided by this factor. */
  readonly speed: number | undefined;
  readonly scheduler: SchedulerLike;
  readonly onDiagnostic: (diagnostic: RecordingDiagnostic) => void;
}

/** The event a frame record gives on replay, or the diagnostic of a delivered frame now refused. */
function frameOutcome(record: FrameRecord, line: number): { readonly event?: UserDataEvent; readonly diagnostic?: RecordingDiagnostic } {
  if (record.dropped === true) return {};
  const result = decodeFrame('text' in record ? record.text : base64ToUint8Array(record.binary));
  if (result.kind === 'event') return { event: result.event };
  if (result.kind === 'control') return {};
  const why = result.kind === 'malformed' ? result.reason : `a frame of channel ${result.channel.slice(0, 64)}`;
  return { diagnostic: { code: 'frame-refused', line, message: `line ${line}: the frame does not decode to an event (${why})` } };
}

/**
 * A run, started by {@link start} and ended by {@link stop} (or by the end of the recording).
 *
 * @example
 * ```ts
 * const run = new ReplayRun(input, settings, waiters, subscriber);
 * run.start();
 * // later
 * run.stop();
 * ```
 */
export class ReplayRun {
  private stopped = false;
  private timer: Subscription | undefined;
  private zero = 0;
  private startedAt = 0;
  private lastDue = -Infinity;

  constructor(
    private readonly input: RecordingInput,
    private readonly settings: RunSettings,
    private readonly waiters: RestWaiters,
    private readonly subscriber: Subscriber<UserDataEvent>,
  ) {}

  /** Starts reading on the scheduler's next turn, so every subscriber of this turn sees the first event. */
  start(): void {
    this.startedAt = this.settings.scheduler.now();
    this.timer = this.settings.scheduler.schedule(() => this.open());
  }

  /** Stops: nothing more is read or emitted. */
  stop(): void {
    this.stopped = true;
    this.timer?.unsubscribe();
  }

  private open(): void {
    let reading;
    try {
      reading = openRecording(this.input);
    } catch (error: unknown) {
      return this.fail(error);
    }
    if (reading.sync) {
      const items = reading.items;
      this.pump(() => items.next());
    } else {
      const items = reading.items;
      this.pump(() => items.next());
    }
  }

  /** Takes items until one must wait (its time, or an async read) or the recording ends. */
  private pump(next: () => IteratorResult<RecordingItem> | Promise<IteratorResult<RecordingItem>>): void {
    while (!this.stopped) {
      let result;
      try {
        result = next();
      } catch (error: unknown) {
        return this.fail(error);
      }
      if (result instanceof Promise) {
        result.then(
          (read) => {
            if (!this.stopped && this.take(read, next)) this.pump(next);
          },
          (error: unknown) => this.fail(error),
        );
        return;
      }
      if (!this.take(result, next)) return;
    }
  }

  /** Handles one item; whether the pump goes straight on. */
  private take(read: IteratorResult<RecordingItem>, next: () => IteratorResult<RecordingItem> | Promise<IteratorResult<RecordingItem>>): boolean {
    if (read.done === true) {
      this.finish();
      return false;
    }
    const item = read.value;
    if (item.kind === 'diagnostic') {
      this.settings.onDiagnostic(item.diagnostic);
      return true;
    }
    if (item.kind === 'header') {
      this.zero = item.header.startedAt;
      return true;
    }
    const wait = this.waitFor(item.record);
    if (wait <= 0) {
      this.play(item.record, item.line);
      return true;
    }
    this.timer = this.settings.scheduler.schedule(() => {
      this.play(item.record, item.line);
      this.pump(next);
    }, wait);
    return false;
  }

  /** How long to wait before `record`, ms: 0 as fast as possible, else its offset from the start at the pace asked. */
  private waitFor(record: SessionRecord): number {
    const { speed, scheduler } = this.settings;
    if (speed === undefined) return 0;
    const due = Math.max(this.lastDue, this.startedAt + Math.max(0, record.at - this.zero) / speed);
    this.lastDue = due;
    return due - scheduler.now();
  }

  private play(record: SessionRecord, line: number): void {
    if (this.stopped) return;
    switch (record.record) {
      case 'frame': {
        const outcome = frameOutcome(record, line);
        if (outcome.diagnostic) this.settings.onDiagnostic(outcome.diagnostic);
        if (outcome.event) this.subscriber.next(outcome.event);
        return;
      }
      case 'lifecycle':
        return this.subscriber.next(record.event);
      case 'rest':
        return this.waiters.offer(record);
      case 'overflow':
        return this.subscriber.next({ type: 'gap', from: record.since, to: record.at, reason: 'not-recorded' });
    }
  }

  private finish(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.subscriber.complete();
    this.waiters.finish();
  }

  private fail(error: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.subscriber.error(error);
    this.waiters.finish(error);
  }
}
