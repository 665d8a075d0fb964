/**
 * Decimal text read in place (`src/decimal/scan.ts`): the layout `scanDecimal` answers (where the
 * point is, and the sign), and what the arithmetic reads from it: comparisons, the digits as a safe
 * integer, the number of fraction digits.
 */
import { describe, expect, it } from '@jest/globals';
import { compareScanned, scaleOf, scanDecimal, smallUnits } from '../../src/decimal/scan.js';

const compare = (a: string, b: string): number => compareScanned(a, scanDecimal(a), b, scanDecimal(b));

describe('scanDecimal', () => {
  it('answers where the point is, times two, plus one when the text is negative', () => {
    expect(scanDecimal('0')).toBe(2);
    expect(scanDecimal('9')).toBe(2);
    expect(scanDecimal('10')).toBe(4);
    expect(scanDecimal('-0')).toBe(5);
    expect(scanDecimal('-1.5')).toBe(5);
    expect(scanDecimal('123.0')).toBe(6);
    expect(scanDecimal('0.09')).toBe(2);
    expect(scanDecimal('-987654321.123456789')).toBe(21);
  });

  it('answers -1 for text that is not a decimal of the vocabulary', () => {
    for (const bad of ['', '-', '--1', '+1', '.', '.5', '-.5', '5.', '1..5', '1.2.3', '01', '007', '-01', '1e3', '1.5e2', ' 1', '1 ', '/', ':', '1/', '1:', '1.:', '1./', '0x10', 'a']) {
      expect([bad, scanDecimal(bad)]).toEqual([bad, -1]);
    }
  });
});

describe('compareScanned', () => {
  it('orders by value: whole parts by length then digits, then fraction digits, trailing zeros ignored', () => {
    expect(compare('10', '9')).toBe(1);
    expect(compare('9', '10')).toBe(-1);
    expect(compare('25', '19')).toBe(1);
    expect(compare('12', '13')).toBe(-1);
    expect(compare('13', '12')).toBe(1);
    expect(compare('-12', '-13')).toBe(1);
    expect(compare('19', '25')).toBe(-1);
    expect(compare('1.05', '1.5')).toBe(-1);
    expect(compare('1.5', '1.05')).toBe(1);
    expect(compare('1.5', '1.50')).toBe(0);
    expect(compare('1.500', '1.5')).toBe(0);
    expect(compare('1.5', '1.501')).toBe(-1);
    expect(compare('1.501', '1.5')).toBe(1);
    expect(compare('2', '2.0001')).toBe(-1);
  });

  it('orders negative values the other way, and answers a plain 0 (never -0) for equal ones', () => {
    expect(compare('-10', '-9')).toBe(-1);
    expect(compare('-1.05', '-1.5')).toBe(1);
    expect(compare('-1.5', '1')).toBe(-1);
    expect(compare('1', '-1.5')).toBe(1);
    expect(compare('-2.50', '-2.5')).toBe(0);
    expect(compare('-0', '0.00')).toBe(0);
    expect(compare('0', '-0.0')).toBe(0);
    expect(compare('-0.001', '0')).toBe(-1);
    expect(compare('0', '-0.001')).toBe(1);
    expect(compare('-0', '0.001')).toBe(-1);
  });
});

describe('smallUnits and scaleOf', () => {
  it('read the digits as an integer, sign included, up to the largest safe integer', () => {
    expect(smallUnits('-1.25', scanDecimal('-1.25'))).toBe(-125);
    expect(smallUnits('0.006016465074677006', scanDecimal('0.006016465074677006'))).toBe(6016465074677006);
    expect(smallUnits('9007199254740991', scanDecimal('9007199254740991'))).toBe(9007199254740991);
    expect(smallUnits('-900719925474099.1', scanDecimal('-900719925474099.1'))).toBe(-9007199254740991);
    expect(smallUnits('9007199254740992', scanDecimal('9007199254740992'))).toBeUndefined();
    expect(smallUnits('0.9007199254740992', scanDecimal('0.9007199254740992'))).toBeUndefined();
    expect(smallUnits('12345678901234567890', scanDecimal('12345678901234567890'))).toBeUndefined();
  });

  it('count the fraction digits, trailing zeros included', () => {
    expect(scaleOf('12', scanDecimal('12'))).toBe(0);
    expect(scaleOf('-7', scanDecimal('-7'))).toBe(0);
    expect(scaleOf('1.250', scanDecimal('1.250'))).toBe(3);
    expect(scaleOf('-0.5', scanDecimal('-0.5'))).toBe(1);
  });
});
