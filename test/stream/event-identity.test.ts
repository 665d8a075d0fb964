/**
 * The one event identity (`src/stream/identity/`): copies of one push share it whatever their
 * send time and the order their fields were set in; anything else in the content tells two pushes
 * apart; and its two uses differ in the channel only, kept by the stream, dropped by the bridge.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { MarketEvent } from '../../src/stream/events.js';
import { SortedNames } from '../../src/stream/identity/event-identity.js';
import { accountPushIdentity, streamCopyIdentity } from '../../src/stream/identity/index.js';
import { marketEventArbitrary } from './arbitraries.js';
import { accountEvent, dealEvent, orderEvent } from './fixtures.js';

/** `event` with its fields set in the reverse order (same names, same values). */
const reversed = (event: MarketEvent): MarketEvent => Object.fromEntries(Object.entries(event).reverse()) as unknown as MarketEvent;

/** The same content on the other form of its channel (protobuf or JSON). */
const otherForm = (event: MarketEvent): MarketEvent =>
  ({ ...event, channel: event.channel.endsWith('.pb') ? event.channel.slice(0, -3) : `${event.channel}.pb` }) as MarketEvent;

describe('streamCopyIdentity', () => {
  it('is every field but sendTime, by name, the channel kept', () => {
    const fields = JSON.parse(streamCopyIdentity(dealEvent)) as [string, unknown][];
    const expected = Object.entries(dealEvent)
      .filter(([name]) => name !== 'sendTime')
      .sort(([a], [b]) => (a < b ? -1 : 1));
    expect(fields).toEqual(expected);
    expect(fields.map(([name]) => name)).toContain('channel');
  });

  it('tells the same content on the other form of its channel apart', () => {
    for (const event of [accountEvent, dealEvent, orderEvent]) expect(streamCopyIdentity(otherForm(event))).not.toBe(streamCopyIdentity(event));
  });
});

describe('accountPushIdentity', () => {
  it('is the account and every field but sendTime and channel, by name', () => {
    const [account, fields] = JSON.parse(accountPushIdentity('a.b', orderEvent)) as [string, [string, unknown][]];
    expect(account).toBe('a.b');
    expect(fields.map(([name]) => name)).not.toContain('channel');
    expect(fields.map(([name]) => name)).not.toContain('sendTime');
    expect(fields).toHaveLength(Object.keys(orderEvent).length - 2);
  });

  it('is the same on either form of the channel, and differs between accounts', () => {
    for (const event of [accountEvent, dealEvent, orderEvent]) {
      expect(accountPushIdentity('a', otherForm(event))).toBe(accountPushIdentity('a', event));
      expect(accountPushIdentity('a', event)).not.toBe(accountPushIdentity('b', event));
    }
  });
});

describe('the one identity behind both uses', () => {
  it('is the same for copies (another send time, fields set in another order, undefined or absent), and the two uses differ in the channel only', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), fc.integer({ min: -60_000, max: 60_000 }), (event, lag) => {
        const copy = reversed({ ...event, sendTime: event.sendTime + lag });
        expect(streamCopyIdentity(copy)).toBe(streamCopyIdentity(event));
        expect(accountPushIdentity('a', copy)).toBe(accountPushIdentity('a', event));
        const defined = Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined)) as MarketEvent;
        expect(streamCopyIdentity(defined)).toBe(streamCopyIdentity(event));
        const withoutChannel = (JSON.parse(streamCopyIdentity(event)) as [string, unknown][]).filter(([name]) => name !== 'channel');
        expect(accountPushIdentity('a', event)).toBe(JSON.stringify(['a', withoutChannel]));
      }),
      { numRuns: 300 },
    );
  });

  it('is the same whatever order the fields come in, across more key orders than it remembers at once', () => {
    const expected = streamCopyIdentity(orderEvent);
    const names = Object.keys(orderEvent);
    fc.assert(
      fc.property(fc.array(fc.array(fc.double({ noNaN: true }), { minLength: names.length, maxLength: names.length }), { minLength: 9, maxLength: 30 }), (weightSets) => {
        // Each weight set orders the names differently: more distinct key orders than are remembered.
        for (const weights of weightSets) {
          const order = names.map((name, index) => [name, weights[index] ?? 0] as const).sort(([, a], [, b]) => a - b);
          const shuffled = Object.fromEntries(order.map(([name]) => [name, (orderEvent as unknown as Record<string, unknown>)[name]])) as unknown as MarketEvent;
          expect(streamCopyIdentity(shuffled)).toBe(expected);
          expect(accountPushIdentity('a', shuffled)).toBe(accountPushIdentity('a', orderEvent));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('reads the names of each event, not those of another event with as many fields', () => {
    const { createTime: _createTime, ...withoutCreateTime } = accountEvent;
    const { coinId: _coinId, ...withoutCoinId } = accountEvent;
    for (let round = 0; round < 2; round++) {
      expect(JSON.parse(streamCopyIdentity(withoutCreateTime as MarketEvent))).toContainEqual(['coinId', accountEvent.coinId]);
      expect(JSON.parse(streamCopyIdentity(withoutCoinId as MarketEvent))).toContainEqual(['createTime', accountEvent.createTime]);
      expect(JSON.parse(streamCopyIdentity(withoutCoinId as MarketEvent))).not.toContainEqual(['coinId', accountEvent.coinId]);
    }
  });

  it('differs when any field but sendTime differs', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), fc.nat(), (event, pick) => {
        const names = Object.keys(event).filter((name) => name !== 'sendTime' && name !== 'channel' && name !== 'type');
        const name = names[pick % names.length] ?? 'type';
        const value = (event as unknown as Record<string, unknown>)[name];
        const changed = { ...event, [name]: value === undefined ? 'x' : typeof value === 'number' ? value + 1 : typeof value === 'boolean' ? !value : `${String(value)}0` } as MarketEvent;
        expect(streamCopyIdentity(changed)).not.toBe(streamCopyIdentity(event));
        expect(accountPushIdentity('a', changed)).not.toBe(accountPushIdentity('a', event));
      }),
      { numRuns: 300 },
    );
  });
});

describe('SortedNames (the sort of each key order, done once)', () => {
  it('sorts by UTF-16 code units, and hands out the same names for the same key order', () => {
    const memo = new SortedNames(2);
    const names = memo.of({ b: 1, ä: 2, B: 3, a: 4 });
    expect(names).toEqual(['B', 'a', 'b', 'ä']);
    expect(memo.of({ b: 0, ä: 0, B: 0, a: 0 })).toBe(names);
  });

  it('tells apart key orders that share a prefix, a length or no position at all', () => {
    const memo = new SortedNames(8);
    expect(memo.of({ a: 1, b: 1 })).toEqual(['a', 'b']);
    expect(memo.of({ a: 1, b: 1, c: 1 })).toEqual(['a', 'b', 'c']);
    expect(memo.of({ a: 1 })).toEqual(['a']);
    expect(memo.of({ d: 1, c: 1 })).toEqual(['c', 'd']);
    expect(memo.of({ a: 1, d: 1 })).toEqual(['a', 'd']);
    expect(memo.of({ b: 1, a: 1 })).toEqual(['a', 'b']);
  });

  it('remembers at most its capacity of key orders, the latest first', () => {
    const memo = new SortedNames(3);
    expect(memo.size).toBe(0);
    const first = memo.of({ k0: 1 });
    expect(memo.size).toBe(1);
    for (let index = 1; index < 10; index++) memo.of({ [`k${index}`]: 1 });
    expect(memo.size).toBe(3);
    // The first was forgotten: its names are sorted again, equal but not the array handed out then.
    const again = memo.of({ k0: 1 });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(memo.size).toBe(3);
    expect(memo.of({ k9: 1 })).toEqual(['k9']);
  });
});
