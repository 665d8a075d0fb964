/**
 * JSON numbers read exactly (`src/decimal/json-number.ts`, `src/decimal/exact-json.ts`), at the
 * edges the broader tests (exact-json.test.ts) do not reach: exponents written with leading zeros
 * or a sign, exponents too long to read, and the parse's shortcut when no number would change.
 */
import { describe, expect, it } from '@jest/globals';
import { JsonNumberText, keepExactNumbers } from '../../src/decimal/exact-json.js';
import { keepsValueAsDouble, plainDecimalOf } from '../../src/decimal/json-number.js';

describe('plainDecimalOf', () => {
  it('reads an exponent written with a sign or leading zeros by its value', () => {
    expect(plainDecimalOf('1e+0000002')).toBe('100');
    expect(plainDecimalOf('1E-000003')).toBe('0.001');
    expect(plainDecimalOf('25e0000000')).toBe('25');
    expect(plainDecimalOf('5e-0000001000')).toBe(`0.${'0'.repeat(999)}5`);
  });

  it('refuses an exponent of more than six digits, even on zero', () => {
    expect(plainDecimalOf('0e1234567')).toBeUndefined();
    expect(plainDecimalOf('1e-1234567')).toBeUndefined();
    expect(plainDecimalOf('0e123456')).toBe('0');
  });

  it('moves the point across the digits, both ways, keeping the sign', () => {
    expect(plainDecimalOf('15')).toBe('15');
    expect(plainDecimalOf('1500')).toBe('1500');
    expect(plainDecimalOf('-1.5e1')).toBe('-15');
    expect(plainDecimalOf('-0.05')).toBe('-0.05');
    expect(plainDecimalOf('0.050')).toBe('0.05');
    expect(plainDecimalOf('12.5e-1')).toBe('1.25');
    expect(plainDecimalOf('-0.0e5')).toBe('0');
    expect(plainDecimalOf('1e-1000')).toBe(`0.${'0'.repeat(999)}1`);
  });
});

describe('keepsValueAsDouble', () => {
  it('says no for a number whose exponent cannot be read, even when a double holds its value', () => {
    expect(keepsValueAsDouble('0e1234567')).toBe(false);
    expect(keepsValueAsDouble('0e123456')).toBe(true);
  });

  it('says yes for a fraction written with leading zeros that a double prints with an exponent', () => {
    expect(keepsValueAsDouble('0.0000001')).toBe(true);
    expect(keepsValueAsDouble('-0.00000000025')).toBe(true);
  });

  it('says no when the double nearest the value has other digits at the same power of ten', () => {
    expect(keepsValueAsDouble('9007199254740993')).toBe(false);
  });

  it('compares the value, not the spelling', () => {
    expect(keepsValueAsDouble('-1.50e2')).toBe(true);
    expect(keepsValueAsDouble('-0.0')).toBe(true);
    expect(keepsValueAsDouble('1')).toBe(true);
    expect(keepsValueAsDouble('1.0000000000000000001')).toBe(false);
  });
});

describe('keepExactNumbers', () => {
  it('hands back what JSON.parse made, the very same value, when no number would change', () => {
    const text = '{"a":0.1,"b":[1,2],"c":"12345678901234567891"}';
    const parsed: unknown = JSON.parse(text);
    expect(keepExactNumbers(text, parsed)).toBe(parsed);
    const long = '{"a":1234567890123456}';
    const parsedLong: unknown = JSON.parse(long);
    expect(keepExactNumbers(long, parsedLong)).toBe(parsedLong);
  });

  it('parses again when one would, keeping the last of a repeated name', () => {
    const text = '{"k":1,"k":2,"x":12345678901234567891}';
    expect(keepExactNumbers(text, JSON.parse(text))).toEqual({ k: 2, x: new JsonNumberText('12345678901234567891') });
  });
});
