/**
 * `mexc-rx/decimal` given what a careless caller (plain JavaScript, a value from `JSON.parse`, a
 * number where text belongs) hands it: every check says false for anything but decimal text, and
 * every arithmetic function throws the documented `RangeError`, never a `TypeError` or a result
 * computed from a coerced value. Tried on every function the entry exports.
 */
import { describe, expect, it } from '@jest/globals';
import * as decimal from '../../src/decimal/index.js';

/** Values that are not text, or look like decimal text only once coerced to a string. */
const NOT_TEXT: readonly (readonly [string, unknown])[] = [
  ['the number 5', 5],
  ['the number 0.5', 0.5],
  ['NaN', Number.NaN],
  ['a bigint', 5n],
  ['an array holding "1"', ['1']],
  ['an array holding "1" and "2"', ['1', '2']],
  ['null', null],
  ['undefined', undefined],
  ['true', true],
  ['a boxed string "1"', Object('1')],
  ['an object whose toString gives "1"', { toString: () => '1' }],
  ['a symbol', Symbol('1')],
];

/** A value of `NOT_TEXT` used where a string parameter is typed: the caller has no types. */
const asText = (value: unknown): string => value as string;

describe('the decimal checks given anything but text', () => {
  it.each(NOT_TEXT)('isDecimal and isNonNegativeDecimal say false for %s', (_name, value) => {
    expect(decimal.isDecimal(asText(value))).toBe(false);
    expect(decimal.isNonNegativeDecimal(asText(value))).toBe(false);
  });
});

describe('the decimal arithmetic given anything but decimal text', () => {
  it.each(NOT_TEXT)('addDecimal, subtractDecimal and compareDecimal throw a RangeError for %s, on either side', (_name, value) => {
    for (const call of [decimal.addDecimal, decimal.subtractDecimal, decimal.compareDecimal]) {
      expect(() => call(asText(value), '1')).toThrow(RangeError);
      expect(() => call('1', asText(value))).toThrow(RangeError);
    }
  });

  it.each(NOT_TEXT)('sumDecimals throws a RangeError for %s in the list, or as the list', (_name, value) => {
    expect(() => decimal.sumDecimals(['1', asText(value)])).toThrow(RangeError);
    // A string is iterable (its characters) and an array of texts is a list: neither is a value here.
    if (typeof value !== 'object' || value === null || !Array.isArray(value)) expect(() => decimal.sumDecimals(value as Iterable<string>)).toThrow(RangeError);
  });

  it('sumDecimals refuses one text given as the list instead of summing its characters', () => {
    expect(() => decimal.sumDecimals('15' as unknown as Iterable<string>)).toThrow(RangeError);
    expect(decimal.sumDecimals(['15'])).toBe('15');
  });

  it('names what it refused without printing a value that is not text', () => {
    expect(() => decimal.addDecimal(asText(5n), '1')).toThrow('not a decimal: a bigint');
    expect(() => decimal.addDecimal('1', asText(['1']))).toThrow('not a decimal: an object');
    expect(() => decimal.compareDecimal(asText(null), '1')).toThrow('not a decimal: null');
    expect(() => decimal.sumDecimals(asText(5) as unknown as Iterable<string>)).toThrow('not a list of decimals: a number');
  });
});
