/**
 * Where a gap starts: at the last moment up to which everything the service sent is known to have
 * arrived, not at the arrival of the last frame. Frames sent just before that arrival may still be
 * in flight when the connection dies; a gap that started at the arrival would not cover them.
 */
import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountFrame, setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

function gapsOf(events: readonly UserDataEvent[]): Extract<UserDataEvent, { type: 'gap' }>[] {
  return events.filter((e): e is Extract<UserDataEvent, { type: 'gap' }> => e.type === 'gap');
}

describe('the start of a gap (virtual time)', () => {
  it("starts at the send time of the last event that arrived, when it was sent before it arrived", () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json', random: () => 1 }).subscribe((e) =>
        events.push(e),
      );
      // Sent by the service at 9 s, arrived at 10 s; whatever it sent between 9 s and the drop is lost.
      scheduler.schedule(() => server.broadcast(accountFrame(9_000).frame), 10_000);
      scheduler.schedule(() => server.sockets[0]?.drop(), 10_000);
      scheduler.schedule(() => subscription.unsubscribe(), 15_000);
      flush();
      expect(events.map((e) => e.type)).toEqual(['connected', 'account', 'reconnecting', 'gap', 'connected']);
      expect(gapsOf(events)[0]?.from).toBe(9_000);
    });
  });

  it('starts at the arrival of the last event when its send time is later (a service clock ahead)', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json', random: () => 1 }).subscribe((e) =>
        events.push(e),
      );
      scheduler.schedule(() => server.broadcast(accountFrame(99_000).frame), 10_000);
      scheduler.schedule(() => server.sockets[0]?.drop(), 12_000);
      scheduler.schedule(() => subscription.unsubscribe(), 15_000);
      flush();
      expect(gapsOf(events)[0]?.from).toBe(10_000);
    });
  });

  it('starts at the time a PING was sent once its PONG arrived, not at the PONG', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory, pingIntervalMs: 20_000, random: () => 1 }).subscribe((e) =>
        events.push(e),
      );
      // Subscribed at 2 ms; the first PING goes at 20.002 s and its PONG arrives 1 ms later.
      scheduler.schedule(() => server.sockets[0]?.drop(), 25_000);
      scheduler.schedule(() => subscription.unsubscribe(), 30_000);
      flush();
      expect(server.sockets[0]?.sent.filter((m) => m.includes('PING'))).toHaveLength(1);
      expect(gapsOf(events)[0]?.from).toBe(20_002);
    });
  });
});
