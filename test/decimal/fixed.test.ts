/** The simulator's fixed-point amounts: exact sums, shortest text, the vocabulary's texts only. */
import { describe, expect, it } from '@jest/globals';
import { decimal, divideDecimal, formatDecimal, multiplyDecimal, parseDecimal } from '../../src/decimal/fixed.js';

describe('fixed-point amounts (units of 10^-30)', () => {
  it('adds without float error and prints the shortest exact text', () => {
    expect(formatDecimal(decimal('0.1') + decimal('0.2'))).toBe('0.3');
    expect(formatDecimal(decimal('100.500'))).toBe('100.5');
    expect(formatDecimal(decimal('10') - decimal('10.000000000000000000000000000001'))).toBe('-0.000000000000000000000000000001');
    expect(formatDecimal(0n)).toBe('0');
    expect(formatDecimal(decimal('123456789012345678901234567890.5'))).toBe('123456789012345678901234567890.5');
  });

  it('refuses text that is not a plain decimal', () => {
    for (const text of ['', '1e3', '.5', '1.', '0x10', '1.0000000000000000000000000000001', 'NaN', '+1', '007']) {
      expect(parseDecimal(text)).toBeUndefined();
    }
    expect(() => decimal('abc')).toThrow(RangeError);
    expect(() => decimal('1e3')).toThrow('not a decimal amount: "1e3"');
  });

  it('multiplies and divides, truncating past 30 fraction digits', () => {
    expect(formatDecimal(multiplyDecimal(decimal('0.5'), decimal('30000.1')))).toBe('15000.05');
    expect(formatDecimal(divideDecimal(decimal('15000.05'), decimal('0.5')))).toBe('30000.1');
    expect(formatDecimal(divideDecimal(decimal('1'), decimal('3')))).toBe(`0.${'3'.repeat(30)}`);
    expect(divideDecimal(decimal('1'), 0n)).toBe(0n);
  });
});
