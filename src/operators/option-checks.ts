/**
 * Checks of the operators' numeric options: a wrong value is a {@link ValidationError} when the
 * operator is made, not a surprise later.
 *
 * @module
 */
import { ValidationError } from '../errors.js';

/**
 * A count option (a whole number, 0 or more, or `Infinity`), or its default when left out.
 *
 * @throws ValidationError (operation `config`) when the value is not such a number.
 * @example
 * ```ts
 * countOption('maxTerminalOrders', undefined, 10_000); // 10000
 * countOption('maxTerminalOrders', -1, 10_000); // throws ValidationError
 * ```
 */
export function countOption(field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (value === Infinity || (Number.isSafeInteger(value) && value >= 0)) return value;
  throw new ValidationError({ operation: 'config', issues: [{ field, rule: 'a whole number, 0 or more (or Infinity)' }] });
}

/**
 * A duration option in ms (finite, 0 or more), or `undefined` when left out.
 *
 * @throws ValidationError (operation `config`) when the value is not such a number.
 * @example
 * ```ts
 * durationOption('maxTerminalAgeMs', 60_000); // 60000
 * durationOption('maxTerminalAgeMs', NaN); // throws ValidationError
 * ```
 */
export function durationOption(field: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (Number.isFinite(value) && value >= 0) return value;
  throw new ValidationError({ operation: 'config', issues: [{ field, rule: 'a duration in ms, finite, 0 or more' }] });
}
