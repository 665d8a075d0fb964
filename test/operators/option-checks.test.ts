/**
 * The checks of the operators' numeric options, at their boundaries: 0 and Infinity, fractions,
 * negatives, NaN, and the exact ValidationError (operation `config`, the field, the rule).
 */
import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../../src/errors.js';
import { countOption, durationOption } from '../../src/operators/option-checks.js';

function refusal(check: () => unknown): unknown {
  try {
    check();
  } catch (error: unknown) {
    return error;
  }
  throw new Error('not refused');
}

describe('countOption', () => {
  it('gives the default when left out, and takes 0, whole numbers and Infinity', () => {
    expect(countOption('maxPages', undefined, 7)).toBe(7);
    expect(countOption('maxPages', 0, 7)).toBe(0);
    expect(countOption('maxPages', 3, 7)).toBe(3);
    expect(countOption('maxPages', Number.MAX_SAFE_INTEGER, 7)).toBe(Number.MAX_SAFE_INTEGER);
    expect(countOption('maxPages', Infinity, 7)).toBe(Infinity);
  });

  it.each([-1, 0.5, Number.NaN, -Infinity, Number.MAX_SAFE_INTEGER + 1])('refuses %p, naming the field and the rule', (value) => {
    const error = refusal(() => countOption('maxPlaceholders', value, 7));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ operation: 'config', issues: [{ field: 'maxPlaceholders', rule: 'a whole number, 0 or more (or Infinity)' }] });
  });
});

describe('durationOption', () => {
  it('gives undefined when left out, and takes 0 and finite durations', () => {
    expect(durationOption('maxTerminalAgeMs', undefined)).toBeUndefined();
    expect(durationOption('maxTerminalAgeMs', 0)).toBe(0);
    expect(durationOption('maxTerminalAgeMs', 2.5)).toBe(2.5);
  });

  it.each([-1, -0.5, Number.NaN, Infinity])('refuses %p, naming the field and the rule', (value) => {
    const error = refusal(() => durationOption('maxTerminalAgeMs', value));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ operation: 'config', issues: [{ field: 'maxTerminalAgeMs', rule: 'a duration in ms, finite, 0 or more' }] });
  });
});
