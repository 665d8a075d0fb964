/**
 * A factory's settings as data: each field with its rule and its default, groups of fields (a
 * stream's `backoff`), and rules that tie fields together. {@link resolveSettings} checks what a
 * user gave against them when the factory is called, and fills in the defaults: one home for each
 * rule; each default is written once, in the options type's defaults constant ({@link DefaultsOf}),
 * and docs/configuration.md's tables are generated from both (`npm run docs:config`).
 *
 * @module
 */
import { ValidationError, type ValidationIssue } from '../errors.js';
import { isSettingsObject, readSetting, refuseUnknownNames, UNREADABLE } from './given.js';
import type { Rule } from './rules.js';

/** A field: its rule and its default (`undefined`: none, or one the factory works out). */
export interface ValueSetting<T> {
  readonly rule: Rule<Exclude<T, undefined>>;
  readonly default: T;
  /** The field must be given (it has no default). */
  readonly required?: boolean;
}

/** A field that is itself a group of settings (an object, every field optional). */
export interface GroupSetting<S extends Schema> {
  readonly group: Settings<S>;
}

/** The fields of a factory's settings, by name. */
export interface Schema {
  readonly [field: string]: ValueSetting<unknown> | GroupSetting<Schema>;
}

/** The settings with every default filled in. */
export type Resolved<S extends Schema> = {
  readonly [K in keyof S]: S[K] extends GroupSetting<infer G> ? Resolved<G> : S[K] extends ValueSetting<infer T> ? T : never;
};

/** A rule between fields, checked once each field keeps its own: its words, and the field it names. */
export interface Relation<R> {
  readonly field: string;
  readonly words: string;
  holds(settings: R): boolean;
}

/** A factory's settings: its fields and the rules between them. */
export interface Settings<S extends Schema> {
  readonly fields: S;
  readonly relations: readonly Relation<Resolved<S>>[];
  /**
   * Names the factory takes besides its fields, checked elsewhere (a call's options, checked by
   * each call; the stream settings of `userDataStreams`). Any other name is refused.
   */
  readonly alsoKnown: readonly string[];
}

/**
 * A field with a default.
 *
 * @example
 * ```ts
 * const pingIntervalMs = setting(duration({ min: 100 }), 20_000);
 * ```
 */
export function setting<T>(rule: Rule<T>, fallback: T): ValueSetting<T> {
  return { rule: rule as Rule<Exclude<T, undefined>>, default: fallback };
}

/**
 * A field without a default: `undefined` when left out.
 *
 * @example
 * ```ts
 * const maxTerminalAgeMs = optional(duration({ min: 0 }));
 * ```
 */
export function optional<T>(rule: Rule<T>): ValueSetting<T | undefined> {
  return { rule: rule as Rule<Exclude<T | undefined, undefined>>, default: undefined };
}

/**
 * A field that must be given: left out, it breaks its rule.
 *
 * @example
 * ```ts
 * const worker = required(WORKER_NAME);
 * ```
 */
export function required<T>(rule: Rule<T>): ValueSetting<T> {
  return { rule: rule as Rule<Exclude<T, undefined>>, default: undefined as T, required: true };
}

/**
 * A field that is a group of settings.
 *
 * @example
 * ```ts
 * const backoff = group(BACKOFF_SETTINGS);
 * ```
 */
export function group<S extends Schema>(settings: Settings<S>): GroupSetting<S> {
  return { group: settings };
}

/**
 * What the settings of options `O` must hold: a field for each option (a missing one does not
 * compile), whose rule gives values of the option's type.
 */
export type FieldsOf<O> = {
  readonly [K in keyof O]-?: ValueSetting<O[K]> | ValueSetting<Exclude<O[K], undefined>> | GroupSetting<Schema>;
};

/**
 * What the defaults constant of options `O` may hold: a value of each option's own type, under
 * its own name (a name `O` does not have, or a value of another type, does not compile). Each
 * options type has one such constant (`CLIENT_DEFAULTS`, `as const satisfies DefaultsOf<ClientConfig>`):
 * its settings take each default from it, and docs/configuration.md's tables are generated from it.
 *
 * @example
 * ```ts
 * export const RETRY_DEFAULTS = { limit: 2, baseDelayMs: 250 } as const satisfies DefaultsOf<RetryOptions>;
 * const RETRY_SETTINGS = settingsFor<RetryOptions>()({ limit: setting(count({ min: 0 }), RETRY_DEFAULTS.limit), ... });
 * ```
 */
export type DefaultsOf<O> = {
  readonly [K in keyof O]?: Exclude<O[K], undefined>;
};

/**
 * The settings of options `O`, from their fields, the rules between them, and the names it takes
 * besides its fields (checked elsewhere; see {@link namesOf}). A name neither a field nor one of
 * those is refused.
 *
 * @example
 * ```ts
 * const RETRY = settingsFor<RetryOptions>()(
 *   { limit: setting(count({ min: 0 }), 2), baseDelayMs: setting(duration({ min: 0 }), 250), maxDelayMs: setting(duration({ min: 0 }), 5000) },
 *   [{ field: 'maxDelayMs', words: 'at least baseDelayMs', holds: (s) => s.maxDelayMs >= s.baseDelayMs }],
 * );
 * ```
 */
export function settingsFor<O>(): <S extends FieldsOf<O> & Schema>(fields: S, relations?: readonly Relation<Resolved<S>>[], alsoKnown?: readonly string[]) => Settings<S> {
  return (fields, relations = [], alsoKnown = []) => ({ fields, relations, alsoKnown });
}

/**
 * Every name of options `O`, from an object with each of them as a key: a name left out, or one
 * `O` does not have, does not compile. For the names a factory takes and checks elsewhere.
 *
 * @example
 * ```ts
 * const CALL_OPTION_NAMES = namesOf<CallOptions>()({ recvWindow: true, timeout: true }); // ['recvWindow', 'timeout']
 * ```
 */
export function namesOf<O>(): (names: { readonly [K in keyof Required<O>]: true }) => readonly string[] {
  return (names) => Object.keys(names);
}

/** Whether `value` keeps `rule`: a value whose reading throws inside (a getter, a Proxy) does not. */
function keeps<T>(rule: Rule<T>, value: unknown): value is T {
  try {
    return rule.accepts(value);
  } catch {
    return false;
  }
}

function isGroup(entry: ValueSetting<unknown> | GroupSetting<Schema>): entry is GroupSetting<Schema> {
  return 'group' in entry;
}

/**
 * Checks `given` against `settings`, adding an issue per broken rule to `issues` (fields named
 * after `prefix`), and returns the settings with defaults filled in (meaningful only when no issue
 * was added). A field given as `undefined` counts as left out; each is read once, and one whose
 * reading throws (a getter, a Proxy) is an issue of its own. A name that is not a setting is an
 * issue too, with the nearest known names.
 *
 * @example
 * ```ts
 * const issues: ValidationIssue[] = [];
 * const backoff = checkSettings(BACKOFF_SETTINGS, options.backoff, issues, 'backoff.');
 * ```
 */
export function checkSettings<S extends Schema>(settings: Settings<S>, given: unknown, issues: ValidationIssue[], prefix = ''): Resolved<S> {
  const before = issues.length;
  const whole = prefix === '' ? '(options)' : prefix.slice(0, -1);
  const values = isSettingsObject(given) ? (given ?? {}) : {};
  if (!isSettingsObject(given)) issues.push({ field: whole, rule: 'an object' });
  const resolved: Record<string, unknown> = {};
  for (const [field, entry] of Object.entries(settings.fields)) {
    const read = readSetting(values, field);
    if (!read.ok) {
      issues.push({ field: `${prefix}${field}`, rule: UNREADABLE });
      continue;
    }
    const value = read.value;
    if (isGroup(entry)) {
      resolved[field] = checkSettings(entry.group, value, issues, `${prefix}${field}.`);
    } else if (value === undefined && entry.required !== true) {
      resolved[field] = entry.default;
    } else if (keeps(entry.rule, value)) {
      resolved[field] = value;
    } else {
      issues.push({ field: `${prefix}${field}`, rule: entry.rule.words });
    }
  }
  const result = resolved as Resolved<S>;
  if (issues.length === before) {
    for (const relation of settings.relations) {
      if (!relation.holds(result)) issues.push({ field: `${prefix}${relation.field}`, rule: relation.words });
    }
  }
  const fields = Object.keys(settings.fields);
  refuseUnknownNames(values, [...fields, ...settings.alsoKnown], new Set(fields), issues, prefix, whole);
  return result;
}

/**
 * Throws the {@link ValidationError} (operation `config`) of `issues`, if there are any.
 *
 * @example
 * ```ts
 * refuseIssues([{ field: 'pingIntervalMs', rule: 'a duration in ms, finite, 100 or more' }]); // throws
 * ```
 */
export function refuseIssues(issues: readonly ValidationIssue[]): void {
  if (issues.length > 0) throw new ValidationError({ operation: 'config', issues });
}

/**
 * Checks `given` against `settings` and returns them with defaults filled in.
 *
 * @throws ValidationError (operation `config`) with one issue per broken rule (field, rule in words).
 * @example
 * ```ts
 * resolveSettings(BACKOFF_SETTINGS, { initialDelayMs: 1000 }).maxDelayMs; // 30000
 * resolveSettings(BACKOFF_SETTINGS, { initialDelayMs: -5 }); // throws ValidationError
 * ```
 */
export function resolveSettings<S extends Schema>(settings: Settings<S>, given: unknown): Resolved<S> {
  const issues: ValidationIssue[] = [];
  const resolved = checkSettings(settings, given, issues);
  refuseIssues(issues);
  return resolved;
}

/**
 * One setting checked on its own: `value`, or `fallback` when it is left out.
 *
 * @throws ValidationError (operation `config`) naming `field` and the rule's words.
 * @example
 * ```ts
 * settingOf('maxPages', options.maxPages, count({ min: 0, orInfinity: true }), Infinity);
 * ```
 */
export function settingOf<T>(field: string, value: unknown, rule: Rule<T>, fallback: T): T {
  if (value === undefined) return fallback;
  if (keeps(rule, value)) return value;
  throw new ValidationError({ operation: 'config', issues: [{ field, rule: rule.words }] });
}
