/**
 * `replaySession`: a recorded session of the user data stream, played back as the events the live
 * stream emitted, with its REST replies offered to the state operators as their seed and resync.
 *
 * @module
 */
import { asyncScheduler, Observable, share, type SchedulerLike } from 'rxjs';
import { type DefaultsOf, optional, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, oneOf, rate, SCHEDULER } from '../settings/rules.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import type { RecordingDiagnostic } from './format.js';
import type { RecordingInput } from './recording-input.js';
import { ReplayRun } from './replay-run.js';
import { RestWaiters } from './rest-waiters.js';

/** Settings of {@link replaySession}. */
export interface ReplayOptions {
  /**
   * `'as-fast-as-possible'`: every record as soon as it is read; `'recorded'`: each record at its
   * recorded time after the session's start (divided by `speed`), waited for on `scheduler`.
   * @default 'as-fast-as-possible'
   */
  readonly pace?: 'as-fast-as-possible' | 'recorded' | undefined;
  /**
   * With `pace: 'recorded'`, how many times faster than recorded (2: twice as fast; 0.5: half as
   * fast). Finite, more than 0.
   * @default 1
   */
  readonly speed?: number | undefined;
  /**
   * The scheduler the replay starts and waits on (a `TestScheduler` replays an hour in virtual
   * time).
   * @default asyncScheduler
   */
  readonly scheduler?: SchedulerLike | undefined;
  /**
   * Called with each line skipped (cut short, malformed, of an unknown record type) and each
   * delivered frame the decoder now refuses. Default: none (the replay goes on either way).
   */
  readonly onDiagnostic?: ((diagnostic: RecordingDiagnostic) => void) | undefined;
}

/** The REST replies of a replayed session (see {@link SessionReplay}). */
export interface RecordedReplies {
  /**
   * The recorded replies of one REST operation, as a source the state operators take for their
   * `seed` and `resync`: each subscription waits for the next reply of `operation` the replay
   * reaches after it (as the live request waited for the live reply, so a reply lands among the
   * events where it landed live), emits its recorded value and completes; a call recorded as
   * failed fails with {@link RecordedRestError}. Subscriptions of one operation get its replies in
   * the order they subscribed. One left waiting when the replay ends completes without a value
   * (the operator reports its seed or resync as failed). The values are the recorded JSON, not
   * checked again: `T` is what you say the operation returns.
   *
   * @param operation the operation's id (`M8`, ...), or the name a call of your own was recorded under
   * @example
   * ```ts
   * const session = replaySession(recordingFile('session.ndjson'));
   * const assets = () => session.restReplies<readonly BalanceSeed[]>('M8');
   * session.pipe(balanceSnapshots({ seed: assets(), resync: assets })).subscribe(render);
   * ```
   */
  restReplies<T = unknown>(operation: string): Observable<T>;
}

/**
 * A replayed session: an Observable of the events the live stream emitted (hot and shared like the
 * live stream: the first subscriber starts a run from the recording's first line, on the
 * scheduler's next turn, so every subscriber of the same turn sees every event; the run completes
 * at the recording's end; a later subscriber starts a new run), with the REST replies it recorded
 * ({@link RecordedReplies.restReplies}).
 */
export type SessionReplay = Observable<UserDataEvent> & RecordedReplies;

/** The Observable a {@link replaySession} gives, with its REST replies. */
class ReplayedSession extends Observable<UserDataEvent> implements RecordedReplies {
  private readonly waiters: RestWaiters;

  constructor(input: RecordingInput, settings: { readonly speed: number | undefined; readonly scheduler: SchedulerLike; readonly onDiagnostic: (d: RecordingDiagnostic) => void }) {
    const waiters = new RestWaiters();
    const events = new Observable<UserDataEvent>((subscriber) => {
      const run = new ReplayRun(input, settings, waiters, subscriber);
      run.start();
      return () => run.stop();
    }).pipe(share({ resetOnError: true, resetOnComplete: true, resetOnRefCountZero: true }));
    super((subscriber) => events.subscribe(subscriber));
    this.waiters = waiters;
  }

  restReplies<T = unknown>(operation: string): Observable<T> {
    return this.waiters.request<T>(operation);
  }
}

/**
 * The defaults of {@link ReplayOptions}, each written here only: `REPLAY_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const REPLAY_DEFAULTS = {
  pace: 'as-fast-as-possible',
  // Filled in at the recorded pace only: a speed given without it is refused, not ignored.
  speed: 1,
  scheduler: asyncScheduler,
  onDiagnostic: () => undefined,
} as const satisfies DefaultsOf<ReplayOptions>;

/** The replay's settings: each rule and default. */
export const REPLAY_SETTINGS = settingsFor<ReplayOptions>()(
  {
    pace: setting(oneOf(['as-fast-as-possible', 'recorded'] as const), REPLAY_DEFAULTS.pace),
    // Left out, replaySession fills in REPLAY_DEFAULTS.speed at the recorded pace: a default filled
    // here could not tell a speed given without that pace, which is refused.
    speed: optional(rate({ above: 0 })),
    scheduler: setting(SCHEDULER, REPLAY_DEFAULTS.scheduler),
    onDiagnostic: setting(aFunction<(diagnostic: RecordingDiagnostic) => void>(), REPLAY_DEFAULTS.onDiagnostic),
  },
  // A speed only means something at the recorded pace: given without it, it is a mistake.
  [{ field: 'speed', words: "only with pace 'recorded'", holds: (s) => s.speed === undefined || s.pace === 'recorded' }],
);

/**
 * Replays a recorded session: the same `UserDataEvent`s the live stream emitted, in the recorded
 * order. Market events are decoded again from the recorded frames by the library's own decoder
 * (`decodeFrame`), so a replay shows what this version makes of them; the live stream's decisions
 * are taken from the recording (its lifecycle events; the overlap copies it dropped, which stay
 * dropped). Records the writer left out (an `overflow` marker) come out as a `gap` with reason
 * `not-recorded`. Lines cut short or malformed are skipped and reported to `onDiagnostic`; a
 * recording of a newer format, or none at all, fails the replay with `RecordingFormatError`.
 *
 * Piped into `reduceOrders` and `balanceSnapshots`, with {@link RecordedReplies.restReplies} as their
 * seed and resync, it reproduces the states the live session produced.
 *
 * @throws ValidationError when an option is invalid.
 * @example
 * ```ts
 * import { replaySession, reduceOrders } from 'mexc-rx';
 * import { recordingFile } from 'mexc-rx';
 *
 * const session = replaySession(recordingFile('session.ndjson'), { onDiagnostic: (d) => console.warn(d.message) });
 * session.pipe(reduceOrders()).subscribe((book) => console.log(book.orders.size));
 *
 * // At the recorded pace, an hour in virtual time:
 * // replaySession(text, { pace: 'recorded', scheduler: testScheduler })
 * ```
 */
export function replaySession(input: RecordingInput, options: ReplayOptions = {}): SessionReplay {
  const { pace, speed, scheduler, onDiagnostic } = resolveSettings(REPLAY_SETTINGS, options);
  return new ReplayedSession(input, { speed: pace === 'recorded' ? (speed ?? REPLAY_DEFAULTS.speed) : undefined, scheduler, onDiagnostic });
}
