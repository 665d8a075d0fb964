/**
 * Diagnostics are safe to log: a listen key the stream holds (or held) shows only masked, whatever
 * text it came in (an error of the key source, a reply of the service), and text from the service
 * is quoted in bounded length (a frame may be huge).
 */
import { describe, expect, it } from '@jest/globals';
import { defer, of, throwError } from 'rxjs';
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { maskListenKey } from '../../src/stream/lifecycle.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const KEY = 'LKq7Zr2x9Vb4Nm1Pw8Ts5Uy3Hd6Jf0Ga2Ke7Lc9Xo4Ri1Qe8Wt5Yu3Ip6As0Df';

function diagnostics(events: readonly UserDataEvent[]): Extract<UserDataEvent, { type: 'diagnostic' }>[] {
  return events.filter((e): e is Extract<UserDataEvent, { type: 'diagnostic' }> => e.type === 'diagnostic');
}

describe('diagnostics (virtual time)', () => {
  it('mask the listen key when a failed keepalive quotes it, in the text or in a URL', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      const source = {
        create: () => of(KEY),
        keepAlive: (key: string) =>
          defer(() => throwError(() => new TypeError(`fetch failed: PUT https://api.example/api/v3/userDataStream?listenKey=${key}&timestamp=1 (key ${key})`))),
        close: () => of({}),
      };
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, keepAliveIntervalMs: 1_000 }).subscribe((e) => events.push(e));
      scheduler.schedule(() => subscription.unsubscribe(), 1_500);
      flush();
      const [failed] = diagnostics(events);
      expect(failed?.code).toBe('keepalive-failed');
      expect(failed?.message).not.toContain(KEY);
      expect(failed?.message).toContain(`listenKey=${maskListenKey(KEY)}&timestamp=1`);
      expect(failed?.message).toContain(`(key ${maskListenKey(KEY)})`);
    });
  });

  it('mask the listen key in a reply of the service that quotes it', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(() => of(KEY), { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      scheduler.schedule(() => server.broadcast(JSON.stringify({ id: 0, code: 1, msg: `listen key ${KEY} is not allowed here` })), 100);
      scheduler.schedule(() => subscription.unsubscribe(), 1_000);
      flush();
      const [reply] = diagnostics(events);
      expect(reply?.message).toBe(`the service replied 1: listen key ${maskListenKey(KEY)} is not allowed here`);
    });
  });

  it('quote a huge channel name cut short', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl, scheduler, webSocketFactory: server.factory }).subscribe((e) => events.push(e));
      const channel = 'spot@public.deals.v3.api.pb@'.padEnd(1 << 20, 'x');
      const frame = encodePushFrame({ type: 'account', channel, asset: 'USDT', coinId: 'c', free: '1', freeChange: '1', frozen: '0', frozenChange: '0', changeType: 'DEPOSIT', time: 5, sendTime: 5 });
      scheduler.schedule(() => server.broadcast(frame), 100);
      scheduler.schedule(() => subscription.unsubscribe(), 1_000);
      flush();
      const [unknown] = diagnostics(events);
      expect(unknown?.code).toBe('unknown-frame');
      expect(unknown?.message.length).toBeLessThan(200);
      expect(unknown?.message).toContain(`(${1 << 20} characters)`);
    });
  });
});
