/**
 * A stream whose backoff, PING period or timeouts are longer than a timer holds (2^31 - 1 ms, about
 * 24.8 days; Node fires a longer one after 1 ms) waits them out in steps: the reconnect comes when
 * the backoff is over, and no timer is asked for more than it holds. Virtual time, through a
 * scheduler that records every delay the stream asks.
 */
import { describe, expect, it } from '@jest/globals';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { recordingScheduler, TIMER_LIMIT_MS } from '../support/recording-scheduler.js';
import { setup, testScheduler } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';
const DAY = 86_400_000;

describe('a stream with delays of weeks (virtual time)', () => {
  it('reconnects after a 30-day backoff, not before, asking no timer for more than it holds', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const recording = recordingScheduler(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, {
        wsUrl,
        scheduler: recording,
        webSocketFactory: server.factory,
        random: () => 1,
        pingIntervalMs: 30 * DAY,
        pingTimeoutMs: 30 * DAY,
        connectTimeoutMs: 30 * DAY,
        backoff: { initialDelayMs: 30 * DAY, maxDelayMs: 30 * DAY, stableAfterMs: 40 * DAY },
      }).subscribe((e) => events.push(e));
      scheduler.schedule(() => server.sockets[0]?.drop(), 10_000);
      scheduler.schedule(() => subscription.unsubscribe(), 30 * DAY + 20_000);
      flush();
      expect(events.filter((e) => e.type === 'reconnecting')).toEqual([{ type: 'reconnecting', attempt: 1, delayMs: 30 * DAY, reason: 'closed-by-server', at: 10_000 }]);
      expect(events.flatMap((e) => (e.type === 'connected' ? [e.at] : []))).toEqual([2, 10_000 + 30 * DAY + 2]);
      expect(recording.delays.length).toBeGreaterThan(0);
      expect(Math.max(...recording.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
    });
  });
});
