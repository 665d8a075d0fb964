/**
 * The health of one user data stream (`events$.health()`), in virtual time against the scripted
 * server (whose replies take 7 ms): stopped before anyone subscribes, connecting, live, a PING's
 * round trip, the last event's time (within `refreshMs`), reconnecting at once when the socket
 * dies, stale after the gap until a repair says fresh, and stopped when the last subscriber
 * leaves. Watching starts nothing. Bad settings are refused when `health()` is called.
 */
import { describe, expect, it } from '@jest/globals';
import { Subject } from 'rxjs';
import type { StreamHealth } from '../../src/stream/health.js';
import type { RepairSignal } from '../../src/stream/status.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { FakeServer } from './fake-socket.js';
import { accountFrame, RecordingKeySource, testScheduler } from './harness.js';
import { configIssues, loose } from '../support/settings.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const LATENCY_MS = 7;

/** A stream on the scripted server, its key source, and every health it showed (with the virtual time). */
function healthRun(scheduler: ReturnType<typeof testScheduler>, refreshMs?: number) {
  const server = new FakeServer(scheduler, LATENCY_MS);
  const keys = new RecordingKeySource(scheduler);
  const events$ = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, pingIntervalMs: 10_000, pingTimeoutMs: 5_000, random: () => 0 });
  const seen: { at: number; health: StreamHealth }[] = [];
  const repairs = new Subject<RepairSignal | undefined>();
  const watching = events$.health(refreshMs === undefined ? { repairs } : { repairs, refreshMs }).subscribe((health) => seen.push({ at: scheduler.now(), health }));
  return { server, keys, events$, seen, repairs, watching };
}

describe('the health of one stream (virtual time)', () => {
  it('follows the stream: stopped, connecting, live, the round trip, reconnecting, stale, repaired, stopped', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys, events$, seen, repairs, watching } = healthRun(scheduler);
      // Watching alone starts nothing.
      expect(seen.map((s) => s.health.status)).toEqual(['stopped']);
      expect(keys.calls).toEqual([]);
      const events: UserDataEvent[] = [];
      const subscription = events$.subscribe((e) => events.push(e));
      scheduler.schedule(() => server.broadcast(accountFrame(scheduler.now()).frame), 12_000);
      scheduler.schedule(() => server.sockets[0]?.drop(), 30_000);
      scheduler.schedule(() => repairs.next({ stale: true }), 40_000);
      scheduler.schedule(() => repairs.next({ stale: false }), 41_000);
      scheduler.schedule(() => subscription.unsubscribe(), 50_000);
      flush();
      watching.unsubscribe();
      const connectedAt = events.find((e) => e.type === 'connected')?.at;
      expect(connectedAt).toBe(2 * LATENCY_MS);
      expect(seen.map(({ at, health }) => [at, health.status, health.lastEventAt, health.pongRoundTripMs])).toEqual([
        [0, 'stopped', undefined, undefined],
        [0, 'connecting', undefined, undefined],
        [14, 'live', undefined, undefined],
        // The PING at 10.014 s is answered 7 ms later: emitted within refreshMs (1 s), with the event of 12 s.
        [11_021, 'live', undefined, LATENCY_MS],
        [13_000, 'live', 12_000, LATENCY_MS],
        [21_021, 'live', 12_000, LATENCY_MS],
        // The socket dies: reconnecting at once; the new connection (after the backoff's 250 ms) comes back stale (a gap).
        [30_000, 'reconnecting', 12_000, LATENCY_MS],
        [30_264, 'stale', 12_000, LATENCY_MS],
        // A stale snapshot repairs nothing; a fresh one does.
        [41_000, 'live', 12_000, LATENCY_MS],
        [50_000, 'stopped', 12_000, LATENCY_MS],
      ]);
      // `since` is when the status became what it is.
      expect(seen.at(-3)?.health.since).toBe(30_264);
      // The new connection's first PONG (40.271 s) waited for the refresh and went with the repair.
      expect(seen.at(-2)?.health).toMatchObject({ status: 'live', since: 41_000, lastPongAt: 40_271 });
      expect(events.some((e) => e.type === 'gap')).toBe(true);
    });
  });

  it('emits every change at once with refreshMs 0, and a new watcher starts from the health now', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, events$, seen } = healthRun(scheduler, 0);
      const subscription = events$.subscribe();
      scheduler.schedule(() => server.broadcast(accountFrame(scheduler.now()).frame), 12_000);
      const late: StreamHealth[] = [];
      scheduler.schedule(() => events$.health().subscribe((h) => late.push(h)), 15_000);
      scheduler.schedule(() => subscription.unsubscribe(), 16_000);
      flush();
      expect(seen.map(({ at, health }) => [at, health.status])).toEqual([
        [0, 'stopped'],
        [0, 'connecting'],
        [14, 'live'],
        [10_021, 'live'],
        [12_000, 'live'],
        [16_000, 'stopped'],
      ]);
      expect(seen[4]?.health.lastEventAt).toBe(12_000);
      expect(late.map((h) => [h.status, h.lastEventAt, h.lastPongAt])).toEqual([
        ['live', 12_000, 10_021],
        ['stopped', 12_000, 10_021],
      ]);
    });
  });

  it('starts anew with a new run of the stream', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { events$, seen } = healthRun(scheduler, 0);
      const first = events$.subscribe();
      scheduler.schedule(() => first.unsubscribe(), 11_000);
      scheduler.schedule(() => {
        const second = events$.subscribe();
        scheduler.schedule(() => second.unsubscribe(), 10_000);
      }, 20_000);
      flush();
      const after = seen.filter(({ at }) => at >= 20_000).map(({ health }) => [health.status, health.pongRoundTripMs, health.since]);
      expect(after[0]).toEqual(['connecting', undefined, 20_000]);
      expect(after[1]).toEqual(['live', undefined, 20_014]);
    });
  });

  it('refuses bad settings when health() is called, and takes explicit undefineds', () => {
    const scheduler = testScheduler();
    const events$ = userDataStream(new RecordingKeySource(scheduler), { wsUrl, scheduler });
    expect(configIssues(() => events$.health({ refreshMs: -1 }))).toEqual([{ field: 'refreshMs', rule: 'a duration in ms from 0 to 60000' }]);
    expect(configIssues(() => events$.health({ refreshMs: Infinity }))).toHaveLength(1);
    expect(configIssues(() => events$.health({ refreshMs: loose('1000') }))).toHaveLength(1);
    expect(configIssues(() => events$.health({ repairs: loose([{ stale: false }]) }))).toEqual([{ field: 'repairs', rule: 'an Observable' }]);
    expect(configIssues(() => events$.health(loose({ refreshMS: 10 })))).toHaveLength(1);
    const seen: StreamHealth[] = [];
    events$.health({ repairs: undefined, refreshMs: undefined }).subscribe((h) => seen.push(h)).unsubscribe();
    expect(seen.map((h) => h.status)).toEqual(['stopped']);
  });
});
