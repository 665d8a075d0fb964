/** Helpers for the tests of settings: what a factory refuses, as a careless user would meet it. */
import { ValidationError, type ValidationIssue } from '../../src/errors.js';

/** Passes a deliberately ill-typed value where the types would refuse it (as JavaScript callers can). */
export function loose<T>(value: unknown): T {
  return value as T;
}

/** The ValidationError `make` throws; fails when it throws something else, or nothing. */
export function refusalOf(make: () => unknown): ValidationError {
  try {
    make();
  } catch (error: unknown) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('the settings were accepted');
}

/** The issues of the ValidationError `make` throws (operation `config`, or it fails). */
export function configIssues(make: () => unknown): readonly ValidationIssue[] {
  const error = refusalOf(make);
  if (error.operation !== 'config') throw new Error(`operation ${error.operation}, not config`);
  return error.issues;
}
