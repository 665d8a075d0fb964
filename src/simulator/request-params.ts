/**
 * Checks an operation's parameters as they arrive on the wire, with the endpoint table's own
 * fields (`paramFields(row)` and `decodeWireParams`), so the simulator applies exactly the rules the
 * client applies, and answers a broken rule with `{code, msg}` naming the field.
 *
 * @module
 */
import { paramFields, type AnyEndpoint } from '../endpoints/endpoint.js';
import type { ValidationIssue } from '../errors.js';
import { decodeWireParams } from '../params/decode-wire.js';
import { newSubAccountName } from '../params/fields.js';
import { SIM_CODES, SimError } from './errors.js';

/** Parameters every signed request may carry besides the operation's own. */
export const AUTH_PARAMS: ReadonlySet<string> = new Set(['timestamp', 'recvWindow', 'signature']);

function describe(issue: ValidationIssue): string {
  if (issue.rule === 'required') return `Mandatory parameter '${issue.field}' was not sent, was empty/null, or malformed`;
  if (issue.rule === 'unknown parameter') return `Parameter '${issue.field}' is not a parameter of this endpoint`;
  return `Parameter '${issue.field}' is invalid: ${issue.rule}`;
}

function codeOf(row: AnyEndpoint, issue: ValidationIssue): number {
  const createsSubAccount = paramFields(row).some(([, field]) => field.codec === newSubAccountName);
  const missing = issue.rule === 'required';
  if (createsSubAccount && issue.field === 'subAccount') return missing ? SIM_CODES.nameMissing : SIM_CODES.nameInvalid;
  if (createsSubAccount && issue.field === 'note' && missing) return SIM_CODES.noteMissing;
  if (issue.field === 'permissions' && !missing) return SIM_CODES.permissionUnknown;
  return SIM_CODES.parameterInvalid;
}

/**
 * Reads `wire` against `row`'s parameter fields; throws a {@link SimError} whose code fits the
 * first broken rule (700004, or 730600/730601/730602/730702 where the service has its own) and
 * whose message names every broken field.
 *
 * @example
 * ```ts
 * readParams(M2, new Map([['limit', '201']])); // throws SimError 700004 "Parameter 'limit' is invalid: integer from 1 to 200"
 * ```
 */
export function readParams(row: AnyEndpoint, wire: ReadonlyMap<string, string>): Readonly<Record<string, unknown>> {
  const result = decodeWireParams(paramFields(row), wire, AUTH_PARAMS);
  if (result.ok) return result.values;
  const [first] = result.issues;
  if (!first) throw new SimError(SIM_CODES.parameterInvalid, 'invalid parameters');
  throw new SimError(codeOf(row, first), result.issues.map(describe).join('; '));
}

/**
 * For a JSON-body row: refuses operation parameters sent in the query string (they belong in the
 * body, docs/service.md).
 *
 * @example
 * ```ts
 * requireAuthOnlyQuery(new Map([['timestamp', '1'], ['subAccount', 'x']])); // throws 700004 naming subAccount
 * ```
 */
export function requireAuthOnlyQuery(query: ReadonlyMap<string, string>): void {
  const misplaced = [...query.keys()].filter((name) => !AUTH_PARAMS.has(name));
  if (misplaced.length > 0) {
    throw new SimError(
      SIM_CODES.parameterInvalid,
      misplaced.map((name) => `Parameter '${name}' must be sent in the JSON body, not the query string`).join('; '),
    );
  }
}
