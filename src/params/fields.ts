/**
 * The parameter kinds of the spec, each with its rule (spec sections 4 and 8, docs/service.md).
 *
 * @module
 */
import { AMOUNT_FRACTION_DIGITS } from '../decimal/fixed.js';
import { isPositiveDecimal } from '../decimal/text.js';
import { fieldCodec, integerFromWire, listFromWire, type FieldCodec } from './field.js';

const isString = (u: unknown): u is string => typeof u === 'string';
const isInteger = (u: unknown): u is number => Number.isSafeInteger(u);

/** Account types accepted in requests. */
export type AccountType = 'SPOT' | 'FUTURES';

/** Permission names a master account can grant to a sub-account API key (spec 2.2). */
export const MASTER_PERMISSIONS = [
  'SPOT_ACCOUNT_READ',
  'SPOT_ACCOUNT_WRITE',
  'SPOT_DEAL_READ',
  'SPOT_DEAL_WRITE',
  'CONTRACT_ACCOUNT_READ',
  'CONTRACT_ACCOUNT_WRITE',
  'CONTRACT_DEAL_READ',
  'CONTRACT_DEAL_WRITE',
  'SPOT_TRANSFER_READ',
  'SPOT_TRANSFER_WRITE',
] as const;

/** A permission name of spec 2.2. */
export type MasterPermission = (typeof MASTER_PERMISSIONS)[number];

/** Permission names a broker can grant: those of spec 2.2 plus withdraw and deposit (docs/service.md). */
export const BROKER_PERMISSIONS = [
  ...MASTER_PERMISSIONS,
  'SPOT_WITHDRAW_READ',
  'SPOT_WITHDRAW_WRITE',
  'SPOT_DEPOSIT_READ',
  'SPOT_DEPOSIT_WRITE',
] as const;

/** A permission name a broker can grant. */
export type BrokerPermission = (typeof BROKER_PERMISSIONS)[number];

/** Any non-empty text without leading or trailing blanks. */
export const nonEmptyText: FieldCodec<string> = /* @__PURE__ */ fieldCodec(
  'non-empty text',
  (u): u is string => isString(u) && u.length > 0 && u.trim() === u && u.length <= 256,
  (s) => s,
);

/** A new sub-account's name: 8 to 32 letters and digits (the service answers 730601 otherwise). */
export const newSubAccountName: FieldCodec<string> = /* @__PURE__ */ fieldCodec(
  '8 to 32 letters and digits',
  (u): u is string => isString(u) && /^[A-Za-z0-9]{8,32}$/.test(u),
  (s) => s,
);

/**
 * A trading pair as the service spells it: 2 to 30 upper-case letters and digits, base asset then
 * quote asset (`BTCUSDT`). Lower case is refused rather than changed: the caller sees the rule.
 */
export const tradingSymbol: FieldCodec<string> = /* @__PURE__ */ fieldCodec(
  '2 to 30 upper-case letters and digits (e.g. BTCUSDT)',
  (u): u is string => isString(u) && /^[A-Z0-9]{2,30}$/.test(u),
  (s) => s,
);

/** `SPOT` or `FUTURES`. */
export const accountType: FieldCodec<AccountType> = /* @__PURE__ */ fieldCodec(
  'SPOT or FUTURES',
  (u): u is AccountType => u === 'SPOT' || u === 'FUTURES',
  (s) => s,
);

/** `SPOT`, the only account type M8 supports. */
export const spotOnly: FieldCodec<'SPOT'> = /* @__PURE__ */ fieldCodec('SPOT (the only type supported)', (u): u is 'SPOT' => u === 'SPOT', (s) => s);

/** A client-supplied transfer id: exactly 32 letters and digits. */
export const clientTranId: FieldCodec<string> = /* @__PURE__ */ fieldCodec(
  '32 alphanumeric characters',
  (u): u is string => isString(u) && /^[A-Za-z0-9]{32}$/.test(u),
  (s) => s,
);

/** Most digits an amount may have before its point (as many as after it). */
const AMOUNT_WHOLE_DIGITS = AMOUNT_FRACTION_DIGITS;

/**
 * A positive decimal quantity as a string (`"10"`, `"0.5"`) in the shared vocabulary
 * (docs/concepts.md): never a float, so nothing is rounded; at most 30 digits on each side of the
 * point.
 */
export const positiveDecimal: FieldCodec<string> = /* @__PURE__ */ fieldCodec(
  `positive decimal string (at most ${AMOUNT_FRACTION_DIGITS} digits each side of the point)`,
  (u): u is string => isString(u) && isPositiveDecimal(u, AMOUNT_WHOLE_DIGITS, AMOUNT_FRACTION_DIGITS),
  (s) => s,
);

/** A fund password, sent as the hexadecimal MD5 of the password: 32 hex digits. */
export const fundPassword: FieldCodec<string> = /* @__PURE__ */ fieldCodec(
  '32 hexadecimal digits (MD5 of the fund password)',
  (u): u is string => isString(u) && /^[0-9a-fA-F]{32}$/.test(u),
  (s) => s.toLowerCase(),
);

/** A page number: an integer from 1. */
export const pageNumber: FieldCodec<number> = /* @__PURE__ */ fieldCodec('integer >= 1', (u): u is number => isInteger(u) && u >= 1, String, integerFromWire);

/** A page size from 1 to `max` (or unbounded when the spec applies no maximum). */
export function pageSize(max: number | undefined): FieldCodec<number> {
  return max === undefined
    ? fieldCodec('integer >= 1', (u): u is number => isInteger(u) && u >= 1, String, integerFromWire)
    : fieldCodec(`integer from 1 to ${max}`, (u): u is number => isInteger(u) && u >= 1 && u <= max, String, integerFromWire);
}

/** A point in time as epoch milliseconds (a non-negative integer, sent as 13 digits). */
export const epochMillis: FieldCodec<number> = /* @__PURE__ */ fieldCodec(
  'epoch milliseconds (non-negative integer)',
  (u): u is number => isInteger(u) && u >= 0 && u < 1e14,
  String,
  integerFromWire,
);

/** A boolean flag, sent as `true` or `false`. */
export const booleanFlag: FieldCodec<boolean> = /* @__PURE__ */ fieldCodec(
  'true or false',
  (u): u is boolean => typeof u === 'boolean',
  String,
  (text) => (text === 'true' ? true : text === 'false' ? false : text),
);

/** A deposit status code (1 SMALL ... 12 COMPLETED, docs/service.md). */
export const depositStatusCode: FieldCodec<number> = /* @__PURE__ */ fieldCodec(
  'deposit status code from 1 to 12',
  (u): u is number => isInteger(u) && u >= 1 && u <= 12,
  String,
  integerFromWire,
);

const isIpAddress = (s: string): boolean =>
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(s) ||
  (/^[0-9a-fA-F:]+$/.test(s) && s.includes(':') && s.length <= 39);

/** A list of 1 to `max` distinct IP addresses, sent comma-joined. */
export function ipList(max: number): FieldCodec<readonly string[]> {
  return fieldCodec(
    `1 to ${max} distinct IP addresses`,
    (u): u is readonly string[] =>
      Array.isArray(u) &&
      u.length >= 1 &&
      u.length <= max &&
      new Set(u).size === u.length &&
      u.every((s) => isString(s) && isIpAddress(s)),
    (ips) => ips.join(','),
    listFromWire,
  );
}

/** A non-empty list of distinct permission names out of `allowed`, sent comma-joined. */
export function permissionList<P extends string>(allowed: readonly P[]): FieldCodec<readonly P[]> {
  const set = new Set<string>(allowed);
  return fieldCodec(
    `one or more distinct of ${allowed.join(', ')}`,
    (u): u is readonly P[] =>
      Array.isArray(u) && u.length >= 1 && new Set(u).size === u.length && u.every((p) => isString(p) && set.has(p)),
    (ps) => ps.join(','),
    listFromWire,
  );
}

/** The largest `recvWindow` the service accepts (error 700005 above it). */
export const MAX_RECV_WINDOW = 60000;

/** A receive window in milliseconds: an integer from 1 to 60000. */
export const recvWindow: FieldCodec<number> = /* @__PURE__ */ fieldCodec(
  `integer from 1 to ${MAX_RECV_WINDOW}`,
  (u): u is number => isInteger(u) && u >= 1 && u <= MAX_RECV_WINDOW,
  String,
  integerFromWire,
);
