/**
 * The service's other spellings of JSON push fields, one reader per field rule: times and codes
 * as quoted numbers, decimals as JSON numbers (read exactly), flags as `"true"`/`"false"`. A JSON
 * frame in the usual spelling never reaches them: the normalizer takes it as it is. They serve
 * the fallback of `decode-json-push.ts`, for a field the normalizer refused: a reader either gives
 * the value in the usual spelling (for the normalizer to check again) or refuses it, and its name
 * words the reason (`privateDeals.tradeType: expected TradeType`), as io-ts names the REST
 * response types.
 *
 * Each reader holds its value to the same predicate as the rule (`field-rules.ts`,
 * `src/decimal/text.ts`, `wire-codes.ts`, `src/codecs/flag.ts`), so a value it reads is one the
 * rule accepts. They are plain functions, not io-ts codecs: the stream's frames are checked by
 * the stream's own rules, which keeps io-ts out of a page that only streams (docs/performance.md,
 * "What the library adds to a page").
 *
 * @module
 */
import { flagOf } from '../codecs/flag.js';
import { decimalTextOf } from '../decimal/exact-json.js';
import { isDecimal, isNonNegativeDecimal } from '../decimal/text.js';
import type { OrderStatus, OrderType, Side } from './events.js';
import { isEpochMillis, type FieldRule } from './field-rules.js';
import { ORDER_STATUS_CODES, ORDER_TYPE_CODES, orderStatusOf, orderTypeOf, SIDE_CODES, sideOf } from './wire-codes.js';

/** One rule's other spellings. */
export interface Spelling {
  /** What the rule expects, in a refusal's words (`expected EpochMillis`). */
  readonly name: string;
  /** The value in the usual spelling (inside `{ value }`), or `undefined` when it spells nothing the rule accepts. */
  readonly respell: (value: unknown) => { readonly value: unknown } | undefined;
}

const INTEGER_TEXT = /^\d{1,16}$/;

/** A number, or the same quoted (JSON of int64). */
const integerOf = (u: unknown): number | undefined => (typeof u === 'number' ? u : typeof u === 'string' && INTEGER_TEXT.test(u) ? Number(u) : undefined);

const when = <T>(holds: boolean, value: T): { readonly value: T } | undefined => (holds ? { value } : undefined);

function decimalSpelling(name: string, accepts: (text: string) => boolean): Spelling {
  return {
    name,
    respell: (u) => {
      const text = decimalTextOf(u);
      return text === undefined ? undefined : when(accepts(text), text);
    },
  };
}

/** A code as a number or quoted; respelled as the number, when it names a code. */
function codeSpelling<N extends string>(name: string, nameOf: (code: number) => N | undefined, codes: Readonly<Record<N, number>>): Spelling {
  return {
    name,
    respell: (u) => {
      const named = ((code) => (code === undefined ? undefined : nameOf(code)))(integerOf(u));
      return named === undefined ? undefined : { value: codes[named] };
    },
  };
}

/**
 * The reader of each field rule's JSON spellings. Optional rules share their required twin's
 * reader: the normalizer has already taken `null`, absent and empty values.
 *
 * @example
 * ```ts
 * const spelling = JSON_SPELLINGS['epoch-millis'];
 * spelling.respell('1736417034332'); // { value: 1736417034332 }
 * spelling.name; // 'EpochMillis'
 * ```
 */
export const JSON_SPELLINGS: Readonly<Record<FieldRule, Spelling>> = {
  'non-empty-text': { name: 'NonEmptyText', respell: (u) => when(typeof u === 'string' && u.length > 0, u) },
  'optional-text': { name: 'OptionalText', respell: (u) => when(u === null || u === undefined || typeof u === 'string', u) },
  'non-negative-decimal': decimalSpelling('NonNegativeDecimal', isNonNegativeDecimal),
  'signed-decimal': decimalSpelling('SignedDecimal', isDecimal),
  'epoch-millis': {
    name: 'EpochMillis',
    respell: (u) => {
      const millis = integerOf(u);
      return millis === undefined ? undefined : when(isEpochMillis(millis), millis);
    },
  },
  'side-code': codeSpelling<Side>('TradeType', sideOf, SIDE_CODES),
  'order-type-code': codeSpelling<OrderType>('OrderType', orderTypeOf, ORDER_TYPE_CODES),
  'order-status-code': codeSpelling<OrderStatus>('OrderStatus', orderStatusOf, ORDER_STATUS_CODES),
  flag: {
    name: 'Flag',
    respell: (u) => {
      const flag = flagOf(u);
      return flag === undefined ? undefined : { value: flag };
    },
  },
};
