/**
 * Run-time codecs of what the state operators' snapshots hold, as JSON brings it back (a page
 * rendered on the server, a worker's message: untrusted): each order's and each balance's fields,
 * and the maps of them keyed by id, where a key must be the id of what it holds. Every value is
 * checked and rebuilt field by field in the shape the books make (absent fields as `undefined`,
 * unknown fields dropped); no key is ever assigned onto an object, so `__proto__` is a key like
 * any other.
 *
 * @module
 */
import * as t from 'io-ts';
import { addDecimal, compareDecimal } from '../../decimal/arithmetic.js';
import { SignedDecimalString as Decimal } from '../../decimal/codec.js';
import { DealEventCodec, OrderStatusCodec, OrderTypeCodec, SideCodec } from '../../stream/event-codecs.js';
import { codecOf, optional, Text, thenCheck } from '../../codecs/strict-primitives.js';
import type { AssetBalanceState } from './balance-state.js';
import { isTerminalStatus, UNKNOWN_OUTCOME, type ConfirmedOrderState, type OrderState, type PlaceholderOrderState } from './order-state.js';

/** A time or a count as the books hold it: a finite number. */
const Time = new t.Type<number, number, unknown>(
  'FiniteNumber',
  (u): u is number => typeof u === 'number' && Number.isFinite(u),
  (u, c) => (typeof u === 'number' && Number.isFinite(u) ? t.success(u) : t.failure(u, c)),
  (n) => n,
);

/** A status as the book holds it: the service's, or the book's own `UNKNOWN_OUTCOME`. */
const BookOrderStatusCodec = t.keyof({ ...OrderStatusCodec.keys, [UNKNOWN_OUTCOME]: null });

const common = {
  orderId: Text,
  clientOrderId: optional(t.string),
  symbol: Text,
  side: SideCodec,
  fills: t.readonlyArray(codecOf(DealEventCodec, 'DealEvent'), 'DealEvent[]'),
  updatedAt: Time,
};

const ConfirmedFields = t.type({
  ...common,
  placeholder: t.literal(false),
  orderType: OrderTypeCodec,
  price: Decimal,
  quantity: Decimal,
  amount: Decimal,
  status: BookOrderStatusCodec,
  terminal: t.boolean,
  cumulativeQuantity: Decimal,
  cumulativeAmount: Decimal,
  remainQuantity: Decimal,
  remainAmount: Decimal,
  avgPrice: Decimal,
  createTime: Time,
});

const PlaceholderFields = t.type({
  ...common,
  placeholder: t.literal(true),
  orderType: t.undefined,
  price: t.undefined,
  quantity: t.undefined,
  amount: t.undefined,
  status: t.undefined,
  terminal: t.literal(false),
  cumulativeQuantity: Decimal,
  cumulativeAmount: Decimal,
  remainQuantity: t.undefined,
  remainAmount: t.undefined,
  avgPrice: t.undefined,
  createTime: t.undefined,
});

/** A confirmed order in the field order `TrackedOrder` builds it. */
function confirmed(o: t.TypeOf<typeof ConfirmedFields>): ConfirmedOrderState {
  const { orderId, clientOrderId, symbol, side, orderType, price, quantity, amount, status, terminal } = o;
  const { cumulativeQuantity, cumulativeAmount, remainQuantity, remainAmount, avgPrice, createTime, fills, updatedAt } = o;
  return { placeholder: false, orderId, clientOrderId, symbol, side, orderType, price, quantity, amount, status, terminal, cumulativeQuantity, cumulativeAmount, remainQuantity, remainAmount, avgPrice, createTime, fills, updatedAt };
}

/** A placeholder in the field order `TrackedOrder` builds it. */
function placeholder(o: t.TypeOf<typeof PlaceholderFields>): PlaceholderOrderState {
  return {
    placeholder: true,
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    orderType: undefined,
    price: undefined,
    quantity: undefined,
    amount: undefined,
    status: undefined,
    terminal: false,
    cumulativeQuantity: o.cumulativeQuantity,
    cumulativeAmount: o.cumulativeAmount,
    remainQuantity: undefined,
    remainAmount: undefined,
    avgPrice: undefined,
    createTime: undefined,
    fills: o.fills,
    updatedAt: o.updatedAt,
  };
}

/** A confirmed order whose `terminal` matches its status. */
const ConfirmedCodec = thenCheck(ConfirmedFields, 'ConfirmedOrderState', (o) =>
  o.terminal === isTerminalStatus(o.status) ? { value: confirmed(o) } : { path: 'terminal', expected: `${String(isTerminalStatus(o.status))} (for status ${o.status})` },
);

const isObject = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === 'object' && u !== null && !Array.isArray(u);

/** One order's state: confirmed or a placeholder (told by `placeholder`), `terminal` matching its status. */
export const OrderStateCodec: t.Decoder<unknown, OrderState> = new t.Type<OrderState, unknown, unknown>(
  'OrderState',
  (_u): _u is OrderState => false,
  (u, c) => {
    if (isObject(u) && u['placeholder'] === true) {
      const held = PlaceholderFields.validate(u, c);
      return held._tag === 'Left' ? held : t.success(placeholder(held.right));
    }
    return ConfirmedCodec.validate(u, c);
  },
  (state) => state,
);

/** One asset's balance, `total` being exactly `free + frozen`. */
export const AssetBalanceCodec: t.Decoder<unknown, AssetBalanceState> = thenCheck(
  t.type({ asset: Text, free: Decimal, frozen: Decimal, total: Decimal, updatedAt: optional(Time) }),
  'AssetBalanceState',
  ({ asset, free, frozen, total, updatedAt }) =>
    compareDecimal(addDecimal(free, frozen), total) === 0 ? { value: { asset, free, frozen, total, updatedAt } } : { path: 'total', expected: 'free + frozen' },
);

/** How a key is shown in an error: an id-like key as it is, any other by its position (a key is text from outside). */
function shownKey(key: string, index: number): string {
  return /^[\w.:@-]{1,64}$/.test(key) ? key : `[key ${index}]`;
}

/**
 * A JSON object of values keyed by their own id (`orderId`, `asset`): its entries, each value
 * checked by `codec` and filed under its id.
 *
 * @example
 * ```ts
 * keyedBy(AssetBalanceCodec, 'asset', (b) => b.asset).decode({ MX: mxBalance }); // right([['MX', mxBalance]])
 * ```
 */
export function keyedBy<A>(codec: t.Decoder<unknown, A>, idField: string, idOf: (value: A) => string): t.Decoder<unknown, readonly (readonly [string, A])[]> {
  return new t.Type<readonly (readonly [string, A])[], unknown, unknown>(
    `{ [${idField}]: ${codec.name} }`,
    (_u): _u is readonly (readonly [string, A])[] => false,
    (u, c) => {
      if (!isObject(u)) return t.failure(u, c);
      const entries: (readonly [string, A])[] = [];
      const errors: t.ValidationError[] = [];
      Object.keys(u).forEach((key, index) => {
        const at = t.appendContext(c, shownKey(key, index), codec, undefined);
        const value = codec.validate(u[key], at);
        if (value._tag === 'Left') errors.push(...value.left);
        else if (idOf(value.right) !== key) errors.push({ value: undefined, context: t.appendContext(at, idField, mismatch(idField)) });
        else entries.push([key, value.right]);
      });
      return errors.length > 0 ? t.failures(errors) : t.success(entries);
    },
    (entries) => entries,
  );
}

/** What a key's value must have: its own key as `field` (a type only for error messages). */
function mismatch(field: string): t.Decoder<unknown, never> {
  return new t.Type<never, never, unknown>(`the key it is filed under as ${field}`, (_u): _u is never => false, (x, cx) => t.failure(x, cx), (x) => x);
}
