/**
 * Products and quotients of decimal text (what the open orders' seeds derive: an order's amount,
 * what remains of it, its average price), checked against bigint arithmetic on the same values and
 * against the simulator's own fixed-point amounts.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { compareDecimal, divideDecimalText, multiplyDecimalText } from '../../src/decimal/arithmetic.js';
import { decimal as units, divideDecimal, formatDecimal, multiplyDecimal } from '../../src/decimal/fixed.js';
import { fixed } from '../operators/lifecycles.js';

/** A decimal text with its value as units of 10^-8. */
const decimal = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 8 })).map(([value, scale]) => {
  const text = value < 0n ? `-${fixed(-value, scale)}` : fixed(value, scale);
  return { text, value: value * 10n ** BigInt(8 - scale) };
});

describe('multiplyDecimalText', () => {
  it('is exact at any size', () => {
    expect(multiplyDecimalText('0.5', '30000.1')).toBe('15000.05');
    expect(multiplyDecimalText('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimalText('-1.5', '2')).toBe('-3');
    expect(multiplyDecimalText('12345678901234567891', '0.000000000000000000001')).toBe('0.012345678901234567891');
    expect(multiplyDecimalText('0', '-7.25')).toBe('0');
  });

  it('equals the bigint product of the same values', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const product = multiplyDecimalText(a.text, b.text);
        // a.value * b.value is the product in units of 10^-16.
        expect(compareDecimal(product, fixedSigned(a.value * b.value, 16))).toBe(0);
      }),
      { seed: 41, numRuns: 500 },
    );
  });

  it('refuses what is not a decimal', () => {
    expect(() => multiplyDecimalText('1e3', '1')).toThrow(RangeError);
  });
});

describe('divideDecimalText', () => {
  it('truncates toward zero at the digits asked, and is 0 over zero', () => {
    expect(divideDecimalText('15000.05', '0.5', 30)).toBe('30000.1');
    expect(divideDecimalText('1', '3', 4)).toBe('0.3333');
    expect(divideDecimalText('2', '3', 0)).toBe('0');
    expect(divideDecimalText('-2', '3', 2)).toBe('-0.66');
    expect(divideDecimalText('5', '0.000', 8)).toBe('0');
    expect(() => divideDecimalText('1', '3', -1)).toThrow(RangeError);
    expect(() => divideDecimalText('1', '3', 1.5)).toThrow(RangeError);
  });

  it('agrees with the simulator’s fixed-point quotient, which its order pushes’ average prices use', () => {
    const positive = fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 })).map(([v, scale]) => fixed(v, scale));
    fc.assert(
      fc.property(positive, positive, (a, b) => {
        expect(divideDecimalText(a, b, 30)).toBe(formatDecimal(divideDecimal(units(a), units(b))));
        expect(multiplyDecimalText(a, b)).toBe(formatDecimal(multiplyDecimal(units(a), units(b))));
      }),
      { seed: 42, numRuns: 500 },
    );
  });
});

/** Signed units of 10^-scale as decimal text. */
function fixedSigned(value: bigint, scale: number): string {
  return value < 0n ? `-${fixed(-value, scale)}` : fixed(value, scale);
}
