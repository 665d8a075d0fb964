/**
 * Snapshots as data: the state operators' snapshots written out by `JSON.stringify` (their
 * `toJSON`) come back as snapshots through {@link orderBookFromJSON} and {@link balancesFromJSON},
 * to hydrate a page rendered on the server or to hand state to a worker. The JSON is untrusted
 * (it crossed a process boundary): every field is checked, a key must be the id of what it holds,
 * and the freshness must hold together; anything else is refused with a `DecodeError` naming
 * each wrong path (never a value). The maps are rebuilt as the persistent maps the operators use.
 *
 * @module
 */
import * as t from 'io-ts';
import { describeDecodeErrors, isInvalid } from '../codecs/decoder.js';
import { DecodeError } from '../errors.js';
import { GapCodec } from '../stream/lifecycle-codec.js';
import { codecOf, optional, thenCheck, type CheckFailure } from '../codecs/strict-primitives.js';
import type { SnapshotCause } from './refreshable.js';
import { BalanceSnapshotData, type BalanceSnapshot } from './state/balance-book.js';
import { rebuiltRefreshError } from './state/freshness-json.js';
import { OrderBookData, type OrderBook } from './state/order-book.js';
import { PersistentMap } from './state/persistent-map.js';
import type { OrderState } from './state/order-state.js';
import { AssetBalanceCodec, keyedBy, OrderStateCodec } from './state/state-codecs.js';

const CAUSES: Readonly<Record<SnapshotCause, null>> = {
  start: null,
  'seed-pending': null,
  event: null,
  gap: null,
  seed: null,
  resync: null,
  'seed-failed': null,
  'resync-failed': null,
};

/** A snapshot's number: a whole number, 0 or more. */
const Version = new t.Type<number, number, unknown>(
  'Version',
  (u): u is number => Number.isSafeInteger(u) && (u as number) >= 0,
  (u, c) => (Number.isSafeInteger(u) && (u as number) >= 0 ? t.success(u as number) : t.failure(u, c)),
  (n) => n,
);

/** What every snapshot holds besides its map. */
const common = {
  stale: t.boolean,
  gap: optional(codecOf(GapCodec, 'GapEvent')),
  cause: t.keyof(CAUSES),
  error: optional(t.string),
  changed: t.readonlyArray(t.string),
  removed: t.readonlyArray(t.string),
  version: Version,
};

type Common = t.TypeOf<t.TypeC<typeof common>>;

/**
 * The rules a snapshot's parts keep together: a gap only in a stale snapshot, an error only with a
 * failed refresh, `changed` among the keys, `removed` neither among them nor among the changed.
 */
function holdsTogether(snapshot: Common, keys: ReadonlySet<string>): CheckFailure | undefined {
  if (snapshot.gap !== undefined && !snapshot.stale) return { path: 'stale', expected: 'true (the snapshot has a gap)' };
  if (snapshot.error !== undefined && !snapshot.cause.endsWith('-failed')) return { path: 'error', expected: 'none (the cause is not a failed refresh)' };
  const strayChanged = snapshot.changed.findIndex((id) => !keys.has(id));
  if (strayChanged >= 0) return { path: `changed.${strayChanged}`, expected: 'the id of an entry held' };
  const changed = new Set(snapshot.changed);
  const strayRemoved = snapshot.removed.findIndex((id) => keys.has(id) || changed.has(id));
  if (strayRemoved >= 0) return { path: `removed.${strayRemoved}`, expected: 'the id of no entry held or changed' };
  return undefined;
}

/** The entries in a map, each frozen (by `freeze`) as the books freeze the ones they make. */
function mapOf<V>(entries: readonly (readonly [string, V])[], freeze: (value: V) => V): PersistentMap<V> {
  let map = PersistentMap.empty<V>();
  for (const [key, value] of entries) map = map.set(key, freeze(value));
  return map;
}

// Object.assign, not a spread: V8 freezes a spread-made object on a slow path.
const frozenOrder = (order: OrderState): OrderState =>
  Object.freeze(Object.assign({}, order, { fills: Object.freeze(order.fills.map((fill) => Object.freeze(Object.assign({}, fill)))) }));

const OrderBookCodec = thenCheck(t.type({ orders: codecOf(keyedBy(OrderStateCodec, 'orderId', (o) => o.orderId)), ...common }), 'OrderBook', (json) => {
  const orders = mapOf(json.orders, frozenOrder);
  const wrong = holdsTogether(json, new Set(orders.keys()));
  const error = json.error === undefined ? undefined : rebuiltRefreshError(json.error);
  return wrong ?? { value: new OrderBookData(orders, json.stale, json.gap, json.cause, error, json.changed, json.removed, json.version) };
});

const BalanceSnapshotCodec = thenCheck(t.type({ balances: codecOf(keyedBy(AssetBalanceCodec, 'asset', (b) => b.asset)), ...common }), 'BalanceSnapshot', (json) => {
  const balances = mapOf(json.balances, (balance) => Object.freeze(Object.assign({}, balance)));
  const wrong = holdsTogether(json, new Set(balances.keys()));
  const error = json.error === undefined ? undefined : rebuiltRefreshError(json.error);
  return wrong ?? { value: new BalanceSnapshotData(balances, json.stale, json.gap, json.cause, error, json.changed, json.removed, json.version) };
});

/** Decodes `json` (parsed, or JSON text) with `codec`, or throws a DecodeError from `source`. */
function decodeSnapshot<A>(source: string, codec: t.Decoder<unknown, A>, json: unknown): A {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json) as unknown;
    } catch {
      throw new DecodeError({ source, paths: ['(root): expected JSON text'] });
    }
  }
  const decoded = codec.decode(value);
  if (isInvalid(decoded)) throw new DecodeError({ source, paths: describeDecodeErrors(decoded.left) });
  return decoded.right;
}

/**
 * Rebuilds an {@link OrderBook} snapshot from its JSON (`JSON.stringify(book)`, parsed or as the
 * text itself): equal to the snapshot written, with `orders` a persistent map again (its `get`,
 * `has`, iteration; updates share structure). The error of a failed refresh comes back as an
 * `Error` whose message is the safe text the JSON carried.
 *
 * The input is untrusted: each order is checked field by field (it must be filed under its own
 * `orderId`, its `terminal` must match its status, each fill must be a deal event), and the
 * freshness must hold together.
 *
 * @throws DecodeError (`source: 'orderBookFromJSON'`) naming every wrong path, never a value.
 * @example
 * ```ts
 * import { orderBookFromJSON, type OrderBook } from 'mexc-rx';
 *
 * declare const book: OrderBook; // a snapshot of `reduceOrders` on the server
 * // On the server: render, and hand the state to the page.
 * const html = `<script type="application/json" id="orders">${JSON.stringify(book).replaceAll('<', '\\u003c')}</script>`;
 * // In the page: the same book before the stream has said anything.
 * const initial = orderBookFromJSON(document.getElementById('orders')?.textContent ?? '');
 * ```
 */
export function orderBookFromJSON(json: unknown): OrderBook {
  return decodeSnapshot('orderBookFromJSON', OrderBookCodec, json);
}

/**
 * Rebuilds a {@link BalanceSnapshot} from its JSON (`JSON.stringify(snapshot)`, parsed or as the
 * text itself): equal to the snapshot written, with `balances` a persistent map again. Each
 * balance must be filed under its own `asset`, and its `total` must be exactly `free + frozen`.
 *
 * @throws DecodeError (`source: 'balancesFromJSON'`) naming every wrong path, never a value.
 * @example
 * ```ts
 * import { balancesFromJSON, type BalanceSnapshot } from 'mexc-rx';
 *
 * // In a worker: the main thread posts `snapshot.toJSON()` (plain data; a snapshot itself would
 * // lose its maps' methods in the structured clone).
 * self.onmessage = (message: MessageEvent<unknown>) => {
 *   const snapshot: BalanceSnapshot = balancesFromJSON(message.data);
 *   console.log(snapshot.balances.get('USDT')?.total);
 * };
 * ```
 */
export function balancesFromJSON(json: unknown): BalanceSnapshot {
  return decodeSnapshot('balancesFromJSON', BalanceSnapshotCodec, json);
}
