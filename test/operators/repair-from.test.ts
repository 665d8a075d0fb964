/**
 * `from: client`, unit by unit on virtual time: the options refused when the operator is made (one
 * source only, `symbols` only with `from`), which symbols each read asks for, an open order a read
 * no longer lists ending UNKNOWN_OUTCOME, a failed read tried again with backoff while the book
 * stays stale, and a failure no read can pass ending the repair with the error. (Against the
 * simulator, as a user meets it: test/stream-integration/repair.test.ts.)
 */
import { describe, expect, it } from '@jest/globals';
import { map, NEVER, of, throwError, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { ApiError, balanceSnapshots, createClient, HttpError, reduceOrders, type Client, type OpenOrder } from '../../src/index.js';
import { isRepairRetryable, repairing, resolveRepairBackoff } from '../../src/operators/repair.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { configIssues, loose } from '../support/settings.js';
import { gapEvent, orderEvent, T0 } from './fixtures.js';

const operation = 'A1';
const target = { method: 'GET', path: '/api/v3/account' } as const;
const unavailable = (): HttpError => new HttpError({ status: 503, operation, target });
const refusedKey = (): ApiError => new ApiError({ code: 700003, msg: 'Signature for this request is not valid.', status: 401, operation: 'A1' });

/** A client that answers each call with `answer` and records which operation and parameters it was called with. */
function fakeClient(scheduler: TestScheduler, answer: (id: string, params: unknown) => Observable<unknown>): { client: Client; calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  // A copy of a real client with a call of its own: the reads createClient brings call it.
  const client = {
    ...createClient({ apiKey: 'k', secretKey: 's' }),
    scheduler,
    call: (endpoint: { id: string }, params: unknown) => {
      calls.push([endpoint.id, params]);
      return answer(endpoint.id, params);
    },
  } as unknown as Client;
  return { client, calls };
}

function openOrder(orderId: string, symbol: string, fields: Partial<OpenOrder> = {}): OpenOrder {
  return {
    symbol,
    orderId,
    orderListId: -1,
    clientOrderId: undefined,
    price: '3.5',
    origQty: '10',
    executedQty: '0',
    cumulativeQuoteQty: '0',
    status: 'NEW',
    timeInForce: 'GTC',
    type: 'LIMIT',
    side: 'BUY',
    stopPrice: undefined,
    icebergQty: undefined,
    time: T0,
    updateTime: T0,
    isWorking: true,
    origQuoteOrderQty: undefined,
    ...fields,
  };
}

const virtual = (): TestScheduler => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('from: the options', () => {
  const client = fakeClient(virtual(), () => NEVER).client;

  it.each([
    ['seed', { from: client, seed: of([]) }],
    ['resync', { from: client, resync: () => of([]) }],
  ])('refuses from together with %s, in both operators: one source only', (_name, options) => {
    const issue = { field: 'from', rule: 'not together with seed or resync (one source only)' };
    expect(configIssues(() => reduceOrders(options))).toEqual([issue]);
    expect(configIssues(() => balanceSnapshots(options))).toEqual([issue]);
  });

  it('refuses symbols without from, a from that is no client, symbols that are no trading pairs, and a backoff whose cap is below its start', () => {
    expect(configIssues(() => reduceOrders({ symbols: ['BTCUSDT'] }))).toEqual([{ field: 'symbols', rule: 'only with from' }]);
    const clientWords = 'a client from createClient (or a copy made by spreading one)';
    expect(configIssues(() => balanceSnapshots({ from: loose({ apiKey: 'k' }) }))).toEqual([{ field: 'from', rule: clientWords }]);
    // A client-like object of the user's own: createClient brings the reads a repair makes.
    const ownClient = { call: () => of([]), scheduler: new TestScheduler(() => undefined) };
    expect(configIssues(() => reduceOrders({ from: loose(ownClient) }))).toEqual([{ field: 'from', rule: clientWords }]);
    for (const symbols of [['btcusdt'], 'BTCUSDT', [null], ['BTC USDT']]) {
      expect(configIssues(() => reduceOrders({ from: client, symbols: loose(symbols) }))).toEqual([{ field: 'symbols', rule: expect.stringContaining('a list of trading pairs') }]);
    }
    expect(configIssues(() => reduceOrders({ from: client, repairBackoff: { initialDelayMs: 5000, maxDelayMs: 1000 } }))).toEqual([
      { field: 'repairBackoff.maxDelayMs', rule: 'at least initialDelayMs' },
    ]);
    expect(configIssues(() => balanceSnapshots({ from: client, repairBackoff: { initialDelayMs: 10 } }))).toEqual([
      { field: 'repairBackoff.initialDelayMs', rule: 'a duration in ms, finite, 100 or more' },
    ]);
  });

  it('takes an explicit undefined for each, and the user’s own seed and resync as before', () => {
    expect(() => reduceOrders({ from: undefined, symbols: undefined, repairBackoff: undefined, seed: of([]) })).not.toThrow();
    expect(() => balanceSnapshots({ from: undefined, repairBackoff: undefined, resync: () => of([]) })).not.toThrow();
    expect(() => reduceOrders({ from: client, symbols: [], repairBackoff: { maxDelayMs: 100, initialDelayMs: 100 } })).not.toThrow();
  });
});

describe('repairing', () => {
  it('tries a read that may pass again after the backoff (equal jitter: half to all of the doubling ceiling) until it answers', () => {
    const scheduler = virtual();
    scheduler.run(({ cold, expectObservable }) => {
      let attempts = 0;
      const read = () => (++attempts <= 2 ? cold('-#', undefined, unavailable()) : cold('-(r|)', { r: 'read' }));
      const repaired = repairing(read, scheduler, resolveRepairBackoff({ initialDelayMs: 100, maxDelayMs: 150 }), () => 1);
      // Fails at 1, waits 100; fails at 102, waits 150 (capped); answers at 253.
      expectObservable(repaired).toBe('253ms (r|)', { r: 'read' });
    });
  });

  it('ends at once, with the error, on a failure no read can pass', () => {
    virtual().run(({ cold, expectObservable, expectSubscriptions }) => {
      const error = refusedKey();
      const read = cold('-#', undefined, error);
      expectObservable(repairing(() => read, virtual(), resolveRepairBackoff(undefined))).toBe('-#', undefined, error);
      expectSubscriptions(read.subscriptions).toBe('^!');
    });
  });

  it('counts 5XX, 429, 418 and a budget that gave up as passing failures, a refused key or a decode error not', () => {
    expect([unavailable(), new ApiError({ code: 429, msg: 'Too many', status: 429, operation: 'A1' }), new HttpError({ status: 418, operation, target })].map(isRepairRetryable)).toEqual([true, true, true]);
    expect([refusedKey(), new Error('anything else'), undefined].map(isRepairRetryable)).toEqual([false, false, false]);
  });
});

describe('reduceOrders({ from })', () => {
  it('reads the given symbols and every one the book has seen; an open order the read no longer lists ends UNKNOWN_OUTCOME and the book is fresh', () => {
    const scheduler = virtual();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const lists: Record<string, readonly OpenOrder[]> = { BTCUSDT: [openOrder('B1', 'BTCUSDT')], MXUSDT: [] };
      const { client, calls } = fakeClient(scheduler, (_id, params) => cold('--(r|)', { r: lists[(params as { symbol: string }).symbol] ?? [] }));
      const events = hot<UserDataEvent>('----a-g------|', { a: orderEvent({ orderId: 'M1', symbol: 'MXUSDT', sendTime: T0 }), g: gapEvent(T0 + 1, T0 + 2) });
      const books = events.pipe(reduceOrders({ from: client, symbols: ['BTCUSDT'] }));
      const view = books.pipe(map((b) => [b.cause, b.stale, b.orders.get('B1')?.status, b.orders.get('M1')?.status]));
      expectObservable(view).toBe('z-s-a-g-r----|', {
        z: ['seed-pending', true, undefined, undefined],
        s: ['seed', false, 'NEW', undefined],
        a: ['event', false, 'NEW', 'NEW'],
        g: ['gap', true, 'NEW', 'NEW'],
        r: ['resync', false, 'NEW', 'UNKNOWN_OUTCOME'],
      });
      scheduler.flush();
      expect(calls).toEqual([
        ['A2', { symbol: 'BTCUSDT' }],
        ['A2', { symbol: 'BTCUSDT' }],
        ['A2', { symbol: 'MXUSDT' }],
      ]);
    });
  });

  it('keeps an order listed open that cannot become a seed (a type the book does not know): it is not taken as ended', () => {
    const scheduler = virtual();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { client } = fakeClient(scheduler, () => cold('-(r|)', { r: [openOrder('M1', 'MXUSDT', { type: 'TRAILING_STOP' })] }));
      const events = hot<UserDataEvent>('--a-g----|', { a: orderEvent({ orderId: 'M1', sendTime: T0 }), g: gapEvent(T0 + 1, T0 + 2) });
      const view = events.pipe(
        reduceOrders({ from: client }),
        map((b) => [b.cause, b.orders.get('M1')?.status]),
      );
      // Nothing seen at subscription: the seed asks for nothing and answers at once.
      expectObservable(view).toBe('z-a-gr---|', { z: ['seed', undefined], a: ['event', 'NEW'], g: ['gap', 'NEW'], r: ['resync', 'NEW'] });
    });
  });

  it('asks for nothing when it knows no symbol, and starts fresh', () => {
    const scheduler = virtual();
    scheduler.run(({ hot, expectObservable }) => {
      const { client, calls } = fakeClient(scheduler, () => NEVER);
      expectObservable(hot<UserDataEvent>('--|').pipe(reduceOrders({ from: client }), map((b) => [b.cause, b.stale]))).toBe('z-|', { z: ['seed', false] });
      scheduler.flush();
      expect(calls).toEqual([]);
    });
  });
});

describe('balanceSnapshots({ from })', () => {
  it('stays stale while the read fails and is tried again, and fresh once one answers after the gap', () => {
    const scheduler = virtual();
    scheduler.run(({ hot, cold }) => {
      let attempts = 0;
      const account = { balances: [{ asset: 'USDT', free: '7', locked: '3' }] };
      const { client, calls } = fakeClient(scheduler, () => (++attempts === 2 ? cold('-#', undefined, unavailable()) : cold('-(r|)', { r: account })));
      const seen: [string, boolean, string | undefined][] = [];
      hot<UserDataEvent>('--g', { g: gapEvent(T0, T0 + 1) })
        .pipe(balanceSnapshots({ from: client, repairBackoff: { initialDelayMs: 100, maxDelayMs: 100 } }))
        .subscribe((s) => seen.push([s.cause, s.stale, s.balances.get('USDT')?.total]));
      scheduler.flush();
      expect(seen).toEqual([
        ['seed-pending', true, undefined],
        ['seed', false, '10'],
        ['gap', true, '10'],
        ['resync', false, '10'],
      ]);
      expect(calls.map(([id]) => id)).toEqual(['A1', 'A1', 'A1']);
    });
  });

  it('ends the repair with the error when the key is refused: stale, and saying why', () => {
    const scheduler = virtual();
    scheduler.run(({ hot, expectObservable }) => {
      const error = refusedKey();
      const { client } = fakeClient(scheduler, () => throwError(() => error));
      const view = hot<UserDataEvent>('--|').pipe(
        balanceSnapshots({ from: client }),
        map((s) => [s.cause, s.stale, s.error]),
      );
      expectObservable(view).toBe('z-|', { z: ['seed-failed', true, error] });
    });
  });
});
