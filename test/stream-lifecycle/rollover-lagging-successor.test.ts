/**
 * A rollover's successor that the client reads late: the replaced connection delivered an event
 * during the overlap, the overlap ended and its socket closed, and only long after (in the
 * client's clock) does the successor's copy of the same push get read. It is still a copy. A client
 * whose event loop was busy (a long synchronous subscriber, a throttled browser tab) runs its timers
 * before it reads the sockets, so its clock can pass any tail while the copies wait unread; what
 * the successor delivers comes in push order, so the service's send times tell copies from news.
 */
import { describe, expect, it } from '@jest/globals';
import { COPY_WINDOW_MS } from '../../src/stream/identity/index.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
/** Rollover due at 5 min; the successor is subscribed 2 ms later; the old one is closed 2 s after that. */
const options = { wsUrl, format: 'json', rolloverAfterMs: 300_000, rolloverOverlapMs: 2_000, pingIntervalMs: 20_000, pingTimeoutMs: 10_000 } as const;
const HANDOVER = 300_004;
/** A push sent this long after the overlap's is past the tail. */
const PAST_TAIL = COPY_WINDOW_MS + 1_000;

type Frame = ReturnType<typeof accountFrame>;
/** What a script does at a virtual time: deliver a frame to one socket (0 the old, 1 the successor) or to every subscribed one. */
type Step = readonly [at: number, frame: Frame, to: 0 | 1 | 'all'];

/** Runs the stream through the rollover with `steps`, then stops it; what the subscriber got, and the server. */
function run(steps: readonly Step[]): { events: UserDataEvent[]; server: ReturnType<typeof setup>['server'] } {
  const scheduler = testScheduler();
  const events: UserDataEvent[] = [];
  let server: ReturnType<typeof setup>['server'] | undefined;
  scheduler.run(({ flush }) => {
    const made = setup(scheduler);
    server = made.server;
    const subscription = userDataStream(made.keys, { ...options, scheduler, webSocketFactory: made.server.factory }).subscribe((e) => events.push(e));
    for (const [at, { frame }, to] of steps) {
      scheduler.schedule(() => (to === 'all' ? made.server.broadcast(frame) : made.server.sockets[to]?.deliver(frame)), at);
    }
    scheduler.schedule(() => subscription.unsubscribe(), HANDOVER + 2 * PAST_TAIL);
    flush();
  });
  if (server === undefined) throw new Error('the script did not run');
  return { events, server };
}

const accounts = (events: readonly UserDataEvent[]): UserDataEvent[] => events.filter((e) => e.type === 'account');

describe('rollover with a successor read late (virtual time)', () => {
  it('drops the copy the successor delivers long after the overlap, and lets later pushes through', () => {
    const during = accountFrame(HANDOVER + 500);
    const after = accountFrame(HANDOVER + PAST_TAIL);
    const { events, server } = run([
      // Pushed to both during the overlap: the old connection's copy is read at once, the
      // successor's only 20 s later, long after the overlap (and a tail as long) ended.
      [HANDOVER + 500, during, 0],
      [HANDOVER + 20_500, during, 1],
      // A later push, on the successor alone.
      [HANDOVER + PAST_TAIL, after, 'all'],
    ]);

    expect(server.sockets[0]?.closedByClient).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['connected', 'rolled-over', 'account', 'account']);
    expect(accounts(events)).toEqual([during.event, after.event]);
  });

  it('lets a push of the same content through once the successor has delivered something sent after the tail', () => {
    const during = accountFrame(HANDOVER + 500);
    const after = accountFrame(HANDOVER + PAST_TAIL);
    // Delivered by the old connection only (the successor's copy is lost in this script), then a
    // later push moves the successor past the tail, then the first content is pushed again.
    const { events } = run([
      [HANDOVER + 500, during, 0],
      [HANDOVER + PAST_TAIL, after, 'all'],
      [HANDOVER + PAST_TAIL + 1_000, during, 'all'],
    ]);

    expect(accounts(events)).toEqual([during.event, after.event, during.event]);
  });
});
