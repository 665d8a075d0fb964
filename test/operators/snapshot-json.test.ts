/**
 * Snapshots are data: `JSON.stringify(snapshot)` writes plain JSON of what it holds (orders by id,
 * balances by asset, the freshness, the error of a failed refresh as a safe message only), and
 * `orderBookFromJSON` / `balancesFromJSON` rebuild a snapshot equal to the one written, over random
 * books, with persistent maps again; a key `__proto__` is a key like any other.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { of, throwError, type Observable, type OperatorFunction } from 'rxjs';
import { ApiError, balanceSnapshots, balancesFromJSON, orderBookFromJSON, reduceOrders, type BalanceSnapshot, type OrderBook } from '../../src/index.js';
import type { BalanceSeed } from '../../src/operators/state/balance-state.js';
import type { OrderSeed, OrderState } from '../../src/operators/state/order-state.js';
import { PersistentMap } from '../../src/operators/state/persistent-map.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';
import { emitted, sortedEntries } from './run.js';

/** Ids that are also names of Object.prototype's members: keys like any other. */
const IDS = ['__proto__', 'constructor', 'toString', 'C02__1', 'C02__2'];
const ASSETS = ['__proto__', 'hasOwnProperty', 'USDT', 'MX'];

/** How a refresh answers: a list, the library's error, or an error from elsewhere holding a secret. */
type Answer = { readonly kind: 'list'; readonly listed: readonly number[] } | { readonly kind: 'api-error' } | { readonly kind: 'foreign-error' };
type Step = { readonly kind: 'event'; readonly event: UserDataEvent } | { readonly kind: 'gap'; readonly answer: Answer };

const SECRET = 'mx0vglSECRETSECRET';
const answer: fc.Arbitrary<Answer> = fc.oneof(
  fc.uniqueArray(fc.nat({ max: 4 }), { maxLength: 4 }).map((listed): Answer => ({ kind: 'list', listed })),
  fc.constant<Answer>({ kind: 'api-error' }),
  fc.constant<Answer>({ kind: 'foreign-error' }),
);

function failure(kind: 'api-error' | 'foreign-error'): Error {
  if (kind === 'api-error') return new ApiError({ code: 700003, msg: 'Timestamp for this request is outside of the recvWindow.', status: 400, operation: 'M8' });
  return new TypeError(`fetch https://user:${SECRET}@proxy.example failed`);
}

function refresh<T>(answered: Answer, list: (listed: readonly number[]) => T): Observable<T> {
  return answered.kind === 'list' ? of(list(answered.listed)) : throwError(() => failure(answered.kind));
}

const orderStep: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({
      id: fc.constantFrom(...IDS),
      status: fc.constantFrom('NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'PARTIALLY_CANCELED' as const),
      filled: fc.constantFrom('0', '1', '2.5', '10'),
      client: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
    })
    .map(({ id, status, filled, client }): Step => ({ kind: 'event', event: orderEvent({ orderId: id, status, cumulativeQuantity: filled, clientOrderId: client }) })),
  fc
    .record({ id: fc.constantFrom(...IDS), trade: fc.integer({ min: 1, max: 5 }), client: fc.option(fc.constantFrom('mine-1', ''), { nil: undefined }) })
    .map(({ id, trade, client }): Step => ({ kind: 'event', event: dealEvent({ orderId: id, tradeId: `T${trade}`, clientOrderId: client }) })),
  answer.map((answered): Step => ({ kind: 'gap', answer: answered })),
);

const balanceStep: fc.Arbitrary<Step> = fc.oneof(
  fc
    .record({ asset: fc.constantFrom(...ASSETS), free: fc.constantFrom('0', '1.25', '1000000000000000000000.5'), frozen: fc.constantFrom('0', '3', '-30.260235258') })
    .map(({ asset, free, frozen }): Step => ({ kind: 'event', event: accountEvent({ asset, free, frozen, time: T0 }) })),
  answer.map((answered): Step => ({ kind: 'gap', answer: answered })),
);

/** The step's event, at a time of its own (so that later events are newer). */
function timed(event: UserDataEvent, at: number): UserDataEvent {
  if (event.type === 'account') return { ...event, time: at, sendTime: at };
  if (event.type === 'order' || event.type === 'deal') return { ...event, sendTime: at };
  return event;
}

/** Every snapshot `operator` emits over `steps`, each gap's resync answering as its step says. */
function snapshotsOf<S, R>(steps: readonly Step[], list: (listed: readonly number[]) => R, operator: (resync: () => Observable<R>) => OperatorFunction<UserDataEvent, S>): S[] {
  const answers = steps.flatMap((step) => (step.kind === 'gap' ? [step.answer] : []));
  let gaps = 0;
  const events = steps.map((step, i) => (step.kind === 'event' ? timed(step.event, T0 + i) : gapEvent(T0 + i, T0 + i)));
  return emitted(
    events,
    operator(() => {
      const answered = answers[gaps] ?? { kind: 'list', listed: [] };
      gaps += 1;
      return refresh(answered, list);
    }),
  );
}

const orderSeeds = (listed: readonly number[]): OrderSeed[] => listed.map((i) => ({ ...orderEvent({ orderId: IDS[i] as string, status: 'PARTIALLY_FILLED', cumulativeQuantity: '1' }), updatedAt: T0 + 1000 }));
const balanceSeeds = (listed: readonly number[]): BalanceSeed[] => listed.map((i) => ({ asset: ASSETS[i % ASSETS.length] as string, free: '7', locked: '0.5' }));

/** A snapshot as comparable data: the map as sorted entries, every other field as it is. */
function comparable(snapshot: OrderBook | BalanceSnapshot): Record<string, unknown> {
  const { stale, gap, cause, changed, removed, version } = snapshot;
  const entries = 'orders' in snapshot ? sortedEntries(snapshot.orders) : sortedEntries(snapshot.balances);
  return { entries, stale, gap, cause, changed, removed, version };
}

/** Checks that `rebuilt` is `original` written as JSON and read back. */
function expectRebuilt(original: OrderBook | BalanceSnapshot, rebuilt: OrderBook | BalanceSnapshot, text: string): void {
  expect(comparable(rebuilt)).toStrictEqual(comparable(original));
  expect(JSON.stringify(rebuilt)).toBe(text);
  expect(text).not.toContain(SECRET);
  if (original.error === undefined) expect(rebuilt.error).toBeUndefined();
  else expect(rebuilt.error).toBeInstanceOf(Error);
}

describe('snapshots written as JSON and read back', () => {
  it('an order book: equal to the one written, for random books (orders, placeholders, fills, gaps, failed and answered resyncs)', () => {
    fc.assert(
      fc.property(fc.array(orderStep, { maxLength: 30 }), fc.boolean(), (steps, seeded) => {
        const books = snapshotsOf(steps, orderSeeds, (resync) => reduceOrders({ resync, maxTerminalOrders: 2, ...(seeded ? { seed: of(orderSeeds([0, 3])) } : {}) }));
        for (const book of books) {
          const text = JSON.stringify(book);
          expectRebuilt(book, orderBookFromJSON(JSON.parse(text)), text);
        }
      }),
      { seed: 28, numRuns: 150 },
    );
  });

  it('balances: equal to the ones written, for random balances (signed, long decimals, gaps, resyncs)', () => {
    fc.assert(
      fc.property(fc.array(balanceStep, { maxLength: 30 }), fc.boolean(), (steps, seeded) => {
        const snapshots = snapshotsOf(steps, balanceSeeds, (resync) => balanceSnapshots({ resync, ...(seeded ? { seed: of(balanceSeeds([0, 2])) } : {}) }));
        for (const snapshot of snapshots) {
          const text = JSON.stringify(snapshot);
          expectRebuilt(snapshot, balancesFromJSON(JSON.parse(text)), text);
        }
      }),
      { seed: 29, numRuns: 150 },
    );
  });
});

describe('the JSON of a snapshot', () => {
  const gap = gapEvent(T0, T0 + 5);

  it('is plain data of what it holds: orders by id (sorted), the freshness, the safe error text, the lists and version', () => {
    const failing = throwError(() => failure('api-error'));
    const [, , book] = emitted([orderEvent({ orderId: 'C02__2' }), gap], reduceOrders({ resync: () => failing }));
    const order = book?.orders.get('C02__2') as OrderState;
    expect(JSON.parse(JSON.stringify(book))).toEqual({
      orders: { 'C02__2': JSON.parse(JSON.stringify(order)) },
      stale: true,
      gap,
      cause: 'gap',
      changed: [],
      removed: [],
      version: 3,
    });
    const failed = emitted([gap], reduceOrders({ resync: () => failing })).at(-1);
    expect(failed?.cause).toBe('resync-failed');
    expect(failed?.toJSON().error).toBe('ApiError: M8: service error 700003 (HTTP 400): Timestamp for this request is outside of the recvWindow.');
    const sorted = emitted(['C02__9', 'C02__1', 'B', 'a'].map((id) => orderEvent({ orderId: id })), reduceOrders()).at(-1);
    expect(Object.keys(sorted?.toJSON().orders ?? {})).toEqual(['B', 'C02__1', 'C02__9', 'a']);
  });

  it('never carries the text of an error from outside the library: its name only', () => {
    // A seed that fails at once: the first snapshot says so.
    const [failed] = emitted([], balanceSnapshots({ seed: throwError(() => failure('foreign-error')) }));
    const [thrown] = emitted([], balanceSnapshots({ seed: throwError(() => `token ${SECRET}`) }));
    expect(failed?.toJSON().error).toBe('TypeError (message withheld: not an error of the library)');
    expect(thrown?.toJSON().error).toBe('a failure that is not an Error (withheld)');
    // The snapshot in the process keeps the error as it was.
    expect(failed?.error).toBeInstanceOf(TypeError);
    expect(JSON.stringify([failed, thrown])).not.toContain(SECRET);
  });

  it('takes a key __proto__ as a key like any other: written out, read back, and nothing polluted', () => {
    const events = [orderEvent({ orderId: '__proto__', status: 'FILLED', cumulativeQuantity: '10' }), orderEvent({ orderId: 'constructor' })];
    const book = emitted(events, reduceOrders()).at(-1) as OrderBook;
    const plain = book.toJSON();
    expect(Object.getPrototypeOf(plain.orders)).toBeNull();
    expect(Object.keys(plain.orders)).toEqual(['__proto__', 'constructor']);
    const text = JSON.stringify(book);
    expect(text).toContain('"__proto__":{"placeholder":false,"orderId":"__proto__"');
    const rebuilt = orderBookFromJSON(JSON.parse(text));
    expect(rebuilt.orders.get('__proto__')?.status).toBe('FILLED');
    expect([rebuilt.orders.size, [...rebuilt.orders.keys()].sort()]).toEqual([2, ['__proto__', 'constructor']]);
    expect(({} as Record<string, unknown>)['status']).toBeUndefined();
    const balances = emitted([accountEvent({ asset: '__proto__', free: '1', frozen: '0', time: T0 })], balanceSnapshots()).at(-1) as BalanceSnapshot;
    expect(balancesFromJSON(JSON.stringify(balances)).balances.get('__proto__')?.total).toBe('1');
  });

  it('rebuilds persistent maps: a trie of many keys, whose updates leave the rebuilt snapshot as it was', () => {
    const events = Array.from({ length: 3000 }, (_, i) => orderEvent({ orderId: `C02__${i}` }));
    const book = emitted(events, reduceOrders()).at(-1) as OrderBook;
    const rebuilt = orderBookFromJSON(JSON.parse(JSON.stringify(book)));
    expect(rebuilt.orders).toBeInstanceOf(PersistentMap);
    const orders = rebuilt.orders as PersistentMap<OrderState>;
    // The same trie the operator built (a few levels of 32-way branches), not a list.
    expect(PersistentMap.shapeOf(orders)).toEqual(PersistentMap.shapeOf(book.orders as PersistentMap<OrderState>));
    expect(PersistentMap.shapeOf(orders).depth).toBeGreaterThanOrEqual(3);
    const next = orders.delete('C02__7').set('C02__8', orders.get('C02__9') as OrderState);
    expect([orders.size, orders.get('C02__8')?.orderId, next.size, next.get('C02__8')?.orderId, next.get('C02__10')]).toEqual([3000, 'C02__8', 2999, 'C02__9', orders.get('C02__10')]);
  });

  it('moves to a worker: structuredClone of toJSON() (what postMessage does) reads back; the snapshot itself cannot be cloned', () => {
    const book = emitted([orderEvent({ orderId: 'C02__1' }), gap], reduceOrders()).at(-1) as OrderBook;
    const received = structuredClone(book.toJSON());
    expect(sortedEntries(orderBookFromJSON(received).orders)).toStrictEqual(sortedEntries(book.orders));
    // Why toJSON is the way: a snapshot holds its map's hash function, which no structured clone takes.
    expect(() => structuredClone(book)).toThrow(/could not be cloned/);
  });
});
