/**
 * The io-ts codecs of decimal fields: text of the shared vocabulary (`text.ts`). Those for the
 * service's JSON (REST responses, JSON push frames) also take a JSON number, read exactly
 * (`exact-json.ts`); the strict ones (the bridge's own payloads) take a string only.
 *
 * @module
 */
import * as t from 'io-ts';
import { decimalTextOf } from './exact-json.js';
import { isDecimal, isNonNegativeDecimal } from './text.js';

const onlyString = (u: unknown): string | undefined => (typeof u === 'string' ? u : undefined);

function decimalCodec(name: string, accepts: (text: string) => boolean, read: (u: unknown) => string | undefined): t.Type<string, string, unknown> {
  return new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && accepts(u),
    (u, c) => {
      const text = read(u);
      return text !== undefined && accepts(text) ? t.success(text) : t.failure(u, c);
    },
    (s) => s,
  );
}

/**
 * A quantity, balance or price in the service's JSON: non-negative decimal text, sent as a string
 * or as a JSON number read by `parseJsonExactly`; yields the text (a number as the plain text of
 * its exact value).
 *
 * @example
 * ```ts
 * NonNegativeDecimalJson.decode('0.5'); // right('0.5')
 * NonNegativeDecimalJson.decode('-5'); // left: expected NonNegativeDecimal
 * ```
 */
export const NonNegativeDecimalJson = /* @__PURE__ */ decimalCodec('NonNegativeDecimal', isNonNegativeDecimal, decimalTextOf);

/**
 * A change or a fee in the service's JSON: signed decimal text, sent as a string or as a JSON
 * number read by `parseJsonExactly`; yields the text.
 *
 * @example
 * ```ts
 * SignedDecimalJson.decode('-0.25'); // right('-0.25')
 * ```
 */
export const SignedDecimalJson = /* @__PURE__ */ decimalCodec('SignedDecimal', isDecimal, decimalTextOf);

/**
 * Non-negative decimal text, as a string only.
 *
 * @example
 * ```ts
 * NonNegativeDecimalString.decode(5); // left: expected NonNegativeDecimal
 * ```
 */
export const NonNegativeDecimalString = /* @__PURE__ */ decimalCodec('NonNegativeDecimal', isNonNegativeDecimal, onlyString);

/**
 * Signed decimal text, as a string only.
 *
 * @example
 * ```ts
 * SignedDecimalString.decode('-1.5'); // right('-1.5')
 * ```
 */
export const SignedDecimalString = /* @__PURE__ */ decimalCodec('SignedDecimal', isDecimal, onlyString);
