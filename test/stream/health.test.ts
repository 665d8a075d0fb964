/**
 * `nextHealth`, the one transition of a stream's health, input by input (pure): the status moves
 * as `streamStatus`'s does, `since` only when the status changes, the times of events and PONGs,
 * nothing after the run ended but a new start, and the same record back when nothing changed.
 */
import { describe, expect, it } from '@jest/globals';
import { countStatuses, nextHealth, notRunning, type HealthInput, type HealthRecord } from '../../src/stream/health.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, gapEvent, T0 } from '../operators/fixtures.js';

const connected: UserDataEvent = { type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at: T0 };
const reconnecting: UserDataEvent = { type: 'reconnecting', attempt: 1, delayMs: 500, reason: 'stalled', at: T0 };
const diagnostic: UserDataEvent = { type: 'diagnostic', code: 'malformed-frame', message: 'bad', at: T0 };
const stopped: UserDataEvent = { type: 'stopped', reason: 'client-closed', at: T0 };
const account: UserDataEvent = accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 });

const event = (e: UserDataEvent, at: number): HealthInput => ({ type: 'event', event: e, at });

function after(...inputs: HealthInput[]): HealthRecord {
  return inputs.reduce(nextHealth, notRunning(0));
}

describe('nextHealth', () => {
  it('is stopped before a run, connecting at its start, live once connected', () => {
    expect(notRunning(5).health).toEqual({ status: 'stopped', since: 5, lastEventAt: undefined, lastPongAt: undefined, pongRoundTripMs: undefined });
    expect(after({ type: 'start', at: 10 }).health).toMatchObject({ status: 'connecting', since: 10 });
    expect(after({ type: 'start', at: 10 }, event(connected, 20)).health).toMatchObject({ status: 'live', since: 20 });
  });

  it('moves since only when the status changes, and keeps the times of events and PONGs', () => {
    const record = after({ type: 'start', at: 10 }, event(connected, 20), event(account, 30), { type: 'pong', roundTripMs: 12, at: 40 });
    expect(record.health).toEqual({ status: 'live', since: 20, lastEventAt: 30, lastPongAt: 40, pongRoundTripMs: 12 });
    const lost = nextHealth(record, event(reconnecting, 50));
    expect(lost.health).toEqual({ ...record.health, status: 'reconnecting', since: 50 });
  });

  it('is stale after a gap until a fresh repair signal, which a stale one is not', () => {
    const stale = after({ type: 'start', at: 1 }, event(connected, 2), event(reconnecting, 3), event(gapEvent(T0, T0 + 5), 4), event(connected, 5));
    expect(stale.health).toMatchObject({ status: 'stale', since: 5 });
    expect(nextHealth(stale, { type: 'repair', signal: { stale: true }, at: 6 })).toBe(stale);
    expect(nextHealth(stale, { type: 'repair', signal: undefined, at: 6 })).toBe(stale);
    expect(nextHealth(stale, { type: 'repair', signal: { stale: false }, at: 7 }).health).toMatchObject({ status: 'live', since: 7 });
  });

  it('returns the same record for what changes nothing', () => {
    const live = after({ type: 'start', at: 1 }, event(connected, 2));
    expect(nextHealth(live, event(diagnostic, 3))).toBe(live);
    expect(nextHealth(live, event(connected, 4))).toBe(live);
    expect(nextHealth(live, { type: 'repair', signal: { stale: false }, at: 5 })).toBe(live);
  });

  it('is stopped by the stream’s own stopped event or the run’s end, and then takes nothing but a new start', () => {
    const live = after({ type: 'start', at: 1 }, event(connected, 2), { type: 'pong', roundTripMs: 3, at: 4 });
    const ended = nextHealth(live, event(stopped, 9));
    expect(ended.health).toMatchObject({ status: 'stopped', since: 9, lastPongAt: 4 });
    expect(nextHealth(live, { type: 'end', at: 9 }).health).toEqual(ended.health);
    for (const input of [event(connected, 10), event(account, 10), { type: 'pong', roundTripMs: 1, at: 10 }, { type: 'end', at: 10 }] as const) {
      expect(nextHealth(ended, input)).toBe(ended);
    }
    expect(nextHealth(ended, { type: 'start', at: 11 }).health).toEqual({ status: 'connecting', since: 11, lastEventAt: undefined, lastPongAt: undefined, pongRoundTripMs: undefined });
  });

  it('counts statuses, every word present', () => {
    expect(countStatuses([])).toEqual({ connecting: 0, live: 0, reconnecting: 0, stale: 0, stopped: 0 });
    expect(countStatuses(['live', 'stale', 'live', 'stopped'])).toEqual({ connecting: 0, live: 2, reconnecting: 0, stale: 1, stopped: 1 });
  });
});
