/**
 * `streamStatus`: the one status vocabulary read off a stream's lifecycle events. The transitions
 * one by one (pure), then the operator in marbles: `connecting` at once, each change once,
 * `stopped` last (before the error of a failed stream), and `stale` from a gap until a repair
 * signal says the state is fresh again.
 */
import { describe, expect, it } from '@jest/globals';
import { of, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { streamStatus, type RepairSignal, type StreamStatus } from '../../src/index.js';
import { afterEvent, afterRepair, START, statusOf, type StatusState } from '../../src/stream/status.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, gapEvent, T0 } from '../operators/fixtures.js';
import { configIssues, loose } from '../support/settings.js';

const connected: UserDataEvent = { type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at: T0 };
const reconnecting: UserDataEvent = { type: 'reconnecting', attempt: 1, delayMs: 1000, reason: 'closed-by-server', at: T0 };
const gap: UserDataEvent = gapEvent(T0, T0 + 5);
const rolledOver: UserDataEvent = { type: 'rolled-over', connection: 2, at: T0 };
const keyReplaced: UserDataEvent = { type: 'key-replaced', listenKey: 'efgh…stuv', reason: 'keepalive-failed', at: T0 };
const diagnostic: UserDataEvent = { type: 'diagnostic', code: 'malformed-frame', message: 'bad frame', at: T0 };
const account: UserDataEvent = accountEvent({ asset: 'USDT', free: '1', frozen: '0', time: T0 });

function after(...events: UserDataEvent[]): StatusState {
  return events.reduce(afterEvent, START);
}

describe('the transitions', () => {
  it.each<[string, UserDataEvent[], StreamStatus]>([
    ['nothing yet', [], 'connecting'],
    ['a failed attempt before any connection', [reconnecting], 'connecting'],
    ['the first connection', [reconnecting, connected], 'live'],
    ['a lost connection', [connected, reconnecting], 'reconnecting'],
    ['a gap reported before the new connection', [connected, reconnecting, gap], 'reconnecting'],
    ['the new connection after a gap', [connected, reconnecting, gap, connected], 'stale'],
    ['a gap while connected (a stalled rollover)', [connected, gap], 'stale'],
    ['a lost connection while stale', [connected, gap, reconnecting], 'reconnecting'],
    ['a reconnection while a gap is unrepaired', [connected, gap, reconnecting, connected], 'stale'],
    ['a rollover, a key replacement, a diagnostic, an account event', [connected, rolledOver, keyReplaced, diagnostic, account], 'live'],
  ])('%s: %s', (_name, events, status) => {
    expect(statusOf(after(...events))).toBe(status);
  });

  it('a fresh repair signal ends an unrepaired gap; a stale one, or undefined, changes nothing', () => {
    const stale = after(connected, gap);
    expect(statusOf(afterRepair(stale, { stale: true }))).toBe('stale');
    expect(statusOf(afterRepair(stale, undefined))).toBe('stale');
    expect(statusOf(afterRepair(stale, { stale: false }))).toBe('live');
    const live = after(connected);
    expect(afterRepair(live, { stale: false })).toBe(live);
  });
});

function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

const EVENTS: Record<string, UserDataEvent> = { c: connected, r: reconnecting, g: gap, a: account, o: rolledOver };
const WORDS: Record<string, StreamStatus> = { C: 'connecting', L: 'live', R: 'reconnecting', S: 'stale', X: 'stopped' };

describe('streamStatus', () => {
  it('emits connecting at once, then each change once, and stopped when the stream completes', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const events = cold<UserDataEvent>('-c-a-o-r-c-a-|', EVENTS);
      expectObservable(events.pipe(streamStatus())).toBe('CL-----R-L---(X|)', WORDS);
    });
  });

  it('emits connecting synchronously on subscription', () => {
    const seen: StreamStatus[] = [];
    new Subject<UserDataEvent>().pipe(streamStatus()).subscribe((status) => seen.push(status));
    expect(seen).toEqual(['connecting']);
  });

  it('emits stopped and then fails with the stream’s error', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const events = cold<UserDataEvent>('-c-#', EVENTS, new Error('credentials refused'));
      expectObservable(events.pipe(streamStatus())).toBe('CL-(X#)', WORDS, new Error('credentials refused'));
    });
  });

  it('stays stale after a gap when nothing repairs it', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const events = cold<UserDataEvent>('-c-r-g-c-a-a-a', EVENTS);
      expectObservable(events.pipe(streamStatus())).toBe('CL-R---S', WORDS);
    });
  });

  it('is stale from a gap until a repair signal says fresh, and a stale signal does not end it', () => {
    testScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const signals: Record<string, RepairSignal | undefined> = { f: { stale: false }, s: { stale: true }, u: undefined };
      const repairs = hot<RepairSignal | undefined>('f----------s-u-f--f', signals);
      const events = cold<UserDataEvent>('-c-r-g-c--------------|', EVENTS);
      expectObservable(events.pipe(streamStatus({ repairs }))).toBe('CL-R---S-------L------(X|)', WORDS);
      expectSubscriptions(repairs.subscriptions).toBe('^---------------------!');
    });
  });

  it('ignores a repair source that fails', () => {
    const repairs = new Subject<RepairSignal>();
    const events = new Subject<UserDataEvent>();
    const seen: StreamStatus[] = [];
    events.pipe(streamStatus({ repairs })).subscribe((status) => seen.push(status));
    events.next(connected);
    repairs.error(new Error('resync broke'));
    events.next(gap);
    events.complete();
    expect(seen).toEqual(['connecting', 'live', 'stale', 'stopped']);
  });

  it('refuses a repair source that is not an Observable, and takes an explicit undefined', () => {
    expect(configIssues(() => streamStatus({ repairs: loose([{ stale: false }]) }))).toEqual([{ field: 'repairs', rule: 'an Observable' }]);
    const seen: StreamStatus[] = [];
    of(connected).pipe(streamStatus({ repairs: undefined })).subscribe((status) => seen.push(status));
    expect(seen).toEqual(['connecting', 'live', 'stopped']);
  });
});
