/**
 * The operators' empty snapshots, for a store's `initial` or a server render before any state: the
 * operator's first snapshot with `version: 0`, immutable, one object per kind, written as JSON and
 * read back like any other; the option checked when given, an explicit `undefined` taken as "not given".
 */
import { describe, expect, it } from '@jest/globals';
import { NEVER, Subject } from 'rxjs';
import {
  balanceSnapshots,
  balancesFromJSON,
  emptyBalances,
  emptyOrderBook,
  orderBookFromJSON,
  reduceOrders,
  ValidationError,
  type BalanceSnapshot,
  type OrderBook,
  type UserDataEvent,
} from '../../src/index.js';

const fields = (s: OrderBook | BalanceSnapshot) => ({ size: 'orders' in s ? s.orders.size : s.balances.size, stale: s.stale, gap: s.gap, cause: s.cause, error: s.error, changed: s.changed, removed: s.removed });

function firstOf<S>(operator: (source: Subject<UserDataEvent>) => { subscribe(next: (s: S) => void): unknown }): S {
  let first: S | undefined;
  operator(new Subject<UserDataEvent>()).subscribe((s) => (first ??= s));
  if (first === undefined) throw new Error('no first snapshot');
  return first;
}

describe('emptyOrderBook and emptyBalances', () => {
  it('are the operators’ first snapshots, with version 0: fresh without a seed, stale while one is pending', () => {
    expect(fields(emptyOrderBook())).toStrictEqual(fields(firstOf((s) => s.pipe(reduceOrders()))));
    expect(fields(emptyOrderBook({ seedPending: true }))).toStrictEqual(fields(firstOf((s) => s.pipe(reduceOrders({ seed: NEVER })))));
    expect(fields(emptyBalances())).toStrictEqual(fields(firstOf((s) => s.pipe(balanceSnapshots()))));
    expect(fields(emptyBalances({ seedPending: true }))).toStrictEqual(fields(firstOf((s) => s.pipe(balanceSnapshots({ seed: NEVER })))));
    expect([emptyOrderBook().version, emptyBalances({ seedPending: true }).version]).toEqual([0, 0]);
    expect([emptyOrderBook({ seedPending: true }).cause, emptyBalances().cause]).toEqual(['seed-pending', 'start']);
  });

  it('are one immutable object each, so a UI comparing by reference sees no change', () => {
    expect(emptyOrderBook()).toBe(emptyOrderBook({}));
    expect(emptyBalances({ seedPending: true })).toBe(emptyBalances({ seedPending: true }));
    expect(emptyBalances()).not.toBe(emptyBalances({ seedPending: true }));
    for (const snapshot of [emptyOrderBook(), emptyBalances({ seedPending: true })]) {
      expect(Object.isFrozen(snapshot)).toBe(true);
      expect(Object.isFrozen(snapshot.changed)).toBe(true);
      expect(() => (snapshot.changed as string[]).push('x')).toThrow(TypeError);
    }
  });

  it('take an explicit undefined as not given, and refuse a seedPending that is not a boolean', () => {
    expect(emptyOrderBook({ seedPending: undefined })).toBe(emptyOrderBook());
    expect(emptyBalances({ seedPending: undefined })).toBe(emptyBalances());
    expect(() => emptyOrderBook({ seedPending: 'yes' as unknown as boolean })).toThrow(ValidationError);
    expect(() => emptyBalances(null as unknown as object)).toThrow(ValidationError);
  });

  it('are written as JSON and read back like any snapshot', () => {
    expect(JSON.stringify(emptyOrderBook())).toBe('{"orders":{},"stale":false,"cause":"start","changed":[],"removed":[],"version":0}');
    expect(fields(orderBookFromJSON(JSON.stringify(emptyOrderBook({ seedPending: true }))))).toStrictEqual(fields(emptyOrderBook({ seedPending: true })));
    expect(fields(balancesFromJSON(emptyBalances().toJSON()))).toStrictEqual(fields(emptyBalances()));
  });
});
