/**
 * The decimal helpers: exact sums and comparisons on decimal text, checked against bigint
 * arithmetic on the same values. Which texts they read is the shared vocabulary (vocabulary.test.ts).
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addDecimal, compareDecimal, subtractDecimal, sumDecimals } from '../../src/decimal/arithmetic.js';
import { isDecimal } from '../../src/decimal/text.js';
import { fixed } from '../operators/lifecycles.js';

/** A decimal text with its value as units of 10^-8. */
const decimal = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 8 })).map(([units, scale]) => {
  const text = units < 0n ? `-${fixed(-units, scale)}` : fixed(units, scale);
  return { text, value: units * 10n ** BigInt(8 - scale) };
});

/**
 * A decimal of 13 to 18 digits at scales up to 18, written with or without trailing zeros and as
 * `-0`: values on both sides of what a double holds exactly, where the arithmetic switches from
 * doubles to bigint.
 */
const nearTheLimit = fc
  .tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 18 }), fc.integer({ min: 0, max: 2 }), fc.boolean())
  .map(([units, scale, padding, negativeZero]) => {
    const magnitude = units < 0n ? -units : units;
    const shortest = fixed(magnitude, scale);
    const digits = shortest.includes('.') ? `${shortest}${'0'.repeat(padding)}` : shortest;
    const text = units < 0n || (units === 0n && negativeZero) ? `-${digits}` : digits;
    return { text, value: units * 10n ** BigInt(18 - scale) };
  });

/** The exact text of units of 10^-18. */
const unitsText = (units: bigint): string => (units < 0n ? `-${fixed(-units, 18)}` : fixed(units, 18));

describe('decimal helpers', () => {
  it('add without float rounding', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(sumDecimals(['0.1', '0.2', '0.3'])).toBe('0.6');
    expect(addDecimal('1.50', '0')).toBe('1.5');
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('1', '1.000')).toBe('0');
    expect(addDecimal('-0.5', '0.25')).toBe('-0.25');
    expect(addDecimal('0.00000001', '0.00000002')).toBe('0.00000003');
    expect(addDecimal('-0', '0')).toBe('0');
  });

  it('compare by value, not by text', () => {
    expect(compareDecimal('10.5', '9.75')).toBe(1);
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('-2', '-10')).toBe(1);
    expect(compareDecimal('0.000001', '0')).toBe(1);
  });

  it('refuse text that is not a decimal', () => {
    expect(isDecimal('12.5')).toBe(true);
    expect(isDecimal('')).toBe(false);
    expect(isDecimal('.')).toBe(false);
    expect(isDecimal('1,5')).toBe(false);
    expect(() => addDecimal('ten', '1')).toThrow(RangeError);
    // The message names the text that was refused, quoted, so a log line points at the bad value.
    expect(() => addDecimal('1', '1e3')).toThrow('not a decimal: "1e3"');
    expect(() => compareDecimal('+1', '1')).toThrow('not a decimal: "+1"');
    // Exponents are not decimal text: a JSON number is turned into plain text when it is read.
    expect(() => addDecimal('1e-8', '1')).toThrow(RangeError);
    expect(() => compareDecimal('.5', '.5')).toThrow(RangeError);
  });

  it('agree with bigint arithmetic where doubles stop being exact (15 to 17 digits, any scale)', () => {
    fc.assert(
      fc.property(nearTheLimit, nearTheLimit, (a, b) => {
        expect(addDecimal(a.text, b.text)).toBe(unitsText(a.value + b.value));
        expect(subtractDecimal(a.text, b.text)).toBe(unitsText(a.value - b.value));
        expect(compareDecimal(a.text, b.text)).toBe(a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
      }),
      { seed: 12, numRuns: 2000 },
    );
    expect(addDecimal('9007199254740991', '1')).toBe('9007199254740992');
    expect(addDecimal('999999999999999', '0.1')).toBe('999999999999999.1');
    expect(subtractDecimal('-0.000000000000001', '999999999999999')).toBe('-999999999999999.000000000000001');
    expect(compareDecimal('-0', '0.000')).toBe(0);
    expect(compareDecimal('-0.0', '-0')).toBe(0);
    expect(compareDecimal('-0.01', '0')).toBe(-1);
  });

  it('agree with bigint arithmetic on any values', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const sum = addDecimal(a.text, b.text);
        const difference = subtractDecimal(a.text, b.text);
        const [sumUnits, differenceUnits] = [a.value + b.value, a.value - b.value];
        const asText = (units: bigint): string => (units < 0n ? `-${fixed(-units, 8)}` : fixed(units, 8));
        expect(sum).toBe(asText(sumUnits));
        expect(difference).toBe(asText(differenceUnits));
        expect(compareDecimal(a.text, b.text)).toBe(a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});
