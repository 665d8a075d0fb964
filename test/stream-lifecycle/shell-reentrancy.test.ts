/**
 * What the shell does when the world answers while it is still carrying out an input: a report of
 * a connection that comes in the middle of an input waits its turn (and the connection it names
 * is gone from the shell already), a subscriber that leaves on an event stops everything after
 * it, and timers the supervisor cancels never fire.
 */
import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, HOUR, kinds, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

/** The answer the fake server gives to the SUBSCRIPTION a socket sent first. */
function subscriptionAnswer(sent: readonly string[]): string {
  const request = JSON.parse(sent[0] ?? '{}') as { params?: string[] };
  return JSON.stringify({ id: 0, code: 0, msg: (request.params ?? []).join(',') });
}

describe('a connection that ends while the shell carries out an input (virtual time)', () => {
  it('is handled after the input: the events of the input come first, in order', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, random: () => 1 }).subscribe((e) => {
        events.push(e);
        // The second connection dies right when its `gap` is told, before its `connected`.
        if (e.type === 'gap' && events.filter((x) => x.type === 'gap').length === 1) server.sockets[1]?.drop();
      });
      scheduler.schedule(() => server.sockets[0]?.drop(), 10_000);
      scheduler.schedule(() => subscription.unsubscribe(), 20_000);
      flush();

      expect(events).toEqual([
        { type: 'connected', connection: 1, listenKey: 'key-…xxxx', at: 2 },
        { type: 'reconnecting', attempt: 1, delayMs: 500, reason: 'closed-by-server', at: 10_000 },
        { type: 'gap', from: 1, to: 10_502, reason: 'closed-by-server' },
        { type: 'connected', connection: 2, listenKey: 'key-…xxxx', at: 10_502 },
        { type: 'reconnecting', attempt: 2, delayMs: 1_000, reason: 'closed-by-server', at: 10_502 },
        { type: 'gap', from: 10_501, to: 11_504, reason: 'closed-by-server' },
        { type: 'connected', connection: 3, listenKey: 'key-…xxxx', at: 11_504 },
      ]);
      expect(server.sockets).toHaveLength(3);
    });
  });

  it('is not probed at the handover its successor completes before the end is handled', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json', rolloverAfterMs: HOUR }).subscribe((e) => {
        events.push(e);
        if (e.type !== 'account') return;
        // On this event, the rollover's connection is subscribed and then the old one drops: the
        // handover (which PINGs the old connection) is handled before the drop is.
        const [old, fresh] = server.sockets;
        fresh?.deliver(subscriptionAnswer(fresh.sent));
        old?.drop();
      });
      // The rollover's connection opens at 1 h + 2 ms; its subscription is answered by hand.
      scheduler.schedule(() => {
        server.behaviour.answerSubscriptions = false;
      }, HOUR);
      const pushed = accountFrame(HOUR + 10);
      scheduler.schedule(() => server.sockets[0]?.deliver(pushed.frame), HOUR + 10);
      scheduler.schedule(() => subscription.unsubscribe(), HOUR + 5_000);
      flush();

      expect(events).toEqual([
        { type: 'connected', connection: 1, listenKey: 'key-…xxxx', at: 2 },
        pushed.event,
        { type: 'rolled-over', connection: 2, at: HOUR + 10 },
      ]);
      expect(keys.of('close')).toHaveLength(1);
    });
  });
});

describe('a subscriber that leaves on the event it is told (virtual time)', () => {
  it('stops what the same input would still have done: no new key after a failed keepalive', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      keys.failKeepAlives = 1;
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, keepAliveIntervalMs: 1_000 }).subscribe((e) => {
        events.push(e);
        if (e.type === 'diagnostic') subscription.unsubscribe();
      });
      flush();

      expect(kinds(events)).toEqual(['connected', 'diagnostic']);
      const [first] = keys.of('create');
      expect(keys.of('create')).toHaveLength(1);
      expect(keys.of('close')).toEqual([{ op: 'close', key: first?.key, at: 1_000 }]);
      expect(server.sockets).toHaveLength(1);
      expect(server.open()).toEqual([]);
    });
  });

  it('closes every socket and DELETEs the key even when the socket it leaves on has just dropped', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' }).subscribe((e) => {
        events.push(e);
        if (e.type !== 'account') return;
        server.sockets[0]?.drop();
        subscription.unsubscribe();
      });
      const pushed = accountFrame(100);
      scheduler.schedule(() => server.broadcast(pushed.frame), 100);
      flush();

      expect(events).toEqual([{ type: 'connected', connection: 1, listenKey: 'key-…xxxx', at: 2 }, pushed.event]);
      expect(keys.of('close')).toEqual([{ op: 'close', key: keys.of('create')[0]?.key, at: 100 }]);
      expect(server.sockets).toHaveLength(1);
      // Nothing was left scheduled: no reconnect, no keepalive.
      expect(keys.of('keepAlive')).toEqual([]);
      expect(scheduler.now()).toBeLessThan(60_000);
    });
  });
});

describe('timers the supervisor cancels (virtual time)', () => {
  it('never fire: the stable period of a connection that dropped does not reset the backoff of later failures', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler,
        webSocketFactory: server.factory,
        random: () => 1,
        connectTimeoutMs: 1_000,
        backoff: { initialDelayMs: 100, maxDelayMs: 1_000, stableAfterMs: 5_000 },
      }).subscribe((e) => events.push(e));
      // Live at 2 ms (stable at 5.002 s had it lasted); it drops at 1 s and every attempt after
      // it times out: attempts at 1.1, 2.3, 3.7 and 5.5 s fail, the last one past 5.002 s.
      scheduler.schedule(() => {
        server.behaviour.answerSubscriptions = false;
        server.sockets[0]?.drop();
      }, 1_000);
      scheduler.schedule(() => subscription.unsubscribe(), 7_000);
      flush();

      const attempts = events.flatMap((e) => (e.type === 'reconnecting' ? [[e.attempt, e.delayMs, e.at]] : []));
      expect(attempts).toEqual([
        [1, 100, 1_000],
        [2, 200, 2_100],
        [3, 400, 3_300],
        [4, 800, 4_700],
        [5, 1_000, 6_500],
      ]);
    });
  });
});
