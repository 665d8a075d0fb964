/**
 * Checks a caller's parameters against an operation's parameter fields and encodes them, in the
 * table's order, as the wire pairs to send. Nothing is sent when a rule is broken.
 *
 * @module
 */
import { ValidationError, type ValidationIssue } from '../errors.js';
import type { OperationId } from '../operation-id.js';
import type { ParamField } from './field.js';

/** Parameters checked and encoded, in the order of the table. */
export interface EncodedParams {
  /** `[name, wire text]` pairs. */
  readonly pairs: readonly (readonly [string, string])[];
  /** Wire texts of secret parameters, to be kept out of every error and log. */
  readonly secrets: readonly string[];
  /** Names of secret parameters. */
  readonly secretNames: readonly string[];
}

/** The rule a call's parameters break when they are not an object. */
export const PARAMS_OBJECT_RULE = 'an object of parameters (or nothing, when every parameter is optional)';

/**
 * The parameters of a call as an object: `undefined` (left out) reads as no parameters; anything
 * else that is not a plain object (`null`, an array, a string, a number...) is a
 * {@link ValidationError}, so `null` never stands for "no parameters".
 *
 * @example
 * ```ts
 * paramsObject('M2', undefined); // {}
 * paramsObject('M6', null); // ValidationError: (params): an object of parameters ...
 * ```
 */
export function paramsObject(operation: OperationId, params: unknown): Readonly<Record<string, unknown>> | ValidationError {
  if (params === undefined) return {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    return new ValidationError({ operation, issues: [{ field: '(params)', rule: PARAMS_OBJECT_RULE }] });
  }
  return params as Readonly<Record<string, unknown>>;
}

/**
 * Checks `params` against `fields`: an object ({@link paramsObject}), required fields present,
 * every value within its rule, no unknown field. Returns the encoded pairs, or a
 * {@link ValidationError} listing every issue.
 */
export function encodeParams(
  operation: OperationId,
  fields: readonly (readonly [string, ParamField<unknown>])[],
  params: unknown,
): EncodedParams | ValidationError {
  const input = paramsObject(operation, params);
  if (input instanceof ValidationError) return input;
  const issues: ValidationIssue[] = [];
  const pairs: (readonly [string, string])[] = [];
  const secrets: string[] = [];
  const secretNames: string[] = [];
  const known = new Set<string>();
  for (const [name, field] of fields) {
    known.add(name);
    if (field.secret) secretNames.push(name);
    const given = input[name];
    const value = given === undefined ? field.default : given;
    if (value === undefined) {
      if (field.required) issues.push({ field: name, rule: 'required' });
      continue;
    }
    if (!field.codec.is(value)) {
      issues.push({ field: name, rule: field.codec.name });
      continue;
    }
    const wire = field.codec.encode(value);
    if (field.secret) secrets.push(wire, String(value));
    pairs.push([name, wire]);
  }
  for (const name of Object.keys(input)) {
    if (!known.has(name) && input[name] !== undefined) issues.push({ field: name, rule: 'unknown parameter' });
  }
  return issues.length > 0 ? new ValidationError({ operation, issues }) : { pairs, secrets, secretNames };
}
