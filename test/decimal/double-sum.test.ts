/**
 * The fast path of decimal sums (`src/decimal/double-sum.ts`): it answers the exact sum, computed in
 * doubles, exactly when the sum at the larger scale is a safe integer (both values' digits safe,
 * their scales at most 15 apart), and `undefined` otherwise, so that the caller takes `bigint`.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sumInDoubles } from '../../src/decimal/double-sum.js';
import { scanDecimal } from '../../src/decimal/scan.js';
import { fixed } from '../operators/lifecycles.js';

const add = (a: string, b: string): string | undefined => sumInDoubles(a, scanDecimal(a), b, scanDecimal(b), 1);
const subtract = (a: string, b: string): string | undefined => sumInDoubles(a, scanDecimal(a), b, scanDecimal(b), -1);

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A decimal's value as units of 10^-scale, from its text (the reference: bigint, no doubles). */
function unitsOf(text: string): { units: bigint; scale: number } {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const magnitude = BigInt(`${whole}${fraction}`);
  return { units: negative ? -magnitude : magnitude, scale: fraction.length };
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);
const textOf = (units: bigint, scale: number): string => (units < 0n ? `-${fixed(-units, scale)}` : fixed(units, scale));

/** Values of 13 to 18 digits at scales up to 18, with trailing zeros or as `-0`: both sides of the safe integers. */
const nearTheLimit = fc
  .tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 18 }), fc.integer({ min: 0, max: 2 }), fc.boolean())
  .map(([units, scale, padding, negativeZero]) => {
    const shortest = fixed(abs(units), scale);
    const digits = shortest.includes('.') ? `${shortest}${'0'.repeat(padding)}` : shortest;
    return units < 0n || (units === 0n && negativeZero) ? `-${digits}` : digits;
  });

describe('the sum in doubles', () => {
  it('adds and subtracts values of different scales, at the larger one', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(add('1.5', '2')).toBe('3.5');
    expect(add('2', '1.25')).toBe('3.25');
    expect(subtract('5', '7.25')).toBe('-2.25');
    expect(subtract('-1.5', '-0.25')).toBe('-1.25');
    expect(add('-3', '1')).toBe('-2');
  });

  it('prints the shortest text: no trailing zeros, no point without a fraction, zero unsigned', () => {
    expect(add('0.10', '0.20')).toBe('0.3');
    expect(add('99.5', '0.5')).toBe('100');
    expect(add('1000.0', '0')).toBe('1000');
    expect(add('100', '0')).toBe('100');
    expect(add('0.05', '0.05')).toBe('0.1');
    expect(add('0.001', '0')).toBe('0.001');
    expect(subtract('1.50', '1.5')).toBe('0');
    expect(add('-0', '-0')).toBe('0');
    expect(subtract('-0.0', '0')).toBe('0');
    expect(add('-1.5', '1.5')).toBe('0');
  });

  it('answers up to the largest safe integer of units, and undefined one unit past it', () => {
    expect(add('9007199254740990', '1')).toBe('9007199254740991');
    expect(add('9007199254740991', '1')).toBeUndefined();
    expect(subtract('-9007199254740990', '1')).toBe('-9007199254740991');
    expect(subtract('-9007199254740991', '1')).toBeUndefined();
    expect(add('900719925474099.0', '0.1')).toBe('900719925474099.1');
    expect(add('900719925474099.1', '0.1')).toBeUndefined();
  });

  it('answers undefined for a value whose digits a double does not hold exactly, even when the sum is small', () => {
    expect(subtract('90071992547409921', '90071992547409920')).toBeUndefined();
    expect(add('0', '9007199254740992')).toBeUndefined();
    expect(add('9007199254740992', '0')).toBeUndefined();
  });

  it('lines up scales at most 15 digits apart, and answers undefined past that, even for zero', () => {
    expect(add('1', '0.000000000000001')).toBe('1.000000000000001');
    expect(add('0', '0.0000000000000001')).toBeUndefined();
    expect(add('0.0000000000000001', '0')).toBeUndefined();
  });

  it('keeps a safe sum of a scaled term past the safe integers, which is still exact', () => {
    // 900719925474100 at scale 1 is 9007199254741000 units, past 2^53 - 1, yet held exactly.
    expect(subtract('900719925474100', '900719925474099.1')).toBe('0.9');
    expect(add('-900719925474100', '900719925474099.1')).toBe('-0.9');
  });

  it('answers the exact sum exactly when the sum at the larger scale is a safe integer', () => {
    fc.assert(
      fc.property(nearTheLimit, nearTheLimit, fc.constantFrom<1 | -1>(1, -1), (a, b, sign) => {
        const x = unitsOf(a);
        const y = unitsOf(b);
        const scale = Math.max(x.scale, y.scale);
        const units = x.units * 10n ** BigInt(scale - x.scale) + BigInt(sign) * y.units * 10n ** BigInt(scale - y.scale);
        const answers =
          abs(x.units) <= MAX_SAFE && abs(y.units) <= MAX_SAFE && Math.abs(x.scale - y.scale) <= 15 && abs(units) <= MAX_SAFE;
        expect(sumInDoubles(a, scanDecimal(a), b, scanDecimal(b), sign)).toBe(answers ? textOf(units, scale) : undefined);
      }),
      { seed: 21, numRuns: 2000 },
    );
  });
});
