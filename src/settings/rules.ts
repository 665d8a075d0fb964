/**
 * The rules a setting is checked against, each with its words: the one home of the check and of
 * the text a `ValidationError` and docs/configuration.md show. Every factory's settings are
 * written with these (`resolve.ts` applies them).
 *
 * @module
 */
import { isObservable, type Observable, type SchedulerLike } from 'rxjs';

/** A rule of a setting: its words and its check. */
export interface Rule<T> {
  /** The rule in words, as a `ValidationIssue`'s `rule` and docs/configuration.md state it. */
  readonly words: string;
  /** Whether `value` keeps the rule. */
  accepts(value: unknown): value is T;
}

/**
 * The longest delay a timer of Node or a browser holds (2^31 - 1 ms, about 24.8 days): a longer
 * one fires after 1 ms. Delays the library schedules itself are cut into steps no longer than this
 * (`src/long-delays.ts`); a setting handed to a timer the library does not own is bounded by it.
 */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Bounds of a number: at most one lower (`min` or `above`) and one upper (`max` or `below`). */
export interface Bounds {
  /** The least value allowed. */
  readonly min?: number;
  /** Values must be greater than this. */
  readonly above?: number;
  /** The greatest value allowed. */
  readonly max?: number;
  /** Values must be less than this. */
  readonly below?: number;
  /** Whether `Infinity` is allowed too (for "no limit"). */
  readonly orInfinity?: boolean;
}

function within(value: number, bounds: Bounds): boolean {
  return (
    (bounds.min === undefined || value >= bounds.min) &&
    (bounds.above === undefined || value > bounds.above) &&
    (bounds.max === undefined || value <= bounds.max) &&
    (bounds.below === undefined || value < bounds.below)
  );
}

function boundWords(noun: string, bounds: Bounds, whole: boolean): string {
  const { min, above, max, below } = bounds;
  const lower = min !== undefined ? `${min} or more` : above !== undefined ? `above ${above}` : undefined;
  const upper = max !== undefined ? `at most ${max}` : below !== undefined ? `below ${below}` : undefined;
  const infinity = bounds.orInfinity === true ? ' (or Infinity)' : '';
  if (min !== undefined && max !== undefined) return `${noun} from ${min} to ${max}${infinity}`;
  if (lower !== undefined && upper !== undefined) return `${noun} ${min !== undefined ? `from ${min}` : lower}, ${upper}${infinity}`;
  if (upper !== undefined) return `${noun}, ${upper}${infinity}`;
  // Without an upper bound, "finite" says that Infinity is refused (unless it is allowed by name);
  // a whole number is finite by its name.
  return `${noun}, ${infinity === '' && !whole ? 'finite, ' : ''}${lower ?? 'any'}${infinity}`;
}

/**
 * A number of ms within `bounds` (finite unless `orInfinity`).
 *
 * @example
 * ```ts
 * duration({ min: 0 }).words; // 'a duration in ms, finite, 0 or more'
 * duration({ min: 1000, below: 3_600_000 }).words; // 'a duration in ms from 1000, below 3600000'
 * duration({ min: 100 }).accepts(Number.NaN); // false
 * ```
 */
export function duration(bounds: Bounds): Rule<number> {
  return numberRule('a duration in ms', bounds, false);
}

/**
 * A whole number within `bounds` (a safe integer, or `Infinity` when allowed).
 *
 * @example
 * ```ts
 * count({ min: 0, orInfinity: true }).words; // 'a whole number, 0 or more (or Infinity)'
 * count({ min: 1 }).accepts(2.5); // false
 * ```
 */
export function count(bounds: Bounds): Rule<number> {
  return numberRule('a whole number', bounds, true);
}

/**
 * A number within `bounds`, fractions allowed.
 *
 * @example
 * ```ts
 * rate({ above: 0, orInfinity: true }).words; // 'a number, above 0 (or Infinity)'
 * ```
 */
export function rate(bounds: Bounds): Rule<number> {
  return numberRule('a number', bounds, false);
}

function numberRule(noun: string, bounds: Bounds, whole: boolean): Rule<number> {
  return {
    words: boundWords(noun, bounds, whole),
    accepts: (value): value is number =>
      typeof value === 'number' &&
      ((value === Infinity && bounds.orInfinity === true) || ((whole ? Number.isSafeInteger(value) : Number.isFinite(value)) && within(value, bounds))),
  };
}

/**
 * One of a few texts.
 *
 * @example
 * ```ts
 * oneOf(['protobuf', 'json'] as const).words; // 'one of protobuf, json'
 * ```
 */
export function oneOf<T extends string>(values: readonly T[]): Rule<T> {
  return { words: `one of ${values.join(', ')}`, accepts: (value): value is T => values.includes(value as T) };
}

/**
 * A list of some of `values`: at least one, none twice.
 *
 * @example
 * ```ts
 * listOf(['account', 'deals', 'orders'] as const).accepts(['deals', 'deals']); // false
 * ```
 */
export function listOf<T extends string>(values: readonly T[]): Rule<readonly T[]> {
  return {
    words: `a list of ${values.join(', ')}: at least one, none twice`,
    accepts: (value): value is readonly T[] =>
      Array.isArray(value) && value.length > 0 && new Set(value).size === value.length && value.every((item) => values.includes(item as T)),
  };
}

/** Text of at least one character. */
export const NON_EMPTY_TEXT: Rule<string> = { words: 'non-empty text', accepts: (value): value is string => typeof value === 'string' && value !== '' };

/** `true` or `false`. */
export const BOOLEAN: Rule<boolean> = { words: 'true or false', accepts: (value): value is boolean => typeof value === 'boolean' };

const FUNCTION: Rule<(...args: never[]) => unknown> = {
  words: 'a function',
  accepts: (value): value is (...args: never[]) => unknown => typeof value === 'function',
};

/**
 * A function (a clock, a signer, a factory...): its arguments and result are the types' to say,
 * and cannot be checked before it is called.
 *
 * @example
 * ```ts
 * const clock = setting(aFunction<() => number>(), Date.now);
 * ```
 */
export function aFunction<F extends (...args: never[]) => unknown>(): Rule<F> {
  return FUNCTION as Rule<F>;
}

/**
 * Whether `value` is an rxjs scheduler: an object with `schedule` and `now`.
 *
 * @example
 * ```ts
 * isScheduler(asyncScheduler); // true
 * ```
 */
export function isScheduler(value: unknown): value is SchedulerLike {
  return typeof value === 'object' && value !== null && typeof (value as SchedulerLike).schedule === 'function' && typeof (value as SchedulerLike).now === 'function';
}

/** An rxjs scheduler. */
export const SCHEDULER: Rule<SchedulerLike> = { words: 'an rxjs scheduler (with schedule and now)', accepts: isScheduler };

/** Any value at all: what it must be is the types' to say (a store's `initial`). */
export const ANY_VALUE: Rule<unknown> = { words: 'any value', accepts: (_value): _value is unknown => true };

/** An rxjs Observable. */
export const OBSERVABLE: Rule<Observable<unknown>> = { words: 'an Observable', accepts: (value): value is Observable<unknown> => isObservable(value) };

