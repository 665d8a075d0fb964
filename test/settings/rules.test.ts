/**
 * The one home of the settings' rules (`src/settings/`): each rule at its boundaries (0 and
 * Infinity, fractions, negatives, NaN, text where a number belongs, null), its words, and how a
 * factory's settings are resolved (an explicit `undefined` is "not given"; every broken rule is one
 * issue of one ValidationError, operation `config`, field and rule in words).
 */
import { describe, expect, it } from '@jest/globals';
import { asyncScheduler, of } from 'rxjs';
import { ValidationError } from '../../src/errors.js';
import { group, optional, required, resolveSettings, setting, settingOf, settingsFor } from '../../src/settings/resolve.js';
import { aFunction, BOOLEAN, count, duration, listOf, NON_EMPTY_TEXT, OBSERVABLE, oneOf, rate, SCHEDULER } from '../../src/settings/rules.js';

function refusal(check: () => unknown): ValidationError {
  try {
    check();
  } catch (error: unknown) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const CARELESS = [Number.NaN, -1, Infinity, -Infinity, null, '5', [], {}, true] as const;

describe('count', () => {
  const rule = count({ min: 0, orInfinity: true });

  it('takes 0, whole numbers and Infinity when allowed', () => {
    for (const value of [0, 3, Number.MAX_SAFE_INTEGER, Infinity]) expect(rule.accepts(value)).toBe(true);
  });

  it.each([-1, 0.5, Number.NaN, -Infinity, Number.MAX_SAFE_INTEGER + 1, null, '3', [3]])('refuses %p', (value) => {
    expect(rule.accepts(value)).toBe(false);
  });

  it('says its bounds in words', () => {
    expect(rule.words).toBe('a whole number, 0 or more (or Infinity)');
    expect(count({ min: 1 }).words).toBe('a whole number, 1 or more');
    expect(count({ min: 1, max: 5 }).words).toBe('a whole number from 1 to 5');
    expect(count({ min: 1 }).accepts(Infinity)).toBe(false);
  });
});

describe('duration', () => {
  it('takes 0 and finite durations, fractions too', () => {
    for (const value of [0, 2.5, 1e12]) expect(duration({ min: 0 }).accepts(value)).toBe(true);
  });

  it.each([-1, -0.5, Number.NaN, Infinity, null, '1000', undefined])('refuses %p', (value) => {
    expect(duration({ min: 0 }).accepts(value)).toBe(false);
  });

  it('holds a lower and an upper bound, inclusive or not, and says them', () => {
    const keepAlive = duration({ min: 1000, below: 3_600_000 });
    expect([999, 1000, 3_599_999, 3_600_000].map((v) => keepAlive.accepts(v))).toEqual([false, true, true, false]);
    expect(keepAlive.words).toBe('a duration in ms from 1000, below 3600000');
    const rollover = duration({ above: 0, max: 86_400_000 });
    expect([0, 1, 86_400_000, 86_400_001].map((v) => rollover.accepts(v))).toEqual([false, true, true, false]);
    expect(rollover.words).toBe('a duration in ms above 0, at most 86400000');
    expect(duration({ min: 0 }).words).toBe('a duration in ms, finite, 0 or more');
    expect(duration({ above: 0 }).words).toBe('a duration in ms, finite, above 0');
    expect(duration({ min: 1, max: 2 ** 31 - 1 }).words).toBe('a duration in ms from 1 to 2147483647');
  });
});

describe('the other rules', () => {
  it('rate: a number, fractions allowed, Infinity only when allowed', () => {
    const perSecond = rate({ above: 0, orInfinity: true });
    expect([0.5, 20, Infinity].every((v) => perSecond.accepts(v))).toBe(true);
    expect([0, -1, Number.NaN, '20'].some((v) => perSecond.accepts(v))).toBe(false);
    expect(perSecond.words).toBe('a number, above 0 (or Infinity)');
  });

  it('oneOf: exactly one of its texts', () => {
    const format = oneOf(['protobuf', 'json'] as const);
    expect(format.accepts('json')).toBe(true);
    expect(['xml', 'JSON', '', null, 1].some((v) => format.accepts(v))).toBe(false);
    expect(format.words).toBe('one of protobuf, json');
  });

  it('listOf: at least one, each known, none twice', () => {
    const kinds = listOf(['account', 'deals', 'orders'] as const);
    expect(kinds.accepts(['deals'])).toBe(true);
    expect(kinds.accepts(['orders', 'account', 'deals'])).toBe(true);
    for (const bad of [[], ['bogus'], ['deals', 'deals'], 'deals', null, [null]]) expect(kinds.accepts(bad)).toBe(false);
    expect(kinds.words).toBe('a list of account, deals, orders: at least one, none twice');
  });

  it('functions, schedulers, Observables, booleans and text are what they say', () => {
    expect(aFunction().accepts(() => 1)).toBe(true);
    expect(aFunction().accepts('Date.now')).toBe(false);
    expect(SCHEDULER.accepts(asyncScheduler)).toBe(true);
    expect(SCHEDULER.accepts({ now: () => 0 })).toBe(false);
    expect(OBSERVABLE.accepts(of(1))).toBe(true);
    expect(OBSERVABLE.accepts(Promise.resolve(1))).toBe(false);
    expect(BOOLEAN.accepts(false)).toBe(true);
    expect(BOOLEAN.accepts('false')).toBe(false);
    expect(NON_EMPTY_TEXT.accepts('a')).toBe(true);
    expect(NON_EMPTY_TEXT.accepts('')).toBe(false);
  });
});

interface Options {
  readonly name: string;
  readonly everyMs?: number;
  readonly limit?: number;
  readonly inner?: { readonly lowMs?: number; readonly highMs?: number };
}

const INNER = settingsFor<NonNullable<Options['inner']>>()(
  { lowMs: setting(duration({ min: 0 }), 10), highMs: setting(duration({ min: 0 }), 20) },
  [{ field: 'highMs', words: 'at least lowMs', holds: (s) => s.highMs >= s.lowMs }],
);
const SETTINGS = settingsFor<Options>()({
  name: required(NON_EMPTY_TEXT),
  everyMs: setting(duration({ above: 0 }), 1000),
  limit: optional(count({ min: 1 })),
  inner: group(INNER),
});

describe('resolveSettings', () => {
  it('fills in the defaults, and an explicit undefined is left out', () => {
    expect(resolveSettings(SETTINGS, { name: 'a', everyMs: undefined, limit: undefined, inner: undefined })).toEqual({
      name: 'a',
      everyMs: 1000,
      limit: undefined,
      inner: { lowMs: 10, highMs: 20 },
    });
  });

  it('refuses every broken rule at once, each an issue naming its field (a group’s with its name) and the rule', () => {
    const error = refusal(() => resolveSettings(SETTINGS, { name: '', everyMs: 0, limit: 0.5, inner: { lowMs: -1 } }));
    expect(error.operation).toBe('config');
    expect(error.issues).toEqual([
      { field: 'name', rule: 'non-empty text' },
      { field: 'everyMs', rule: 'a duration in ms, finite, above 0' },
      { field: 'limit', rule: 'a whole number, 1 or more' },
      { field: 'inner.lowMs', rule: 'a duration in ms, finite, 0 or more' },
    ]);
  });

  it.each(CARELESS)('refuses %p where a duration belongs', (everyMs) => {
    expect(refusal(() => resolveSettings(SETTINGS, { name: 'a', everyMs })).issues).toEqual([{ field: 'everyMs', rule: 'a duration in ms, finite, above 0' }]);
  });

  it('refuses a required field left out, and settings that are not an object', () => {
    expect(refusal(() => resolveSettings(SETTINGS, {})).issues).toEqual([{ field: 'name', rule: 'non-empty text' }]);
    expect(refusal(() => resolveSettings(SETTINGS, null)).issues).toEqual([
      { field: '(options)', rule: 'an object' },
      { field: 'name', rule: 'non-empty text' },
    ]);
    expect(refusal(() => resolveSettings(SETTINGS, { name: 'a', inner: 5 })).issues).toEqual([{ field: 'inner', rule: 'an object' }]);
  });

  it('checks a rule between fields once each field keeps its own, with the defaults filled in', () => {
    expect(refusal(() => resolveSettings(SETTINGS, { name: 'a', inner: { lowMs: 30 } })).issues).toEqual([{ field: 'inner.highMs', rule: 'at least lowMs' }]);
    expect(resolveSettings(SETTINGS, { name: 'a', inner: { lowMs: 30, highMs: 30 } }).inner).toEqual({ lowMs: 30, highMs: 30 });
  });

  it('never repeats a value in what it refuses', () => {
    const error = refusal(() => resolveSettings(SETTINGS, { name: 'a', everyMs: 'SECRET-VALUE' as unknown as number }));
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain('SECRET-VALUE');
  });
});

describe('settingOf', () => {
  it('gives the value, or the fallback when it is left out, and refuses a broken rule with its words', () => {
    expect(settingOf('maxPages', undefined, count({ min: 0, orInfinity: true }), 7)).toBe(7);
    expect(settingOf('maxPages', 0, count({ min: 0, orInfinity: true }), 7)).toBe(0);
    expect(refusal(() => settingOf('maxPages', -1, count({ min: 0, orInfinity: true }), 7)).issues).toEqual([
      { field: 'maxPages', rule: 'a whole number, 0 or more (or Infinity)' },
    ]);
  });
});
