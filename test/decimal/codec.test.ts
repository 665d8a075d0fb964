/**
 * The io-ts codecs of decimal fields (`src/decimal/codec.ts`): the JSON ones take decimal text or a
 * JSON number read exactly, the strict ones text only; each refuses, naming its own type, what is
 * not in the vocabulary, and keeps the io-ts laws (what it yields passes `is`, `encode` is the text).
 */
import { describe, expect, it } from '@jest/globals';
import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { describeDecodeErrors } from '../../src/codecs/decoder.js';
import { NonNegativeDecimalJson, NonNegativeDecimalString, SignedDecimalJson, SignedDecimalString } from '../../src/decimal/codec.js';
import { JsonNumberText } from '../../src/decimal/exact-json.js';

type DecimalCodec = t.Type<string, string, unknown>;

/** What `codec` yields for `input`, or the lines of its refusal. */
function outcome(codec: DecimalCodec, input: unknown): string | string[] {
  const result = codec.decode(input);
  if (isLeft(result)) return describeDecodeErrors(result.left);
  expect(codec.is(result.right)).toBe(true);
  expect(codec.encode(result.right)).toBe(result.right);
  return result.right;
}

describe('the decimal codecs of the service JSON', () => {
  it('take decimal text as it is, and a JSON number as the plain text of its exact value', () => {
    for (const codec of [NonNegativeDecimalJson, SignedDecimalJson]) {
      expect(outcome(codec, '1.50')).toBe('1.50');
      expect(outcome(codec, 0)).toBe('0');
      expect(outcome(codec, 1e-8)).toBe('0.00000001');
      expect(outcome(codec, new JsonNumberText('0.30000000000000000001'))).toBe('0.30000000000000000001');
    }
    expect(outcome(SignedDecimalJson, '-0.25')).toBe('-0.25');
    expect(outcome(SignedDecimalJson, -2.5)).toBe('-2.5');
  });

  it('refuse a negative value where it must not be, and what is not a decimal, naming their type', () => {
    for (const bad of ['-0.25', -2.5, '1e-8', '', ' 1', Number.NaN, true, null, new JsonNumberText('1e9999999')]) {
      expect([bad, outcome(NonNegativeDecimalJson, bad)]).toEqual([bad, ['(root): expected NonNegativeDecimal']]);
    }
    for (const bad of ['+1', '.5', '--1', Number.POSITIVE_INFINITY, undefined, {}]) {
      expect([bad, outcome(SignedDecimalJson, bad)]).toEqual([bad, ['(root): expected SignedDecimal']]);
    }
  });
});

describe('the strict decimal codecs', () => {
  it('take decimal text only', () => {
    expect(outcome(NonNegativeDecimalString, '0.5')).toBe('0.5');
    expect(outcome(SignedDecimalString, '-1.5')).toBe('-1.5');
    expect([5, outcome(NonNegativeDecimalString, 5)]).toEqual([5, ['(root): expected NonNegativeDecimal']]);
    expect([-1.5, outcome(SignedDecimalString, -1.5)]).toEqual([-1.5, ['(root): expected SignedDecimal']]);
    expect(outcome(SignedDecimalString, new JsonNumberText('1'))).toEqual(['(root): expected SignedDecimal']);
    expect(outcome(NonNegativeDecimalString, '-1.5')).toEqual(['(root): expected NonNegativeDecimal']);
  });
});

describe('is', () => {
  it('holds only for text of the codec vocabulary', () => {
    expect(NonNegativeDecimalJson.is('0.5')).toBe(true);
    expect(NonNegativeDecimalJson.is('-0.5')).toBe(false);
    expect(NonNegativeDecimalJson.is(0.5)).toBe(false);
    expect(SignedDecimalJson.is('-0.5')).toBe(true);
    expect(SignedDecimalJson.is('1e3')).toBe(false);
    expect(SignedDecimalString.is(5)).toBe(false);
    expect(NonNegativeDecimalString.is('-5')).toBe(false);
  });
});
