/**
 * Reading what a user gave as settings, as an attacker or a careless user gives it: a getter or a
 * Proxy that throws while it is read is a broken rule of that setting, never a raw error out of
 * the factory; a name the factory does not take (`pingIntervalMS`, a setting of another factory)
 * is refused, with the nearest known names, instead of being silently ignored.
 *
 * @module
 */
import type { ValidationIssue } from '../errors.js';
import { didYouMean } from '../suggest.js';

/** The words of a setting whose reading threw. */
export const UNREADABLE = 'a value that can be read (reading it threw)';

/** The words of an object of settings whose names could not be listed. */
export const UNLISTABLE = 'an object whose settings can be listed (listing them threw)';

/** The longest name shown in an issue, and looked for among the known ones. */
const LONGEST_NAME_SHOWN = 64;

/** The value of `name` in `given` (its own or inherited), or `undefined` with `ok: false` when reading it threw. */
export function readSetting(given: object, name: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: (given as Readonly<Record<string, unknown>>)[name] };
  } catch {
    return { ok: false };
  }
}

/** Whether `value` is an object of settings (not `null`, not a list), or `undefined`; a revoked Proxy is none. */
export function isSettingsObject(value: unknown): value is Readonly<Record<string, unknown>> | undefined {
  try {
    return value === undefined || (typeof value === 'object' && value !== null && !Array.isArray(value));
  } catch {
    return false;
  }
}

/** A name as an issue shows it: cut to {@link LONGEST_NAME_SHOWN} characters. */
function shownName(name: string): string {
  return name.length > LONGEST_NAME_SHOWN ? `${name.slice(0, LONGEST_NAME_SHOWN)}…` : name;
}

/**
 * Adds an issue to `issues` for each own name of `given` that is not in `known` (with the nearest
 * known names), and for each known one that `checked` does not hold whose reading throws (the
 * names a factory checks elsewhere, such as a call's options, are read once here). Names are
 * shown after `prefix`; `whole` names the object itself.
 *
 * @example
 * ```ts
 * const issues: ValidationIssue[] = [];
 * refuseUnknownNames({ pingIntervalMS: 0 }, ['pingIntervalMs', 'format'], new Set(['pingIntervalMs', 'format']), issues, '', '(options)');
 * // issues: [{ field: 'pingIntervalMS', rule: 'not a setting (did you mean pingIntervalMs?)' }]
 * ```
 */
export function refuseUnknownNames(
  given: object,
  known: readonly string[],
  checked: ReadonlySet<string>,
  issues: ValidationIssue[],
  prefix: string,
  whole: string,
): void {
  let names: readonly string[];
  try {
    names = Object.keys(given);
  } catch {
    issues.push({ field: whole, rule: UNLISTABLE });
    return;
  }
  const knownNames = new Set(known);
  for (const name of names) {
    if (!knownNames.has(name)) {
      const hint = name.length > LONGEST_NAME_SHOWN ? '' : didYouMean(name, known);
      issues.push({ field: `${prefix}${shownName(name)}`, rule: `not a setting${hint}` });
    } else if (!checked.has(name) && !readSetting(given, name).ok) {
      issues.push({ field: `${prefix}${name}`, rule: UNREADABLE });
    }
  }
}
