/**
 * The rules a field of a push frame can have, each written once and shared by the protobuf and the
 * JSON paths through the per-kind normalizers (`normalize-account.ts`, `normalize-deal.ts`,
 * `normalize-order.ts`). A rule takes the value as the wire gives it (typed by protobuf, `unknown`
 * from JSON) and returns the normalized value, or a {@link Refusal} naming the field and the rule.
 * They allocate nothing unless they refuse, so the protobuf hot path can call them on every field.
 * A normalized value is never an object and a refusal always is, so a normalizer tells them apart
 * with one `typeof` (`if (typeof price === 'object') return price;`): cheaper on the hot path than
 * a call per field (bench/, frame decoding).
 *
 * Decimal text is checked with the shared vocabulary of `src/decimal/text.ts`; codes are mapped by
 * `wire-codes.ts`.
 *
 * @module
 */
import { isDecimal, isNonNegativeDecimal } from '../decimal/text.js';
import type { OrderStatus, OrderType, Side } from './events.js';
import { orderStatusOf, orderTypeOf, sideOf } from './wire-codes.js';

/** The rules, by name. Each path words a refusal from the name: protobuf with {@link RULE_WORDS}, JSON with the name of the rule's io-ts codec. */
export type FieldRule =
  | 'non-empty-text'
  | 'optional-text'
  | 'non-negative-decimal'
  | 'signed-decimal'
  | 'epoch-millis'
  | 'side-code'
  | 'order-type-code'
  | 'order-status-code'
  | 'flag';

/** What each rule accepts, in words (protobuf frames' reasons: `privateOrders.status: expected a known code (1-5)`). */
export const RULE_WORDS: Readonly<Record<FieldRule, string>> = {
  'non-empty-text': 'non-empty text',
  'optional-text': 'text',
  'non-negative-decimal': 'non-negative decimal',
  'signed-decimal': 'signed decimal',
  'epoch-millis': 'epoch milliseconds',
  'side-code': 'a known code (1, 2)',
  'order-type-code': 'a known code (1-5, 100)',
  'order-status-code': 'a known code (1-5)',
  flag: 'a boolean',
};

/** A field that broke its rule: where it is (`sendTime`, `privateOrders.price`) and which rule. Never the value. */
export interface Refusal {
  /** The field's path in the frame: an envelope field, or `body.field`. */
  readonly path: string;
  /** The rule it broke. */
  readonly rule: FieldRule;
}

function refused(path: string, rule: FieldRule): Refusal {
  return { path, rule };
}

/**
 * The fields of a wire message as a normalizer reads them: the message's field names (the same in
 * protobuf and in JSON, spec section 6), every value `unknown` until its rule has checked it. A
 * generated protobuf message fits, and so does an object from `JSON.parse`.
 */
export type WireFields<M> = { readonly [K in Exclude<keyof M, '$typeName' | '$unknown' | 'body'>]?: unknown };

/** The envelope fields the normalizers read (`PushDataV3ApiWrapper`, or a JSON frame's top level). */
export interface EnvelopeFields {
  readonly symbol?: unknown;
  readonly sendTime?: unknown;
  readonly createTime?: unknown;
}

/**
 * Tells a refusal from what a normalizer built (an event): only a refusal has a `rule`. One
 * property check, no `instanceof` (which costs far more on this path).
 *
 * @example
 * ```ts
 * const result = normalizeEvent(kind, channel, frame, body);
 * if (isRefusal(result)) report(`${result.path}: expected ${RULE_WORDS[result.rule]}`);
 * ```
 */
export function isRefusal<T extends object>(result: T | Refusal): result is Refusal {
  return typeof result === 'object' && 'rule' in result;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Tells whether a number is valid epoch milliseconds: a positive safe integer.
 *
 * @example
 * ```ts
 * isEpochMillis(1736417034332); // true
 * isEpochMillis(1.5); // false
 * ```
 */
export function isEpochMillis(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function absent(value: unknown): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

/**
 * Required text: a non-empty string.
 *
 * @example
 * ```ts
 * nonEmptyText('MXUSDT', 'symbol'); // 'MXUSDT'
 * nonEmptyText('', 'symbol'); // Refusal { path: 'symbol', rule: 'non-empty-text' }
 * ```
 */
export function nonEmptyText(value: unknown, path: string): string | Refusal {
  return typeof value === 'string' && value !== '' ? value : refused(path, 'non-empty-text');
}

/**
 * Optional text: `undefined` when absent, `null` or empty (proto3 sends nothing for ''), else the string.
 *
 * @example
 * ```ts
 * optionalText('', 'privateOrders.clientId'); // undefined
 * optionalText('my-order-1', 'privateOrders.clientId'); // 'my-order-1'
 * ```
 */
export function optionalText(value: unknown, path: string): string | undefined | Refusal {
  if (absent(value)) return undefined;
  return typeof value === 'string' ? value : refused(path, 'optional-text');
}

/**
 * A quantity, balance or price: non-negative decimal text.
 *
 * @example
 * ```ts
 * nonNegativeDecimal('3.5121', 'privateOrders.price'); // '3.5121'
 * nonNegativeDecimal('-1', 'privateOrders.price'); // Refusal
 * ```
 */
export function nonNegativeDecimal(value: unknown, path: string): string | Refusal {
  return typeof value === 'string' && isNonNegativeDecimal(value) ? value : refused(path, 'non-negative-decimal');
}

/**
 * An optional quantity: `undefined` when absent, `null` or empty, else non-negative decimal text.
 *
 * @example
 * ```ts
 * optionalNonNegativeDecimal('', 'privateOrders.lastDealQuantity'); // undefined
 * ```
 */
export function optionalNonNegativeDecimal(value: unknown, path: string): string | undefined | Refusal {
  return absent(value) ? undefined : nonNegativeDecimal(value, path);
}

/**
 * A change or a fee: decimal text that may be negative.
 *
 * @example
 * ```ts
 * signedDecimal('-0.25', 'privateAccount.balanceAmountChange'); // '-0.25'
 * ```
 */
export function signedDecimal(value: unknown, path: string): string | Refusal {
  return typeof value === 'string' && isDecimal(value) ? value : refused(path, 'signed-decimal');
}

/**
 * A time: epoch milliseconds, a positive safe integer, from a protobuf int64 (bigint; zero is
 * proto3's "not sent") or a JSON number.
 *
 * @example
 * ```ts
 * epochMillis(1736417034332n, 'sendTime'); // 1736417034332
 * epochMillis(0n, 'sendTime'); // Refusal
 * ```
 */
export function epochMillis(value: unknown, path: string): number | Refusal {
  if (typeof value === 'number' && isEpochMillis(value)) return value;
  if (typeof value === 'bigint' && value > 0n && value <= MAX_SAFE) return Number(value);
  return refused(path, 'epoch-millis');
}

/**
 * An optional time: `undefined` when absent or `null`, else epoch milliseconds (so a zero that was
 * sent is refused).
 *
 * @example
 * ```ts
 * optionalEpochMillis(undefined, 'createTime'); // undefined
 * ```
 */
export function optionalEpochMillis(value: unknown, path: string): number | undefined | Refusal {
  return value === undefined || value === null ? undefined : epochMillis(value, path);
}

/**
 * Wire `tradeType` 1 or 2 as the side.
 *
 * @example
 * ```ts
 * sideCode(2, 'privateDeals.tradeType'); // 'SELL'
 * ```
 */
export function sideCode(value: unknown, path: string): Side | Refusal {
  return (typeof value === 'number' ? sideOf(value) : undefined) ?? refused(path, 'side-code');
}

/**
 * Wire `orderType` (1-5, 100) as the order type.
 *
 * @example
 * ```ts
 * orderTypeCode(100, 'privateOrders.orderType'); // 'STOP_LIMIT'
 * ```
 */
export function orderTypeCode(value: unknown, path: string): OrderType | Refusal {
  return (typeof value === 'number' ? orderTypeOf(value) : undefined) ?? refused(path, 'order-type-code');
}

/**
 * Wire order `status` (1-5) as the status name.
 *
 * @example
 * ```ts
 * orderStatusCode(3, 'privateOrders.status'); // 'PARTIALLY_FILLED'
 * ```
 */
export function orderStatusCode(value: unknown, path: string): OrderStatus | Refusal {
  return (typeof value === 'number' ? orderStatusOf(value) : undefined) ?? refused(path, 'order-status-code');
}

/**
 * A flag: the boolean; `false` when absent or `null` (proto3 and its JSON leave `false` out).
 *
 * @example
 * ```ts
 * flag(undefined, 'privateDeals.isMaker'); // false
 * ```
 */
export function flag(value: unknown, path: string): boolean | Refusal {
  if (typeof value === 'boolean') return value;
  return value === undefined || value === null ? false : refused(path, 'flag');
}
