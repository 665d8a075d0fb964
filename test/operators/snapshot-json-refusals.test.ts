/**
 * A snapshot's JSON is untrusted (a page rendered elsewhere, a worker's message): `orderBookFromJSON`
 * and `balancesFromJSON` refuse anything but what the library writes with a `DecodeError` naming
 * each wrong path and never a value, and nothing they read can reach an object's prototype.
 */
import { describe, expect, it } from '@jest/globals';
import { balanceSnapshots, balancesFromJSON, DecodeError, orderBookFromJSON, reduceOrders, type BalanceSnapshotJSON, type OrderBookJSON } from '../../src/index.js';
import { accountEvent, dealEvent, gapEvent, orderEvent, T0 } from './fixtures.js';
import { emitted } from './run.js';

type Json = Record<string, unknown>;

/** A book with a confirmed order `C02__1`, a placeholder `C02__2` and a gap, as parsed JSON. */
function bookJson(): Json {
  const events = [orderEvent({ orderId: 'C02__1' }), dealEvent({ orderId: 'C02__2', tradeId: 't1' }), gapEvent(T0, T0 + 1)];
  return JSON.parse(JSON.stringify(emitted(events, reduceOrders()).at(-1))) as Json;
}

function balancesJson(): Json {
  const events = [accountEvent({ asset: 'USDT', free: '1.5', frozen: '2', time: T0 })];
  return JSON.parse(JSON.stringify(emitted(events, balanceSnapshots()).at(-1))) as Json;
}

const SECRET = 'mx0vglSECRETVALUE';

/** The book with order `id`'s fields replaced. */
function withOrder(id: string, fields: Json): Json {
  const json = bookJson();
  const orders = json['orders'] as Record<string, Json>;
  return { ...json, orders: { ...orders, [id]: { ...orders[id], ...fields } } };
}

/** The DecodeError `read` throws for `json`. */
function refusal(read: (json: unknown) => unknown, json: unknown): DecodeError {
  try {
    read(json);
  } catch (error) {
    if (error instanceof DecodeError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('orderBookFromJSON refuses what the library does not write', () => {
  it.each<[string, () => unknown, string]>([
    ['null', () => null, '(root): expected OrderBook'],
    ['an array', () => [], '(root): expected OrderBook'],
    ['text that is not JSON', () => '{"orders":', '(root): expected JSON text'],
    ['orders as a list', () => ({ ...bookJson(), orders: [] }), 'orders: expected { [orderId]: OrderState }'],
    ['an order filed under another id', () => ({ ...bookJson(), orders: { X: (bookJson()['orders'] as Json)['C02__1'] } }), 'orders.X.orderId: expected the key it is filed under as orderId'],
    ['a price that is not decimal text', () => withOrder('C02__1', { price: `${SECRET}` }), 'orders.C02__1.price: expected SignedDecimal'],
    ['a price as a number', () => withOrder('C02__1', { price: 3.5 }), 'orders.C02__1.price: expected SignedDecimal'],
    ['a final status not marked terminal', () => withOrder('C02__1', { status: 'FILLED' }), 'orders.C02__1.terminal: expected true (for status FILLED)'],
    ['an unknown outcome not marked terminal', () => withOrder('C02__1', { status: 'UNKNOWN_OUTCOME' }), 'orders.C02__1.terminal: expected true (for status UNKNOWN_OUTCOME)'],
    ['an unknown status', () => withOrder('C02__1', { status: 'EXPIRED' }), 'orders.C02__1.status: expected "NEW" | "FILLED" | "PARTIALLY_FILLED" | "CANCELED" | "PARTIALLY_CANCELED"'],
    ['a placeholder with a price', () => withOrder('C02__2', { price: '1' }), 'orders.C02__2.price: expected undefined'],
    ['a placeholder said to be terminal', () => withOrder('C02__2', { terminal: true }), 'orders.C02__2.terminal: expected false'],
    ['a fill that is not a deal event', () => withOrder('C02__2', { fills: [{ type: 'deal' }] }), 'orders.C02__2.fills.0.tradeId: expected NonEmptyText'],
    ['a time that is not a number', () => withOrder('C02__1', { createTime: 'yesterday' }), 'orders.C02__1.createTime: expected FiniteNumber'],
    ['a gap in a fresh snapshot', () => ({ ...bookJson(), stale: false }), 'stale: expected true (the snapshot has a gap)'],
    ['a malformed gap', () => ({ ...bookJson(), gap: { type: 'gap', from: -1, to: 2, reason: 'bored' } }), 'gap.reason: expected'],
    ['an error without a failed refresh', () => ({ ...bookJson(), error: 'boom' }), 'error: expected none (the cause is not a failed refresh)'],
    ['an unknown cause', () => ({ ...bookJson(), cause: 'hacked' }), 'cause: expected "start" | "seed-pending"'],
    ['a changed id not held', () => ({ ...bookJson(), changed: ['C02__9'] }), 'changed.0: expected the id of an entry held'],
    ['a removed id still held', () => ({ ...bookJson(), removed: ['C02__1'] }), 'removed.0: expected the id of no entry held or changed'],
    ['a negative version', () => ({ ...bookJson(), version: -1 }), 'version: expected Version'],
    ['a fractional version', () => ({ ...bookJson(), version: 1.5 }), 'version: expected Version'],
  ])('%s', (_name, json, line) => {
    const error = refusal(orderBookFromJSON, json());
    expect(error.source).toBe('orderBookFromJSON');
    expect(error.paths.some((path) => path.startsWith(line))).toBe(true);
    expect(error.message).not.toContain(SECRET);
  });

  it('reads back an order whose outcome is unknown, final', () => {
    const book = orderBookFromJSON(withOrder('C02__1', { status: 'UNKNOWN_OUTCOME', terminal: true }));
    expect(book.orders.get('C02__1')).toMatchObject({ status: 'UNKNOWN_OUTCOME', terminal: true });
  });

  it('shows a key that is not id-like by its position, so no text of the input reaches the message', () => {
    const order = (bookJson()['orders'] as Json)['C02__1'];
    const error = refusal(orderBookFromJSON, { ...bookJson(), orders: { [`a\nforged line ${SECRET}`]: order } });
    expect(error.paths).toEqual(['orders.[key 0].orderId: expected the key it is filed under as orderId']);
    expect(error.message).not.toContain(SECRET);
  });

  it('reads a hostile __proto__ key without touching any prototype', () => {
    const text = `{"orders":{"__proto__":{"polluted":true}},"stale":false,"cause":"start","changed":[],"removed":[],"version":1}`;
    const error = refusal(orderBookFromJSON, text);
    expect(error.paths).toContain('orders.__proto__.orderId: expected NonEmptyText');
    expect(({} as Json)['polluted']).toBeUndefined();
  });

  it('takes the JSON text as well as the parsed value, and the JSON types describe what it reads', () => {
    const json = bookJson() as unknown as OrderBookJSON;
    expect(orderBookFromJSON(JSON.stringify(json)).orders.size).toBe(2);
    expect(orderBookFromJSON(json).gap).toEqual(gapEvent(T0, T0 + 1));
  });
});

describe('balancesFromJSON refuses what the library does not write', () => {
  const withUsdt = (fields: Json): Json => ({ ...balancesJson(), balances: { USDT: { ...((balancesJson()['balances'] as Json)['USDT'] as Json), ...fields } } });

  it.each<[string, () => unknown, string]>([
    ['a total that is not free + frozen', () => withUsdt({ total: '4' }), 'balances.USDT.total: expected free + frozen'],
    ['a balance filed under another asset', () => ({ ...balancesJson(), balances: { MX: (balancesJson()['balances'] as Json)['USDT'] } }), 'balances.MX.asset: expected the key it is filed under as asset'],
    ['a free balance that is not decimal text', () => withUsdt({ free: '1e3' }), 'balances.USDT.free: expected SignedDecimal'],
    ['an empty asset name', () => ({ ...balancesJson(), balances: { '': { asset: '', free: '0', frozen: '0', total: '0' } } }), '[key 0].asset: expected NonEmptyText'],
  ])('%s', (_name, json, line) => {
    const error = refusal(balancesFromJSON, json());
    expect(error.source).toBe('balancesFromJSON');
    expect(error.paths.some((path) => path.includes(line))).toBe(true);
  });

  it('reads back a balance with no update time (from a seed) as undefined', () => {
    const json = balancesJson() as unknown as BalanceSnapshotJSON;
    const seeded = { ...json, balances: { MX: { asset: 'MX', free: '1', frozen: '0', total: '1' } }, changed: [] };
    expect(balancesFromJSON(seeded).balances.get('MX')).toStrictEqual({ asset: 'MX', free: '1', frozen: '0', total: '1', updatedAt: undefined });
  });
});
