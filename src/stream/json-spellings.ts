/**
 * The service's other spellings of JSON push fields, one io-ts codec per field rule: times and
 * codes as quoted numbers, decimals as JSON numbers (read exactly), flags as `"true"`/`"false"`.
 * A JSON frame in the usual spelling never reaches them: the normalizer takes it as it is. They
 * serve the fallback of `decode-json-push.ts`, for a field the normalizer refused: a codec either
 * reads the value in another spelling (its `encode` then gives the usual one, for the normalizer
 * to check again) or refuses it, and its name words the reason (`privateDeals.tradeType: expected
 * TradeType`), as io-ts names the REST response types.
 *
 * Each codec holds its value to the same predicate as the rule (`field-rules.ts`,
 * `src/decimal/text.ts`, `wire-codes.ts`), so a value it reads is one the rule accepts.
 *
 * @module
 */
import * as t from 'io-ts';
import { Flag, OptionalText } from '../codecs/primitives.js';
import { NonNegativeDecimalJson, SignedDecimalJson } from '../decimal/codec.js';
import type { OrderStatus, OrderType, Side } from './events.js';
import { isEpochMillis, type FieldRule } from './field-rules.js';
import { ORDER_STATUS_CODES, ORDER_TYPE_CODES, orderStatusOf, orderTypeOf, SIDE_CODES, sideOf } from './wire-codes.js';

const INTEGER_TEXT = /^\d{1,16}$/;

/** Epoch milliseconds: a positive safe integer, or the same quoted (JSON of int64); yields a number. */
const JsonMillis = new t.Type<number, number, unknown>(
  'EpochMillis',
  (u): u is number => typeof u === 'number' && isEpochMillis(u),
  (u, c) => {
    if (typeof u === 'number' && isEpochMillis(u)) return t.success(u);
    if (typeof u === 'string' && INTEGER_TEXT.test(u) && isEpochMillis(Number(u))) return t.success(Number(u));
    return t.failure(u, c);
  },
  (n) => n,
);

/** Non-empty text (no other spelling). */
const JsonText = new t.Type<string, string, unknown>(
  'NonEmptyText',
  (u): u is string => typeof u === 'string' && u.length > 0,
  (u, c) => (typeof u === 'string' && u.length > 0 ? t.success(u) : t.failure(u, c)),
  (s) => s,
);

/** A code as a number or quoted; yields its name, and `encode` gives the number back. */
function codeCodec<N extends string>(name: string, codes: Readonly<Record<N, number>>, nameOf: (code: number) => N | undefined): t.Type<N, number, unknown> {
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

/**
 * The codec of each field rule's JSON spellings. Optional rules share their required twin's codec:
 * the normalizer has already taken `null`, absent and empty values.
 *
 * @example
 * ```ts
 * const codec = JSON_SPELLINGS['epoch-millis'];
 * codec.decode('1736417034332'); // right(1736417034332)
 * codec.name; // 'EpochMillis'
 * ```
 */
export const JSON_SPELLINGS: Readonly<Record<FieldRule, t.Mixed>> = {
  'non-empty-text': JsonText,
  'optional-text': OptionalText,
  'non-negative-decimal': NonNegativeDecimalJson,
  'signed-decimal': SignedDecimalJson,
  'epoch-millis': JsonMillis,
  'side-code': codeCodec<Side>('TradeType', SIDE_CODES, sideOf),
  'order-type-code': codeCodec<OrderType>('OrderType', ORDER_TYPE_CODES, orderTypeOf),
  'order-status-code': codeCodec<OrderStatus>('OrderStatus', ORDER_STATUS_CODES, orderStatusOf),
  flag: Flag,
};
