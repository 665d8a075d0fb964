/**
 * reduceOrders refuses a bad limit when the operator is made, naming the option that is wrong.
 */
import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../../src/errors.js';
import { reduceOrders, type ReduceOrdersOptions } from '../../src/operators/reduce-orders.js';

describe('reduceOrders options', () => {
  it.each<[keyof ReduceOrdersOptions, number, string]>([
    ['maxTerminalOrders', -1, 'a whole number, 0 or more (or Infinity)'],
    ['maxTerminalAgeMs', Number.NaN, 'a duration in ms, finite, 0 or more'],
    ['maxPlaceholders', 2.5, 'a whole number, 0 or more (or Infinity)'],
    ['maxForgottenIds', -Infinity, 'a whole number, 0 or more (or Infinity)'],
  ])('refuses a bad %s, naming it', (field, value, rule) => {
    let refused: unknown;
    try {
      reduceOrders({ [field]: value });
    } catch (error: unknown) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ operation: 'config', issues: [{ field, rule }] });
  });
});
