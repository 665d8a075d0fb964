/**
 * A connection that stalls silently shortly before a rollover (or a key replacement) is replaced
 * before its missing PONG gives it away. What the service pushed to it after the stall, before
 * the successor was subscribed, never arrived: the stream must report that window as a gap. A
 * healthy replaced connection proves itself with a PING at the handover: no gap then.
 */
import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const options = { wsUrl, format: 'json', rolloverAfterMs: 60_000, rolloverOverlapMs: 2_000, pingIntervalMs: 20_000, pingTimeoutMs: 10_000 } as const;

function gapsOf(events: readonly UserDataEvent[]): Extract<UserDataEvent, { type: 'gap' }>[] {
  return events.filter((e): e is Extract<UserDataEvent, { type: 'gap' }> => e.type === 'gap');
}

describe('rollover onto a stalled connection (virtual time)', () => {
  it('reports the window the stalled connection did not deliver as a gap', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { ...options, scheduler, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      // Subscribed at 2 ms; PINGs at 20.002 s and 40.002 s are answered; then the socket stalls.
      scheduler.schedule(() => {
        const first = server.sockets[0];
        if (first) first.stalled = true;
      }, 50_000);
      // Pushed while only the stalled connection holds the subscription: withheld, lost.
      const lost = accountFrame(55_000);
      scheduler.schedule(() => server.broadcast(lost.frame), 55_000);
      scheduler.schedule(() => subscription.unsubscribe(), 70_000);
      flush();

      expect(events.map((e) => e.type)).toEqual(['connected', 'rolled-over', 'gap']);
      // From the last PING the stalled connection answered, to the successor's subscription (rollover at 60.002 s, 2 ms to subscribe).
      expect(gapsOf(events)).toEqual([{ type: 'gap', from: 40_002, to: 60_004, reason: 'stalled' }]);
      expect(events).not.toContainEqual(lost.event);
    });
  });

  it('reports no gap when the replaced connection answers the PING of the handover', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { ...options, scheduler, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      scheduler.schedule(() => subscription.unsubscribe(), 70_000);
      flush();

      expect(events.map((e) => e.type)).toEqual(['connected', 'rolled-over']);
      // The handover PING went on the old socket right when the new one was subscribed.
      expect(server.sockets[0]?.sent.filter((m) => m.includes('PING'))).toHaveLength(4);
    });
  });
});
