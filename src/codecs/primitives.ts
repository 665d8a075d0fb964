/**
 * Tolerant primitives for response bodies: each accepts every spelling the service is known to
 * send (spec section 2, docs/service.md) and yields one clean type.
 *
 * @module
 */
import * as t from 'io-ts';
import { flagOf } from './flag.js';
import { JsonNumberText } from '../decimal/exact-json.js';
import type { AccountType } from '../params/fields.js';

/** Epoch milliseconds, sent as a number or as a quoted number; yields a number. */
export const EpochMillis = /* @__PURE__ */ new t.Type<number, number, unknown>(
  'EpochMillis',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    if (typeof u === 'number' && Number.isFinite(u)) return t.success(u);
    if (typeof u === 'string' && /^\d{1,16}$/.test(u)) return t.success(Number(u));
    return t.failure(u, c);
  },
  (n) => n,
);

/** A count, sent as a number or as a quoted number; yields a number. */
export const Count = /* @__PURE__ */ new t.Type<number, number, unknown>(
  'Count',
  (u): u is number => typeof u === 'number',
  (u, c) => {
    if (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0) return t.success(u);
    if (typeof u === 'string' && /^\d{1,15}$/.test(u)) return t.success(Number(u));
    return t.failure(u, c);
  },
  (n) => n,
);

/** An integer that may be negative (`orderListId`: `-1` for none), sent as a number or quoted; yields a number. */
export const SignedInteger = /* @__PURE__ */ new t.Type<number, number, unknown>(
  'SignedInteger',
  (u): u is number => Number.isSafeInteger(u),
  (u, c) => {
    if (typeof u === 'number' && Number.isSafeInteger(u)) return t.success(u);
    if (typeof u === 'string' && /^-?\d{1,15}$/.test(u)) return t.success(Number(u));
    return t.failure(u, c);
  },
  (n) => n,
);

/**
 * An identifier sent as a string or as a bare number (tranId); yields a string. A bare integer too
 * large for a double (read exactly, `JsonNumberText`) keeps every digit.
 */
export const IdText = /* @__PURE__ */ new t.Type<string, string, unknown>(
  'IdText',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    if (typeof u === 'string' && u.length > 0) return t.success(u);
    if (typeof u === 'number' && Number.isSafeInteger(u)) return t.success(String(u));
    if (u instanceof JsonNumberText && /^-?\d+$/.test(u.text)) return t.success(u.text);
    return t.failure(u, c);
  },
  (s) => s,
);

/** An account type, spelled `SPOT`, `FUTURES` or `FUTURE`; yields `SPOT` or `FUTURES`. */
export const AccountTypeText = /* @__PURE__ */ new t.Type<AccountType, string, unknown>(
  'AccountType',
  (u): u is AccountType => u === 'SPOT' || u === 'FUTURES',
  (u, c) => {
    if (u === 'SPOT' || u === 'FUTURES') return t.success(u);
    if (u === 'FUTURE') return t.success('FUTURES');
    return t.failure(u, c);
  },
  (s) => s,
);

/** A boolean, sent as `true`/`false` or as the strings `"true"`/`"false"`. */
export const Flag = /* @__PURE__ */ new t.Type<boolean, boolean, unknown>(
  'Flag',
  (u): u is boolean => typeof u === 'boolean',
  (u, c) => {
    const flag = flagOf(u);
    return flag === undefined ? t.failure(u, c) : t.success(flag);
  },
  (b) => b,
);

/** A comma-separated list (`"a,b"`), possibly empty; yields the trimmed, non-empty items. */
export const CommaList = /* @__PURE__ */ new t.Type<readonly string[], string, unknown>(
  'CommaList',
  (u): u is readonly string[] => Array.isArray(u),
  (u, c) => {
    if (typeof u === 'string') return t.success(u.split(',').map((s) => s.trim()).filter((s) => s.length > 0));
    if (Array.isArray(u) && u.every((s) => typeof s === 'string')) return t.success(u as string[]);
    return t.failure(u, c);
  },
  (items) => items.join(','),
);

/** Text that may be absent or `null`; yields a string or `undefined`. */
export const OptionalText = /* @__PURE__ */ t.union([t.string, t.null, t.undefined], 'OptionalText');

/** Turns `null`/`undefined`/`''` into `undefined` (`undefined` is returned as it is). */
export function presentText(value: string | null | undefined): string | undefined {
  return value === null || value === '' ? undefined : value;
}
