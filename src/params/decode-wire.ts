/**
 * Reads parameters from wire text (a query string, a JSON body of strings, a command line) and
 * checks them with the same fields the client uses, so the client, the simulator and the command
 * line apply one set of rules.
 *
 * @module
 */
import type { ValidationIssue } from '../errors.js';
import type { ParamField } from './field.js';

/** Parameters read from wire text: the typed values, or the broken rules. */
export type WireParamsResult =
  | { readonly ok: true; readonly values: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/**
 * Reads `wire` (name to text) against `fields`: each text through its field's `fromWire`, then
 * the field's check; required fields must be present; names not in `fields` are reported unless
 * listed in `ignore` (e.g. `timestamp`, `recvWindow`, `signature`).
 *
 * @example
 * ```ts
 * decodeWireParams(paramFields(M2), new Map([['limit', '50']]));
 * // { ok: true, values: { limit: 50 } }
 * ```
 */
export function decodeWireParams(
  fields: readonly (readonly [string, ParamField<unknown>])[],
  wire: ReadonlyMap<string, string>,
  ignore: ReadonlySet<string> = new Set(),
): WireParamsResult {
  const values: Record<string, unknown> = {};
  const issues: ValidationIssue[] = [];
  const known = new Set<string>();
  for (const [name, field] of fields) {
    known.add(name);
    const text = wire.get(name);
    if (text === undefined) {
      if (field.required) issues.push({ field: name, rule: 'required' });
      continue;
    }
    const value = field.codec.fromWire(text);
    if (field.codec.is(value)) values[name] = value;
    else issues.push({ field: name, rule: field.codec.name });
  }
  for (const name of wire.keys()) {
    if (!known.has(name) && !ignore.has(name)) issues.push({ field: name, rule: 'unknown parameter' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values };
}
