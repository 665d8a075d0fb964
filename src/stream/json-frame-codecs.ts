/**
 * io-ts codecs of the JSON push frames (channels without `.pb`), with the field names of spec
 * section 6. They are tolerant of spelling the way the REST codecs are (times and codes as numbers
 * or quoted numbers, decimals as strings or numbers, flags as booleans or `"true"`/`"false"`) and
 * strict on meaning (decimals numeric, codes known, times positive integers), so a JSON frame
 * passes exactly when the same values would pass as protobuf.
 *
 * @module
 */
import * as t from 'io-ts';
import { Flag } from '../codecs/primitives.js';
import type { OrderStatus, OrderType, Side } from './events.js';
import { NonNegativeDecimalJson, SignedDecimalJson } from '../decimal/codec.js';
import { isEpochMillis } from './frame-checks.js';
import { ORDER_STATUS_CODES, ORDER_TYPE_CODES, orderStatusOf, orderTypeOf, SIDE_CODES, sideOf } from './wire-codes.js';

const INTEGER_TEXT = /^\d{1,16}$/;

/** Epoch milliseconds: a positive safe integer, or the same quoted (JSON of int64); yields a number. */
export const JsonMillis = new t.Type<number, number, unknown>(
  'EpochMillis',
  (u): u is number => typeof u === 'number' && isEpochMillis(u),
  (u, c) => {
    if (typeof u === 'number' && isEpochMillis(u)) return t.success(u);
    if (typeof u === 'string' && INTEGER_TEXT.test(u) && isEpochMillis(Number(u))) return t.success(Number(u));
    return t.failure(u, c);
  },
  (n) => n,
);

/** Non-empty text. */
export const JsonText = new t.Type<string, string, unknown>(
  'NonEmptyText',
  (u): u is string => typeof u === 'string' && u.length > 0,
  (u, c) => (typeof u === 'string' && u.length > 0 ? t.success(u) : t.failure(u, c)),
  (s) => s,
);

/** Text that may be absent, `null` or empty. */
export const JsonOptionalText = t.union([t.string, t.null, t.undefined], 'OptionalText');

/** A flag that may be absent (proto3 JSON leaves `false` out). */
export const JsonOptionalFlag = t.union([Flag, t.null, t.undefined], 'OptionalFlag');

function codeCodec<N extends string>(
  name: string,
  codes: Readonly<Record<N, number>>,
  nameOf: (code: number) => N | undefined,
): t.Type<N, number, unknown> {
  const named = (u: unknown): N | undefined => {
    if (typeof u === 'number') return nameOf(u);
    if (typeof u === 'string' && INTEGER_TEXT.test(u)) return nameOf(Number(u));
    return undefined;
  };
  return new t.Type<N, number, unknown>(
    name,
    (u): u is N => typeof u === 'string' && Object.hasOwn(codes, u),
    (u, c) => {
      const result = named(u);
      return result === undefined ? t.failure(u, c) : t.success(result);
    },
    (n) => codes[n],
  );
}

/** Wire `tradeType` 1 or 2 (number or quoted); yields the side. */
export const JsonSide = codeCodec<Side>('TradeType', SIDE_CODES, sideOf);

/** Wire `orderType` (1-5, 100); yields the order type. */
export const JsonOrderType = codeCodec<OrderType>('OrderType', ORDER_TYPE_CODES, orderTypeOf);

/** Wire order `status` (1-5); yields the status name. */
export const JsonOrderStatus = codeCodec<OrderStatus>('OrderStatus', ORDER_STATUS_CODES, orderStatusOf);

/** `privateAccount` (spec 6.1). */
export const JsonAccountBody = t.type(
  {
    vcoinName: JsonText,
    coinId: JsonText,
    balanceAmount: NonNegativeDecimalJson,
    balanceAmountChange: SignedDecimalJson,
    frozenAmount: NonNegativeDecimalJson,
    frozenAmountChange: SignedDecimalJson,
    type: JsonText,
    time: JsonMillis,
  },
  'PrivateAccount',
);

/** `privateDeals` (spec 6.2). */
export const JsonDealBody = t.intersection(
  [
    t.type({
      price: NonNegativeDecimalJson,
      quantity: NonNegativeDecimalJson,
      amount: NonNegativeDecimalJson,
      tradeType: JsonSide,
      tradeId: JsonText,
      orderId: JsonText,
      feeAmount: SignedDecimalJson,
      feeCurrency: JsonText,
      time: JsonMillis,
    }),
    t.partial({ isMaker: JsonOptionalFlag, isSelfTrade: JsonOptionalFlag, clientOrderId: JsonOptionalText }),
  ],
  'PrivateDeals',
);

/** `privateOrders` (spec 6.3). */
export const JsonOrderBody = t.intersection(
  [
    t.type({
      id: JsonText,
      price: NonNegativeDecimalJson,
      quantity: NonNegativeDecimalJson,
      amount: NonNegativeDecimalJson,
      avgPrice: NonNegativeDecimalJson,
      orderType: JsonOrderType,
      tradeType: JsonSide,
      remainAmount: NonNegativeDecimalJson,
      remainQuantity: NonNegativeDecimalJson,
      cumulativeQuantity: NonNegativeDecimalJson,
      cumulativeAmount: NonNegativeDecimalJson,
      status: JsonOrderStatus,
      createTime: JsonMillis,
    }),
    t.partial({
      clientId: JsonOptionalText,
      isMaker: JsonOptionalFlag,
      lastDealQuantity: t.union([NonNegativeDecimalJson, t.literal(''), t.null, t.undefined]),
    }),
  ],
  'PrivateOrders',
);

/** An account frame: `{channel, createTime?, sendTime, privateAccount}`. */
export const JsonAccountFrame = t.intersection(
  [
    t.type({ sendTime: JsonMillis, privateAccount: JsonAccountBody }),
    t.partial({ createTime: t.union([JsonMillis, t.null, t.undefined]) }),
  ],
  'AccountFrame',
);

/** A deals frame: `{channel, symbol, sendTime, privateDeals}`. */
export const JsonDealFrame = t.type({ symbol: JsonText, sendTime: JsonMillis, privateDeals: JsonDealBody }, 'DealsFrame');

/** An orders frame: `{channel, symbol, sendTime, privateOrders}`. */
export const JsonOrderFrame = t.type({ symbol: JsonText, sendTime: JsonMillis, privateOrders: JsonOrderBody }, 'OrdersFrame');

/**
 * Turns io-ts errors into `path: expected Type` text, one clause per failing field joined by `; `,
 * without the values and without the branch indices of intersections and unions (so a path reads
 * `privateDeals.tradeType`, not `0.privateDeals.0.tradeType`); a failed union is named once.
 *
 * @example
 * ```ts
 * const result = JsonDealFrame.decode(JSON.parse(text));
 * if (isLeft(result)) report(describeJsonErrors(result.left)); // 'privateDeals.tradeType: expected TradeType'
 * ```
 */
export function describeJsonErrors(errors: t.Errors): string {
  const lines = new Set<string>();
  for (const error of errors) {
    const keys: string[] = [];
    let expected = 'unknown';
    let underUnion = false;
    error.context.forEach((entry, index) => {
      const parent = error.context[index - 1]?.type;
      if (parent instanceof t.UnionType) underUnion = true;
      if (parent instanceof t.UnionType || parent instanceof t.IntersectionType) return;
      if (entry.key !== '') keys.push(entry.key);
      // Below a union, name the union (`(EpochMillis | null | undefined)`), not each branch.
      if (!underUnion) expected = entry.type.name;
    });
    lines.add(`${keys.length === 0 ? '(root)' : keys.join('.')}: expected ${expected}`);
    if (lines.size >= 20) break;
  }
  return [...lines].join('; ');
}
