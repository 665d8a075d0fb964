/**
 * Sums too long for doubles, which go through `bigint` (`src/decimal/arithmetic.ts`): the same
 * shortest text as the fast path, zero included.
 */
import { describe, expect, it } from '@jest/globals';
import { addDecimal, subtractDecimal } from '../../src/decimal/arithmetic.js';

describe('a sum past the safe integers', () => {
  it('prints zero as an unsigned 0, whatever the scales and signs', () => {
    expect(subtractDecimal('12345678901234567890.25', '12345678901234567890.250')).toBe('0');
    expect(addDecimal('-12345678901234567890', '12345678901234567890')).toBe('0');
    expect(addDecimal('-0.00000000000000000001', '0.00000000000000000001')).toBe('0');
  });

  it('keeps the sign and the shortest fraction of a value that is not zero', () => {
    expect(addDecimal('-12345678901234567890.5', '0.25')).toBe('-12345678901234567890.25');
    expect(subtractDecimal('12345678901234567890', '12345678901234567890.5')).toBe('-0.5');
    expect(addDecimal('12345678901234567889.75', '0.25')).toBe('12345678901234567890');
  });
});
