/**
 * How the command line reports a failure on standard error: the error's `name` and its safe
 * fields (service code and message, HTTP status, the broken rules), one per line. The library's
 * errors hold no secret; every line still goes through the client's redactor, and is escaped.
 *
 * @module
 */
import { ApiError, DecodeError, HttpError, UnknownOutcomeError, ValidationError } from '../errors.js';
import { StreamFatalError } from '../stream/user-data-stream.js';
import { printable } from './printable.js';

function retryNote(ms: number | undefined): string {
  return ms === undefined ? '' : `, retry after ${ms} ms`;
}

/**
 * The lines that describe `error`.
 *
 * @example
 * ```ts
 * describeError(new ValidationError({ operation: 'M2', issues: [{ field: 'limit', rule: 'integer from 1 to 200' }] }));
 * // ['ValidationError: M2: invalid parameters, nothing was sent', '  limit: integer from 1 to 200']
 * ```
 */
export function describeError(error: unknown): readonly string[] {
  if (error instanceof ValidationError) {
    const what = error.operation === 'config' ? 'invalid settings' : 'invalid parameters, nothing was sent';
    return [`ValidationError: ${error.operation}: ${what}`, ...error.issues.map((issue) => `  ${issue.field}: ${issue.rule}`)];
  }
  if (error instanceof ApiError) {
    return [`ApiError: ${error.operation}: code ${String(error.code)}, HTTP ${error.status}${retryNote(error.retryAfterMs)}`, `  msg: ${error.msg}`];
  }
  if (error instanceof HttpError) {
    return [`HttpError: ${error.operation}: HTTP ${error.status} from ${error.target.method} ${error.target.path}${retryNote(error.retryAfterMs)}`];
  }
  if (error instanceof DecodeError) {
    return [`DecodeError: ${error.source}: unexpected response shape`, ...error.paths.map((path) => `  ${path}`)];
  }
  if (error instanceof UnknownOutcomeError) {
    return [
      `UnknownOutcomeError: ${error.operation}: the outcome is unknown; check before repeating`,
      ...(error.clientTranId === undefined ? [] : [`  clientTranId: ${error.clientTranId}`]),
      ...(error.cause === undefined ? [] : describeError(error.cause).map((line) => `  cause: ${line.trim()}`)),
    ];
  }
  if (error instanceof StreamFatalError) {
    return [`StreamFatalError: ${error.message}`, ...(error.cause === undefined ? [] : describeError(error.cause).map((line) => `  cause: ${line.trim()}`))];
  }
  if (error instanceof Error) return [`${error.name}: ${error.message}`];
  return [`error: ${String(error)}`];
}

/**
 * Writes `error` to `stderr`, each line through `redact` and then `printable`: a line break or a
 * control character inside a service's message is escaped, so it cannot forge a line of its own.
 *
 * @example
 * ```ts
 * printError(io.stderr, error, client.redact);
 * ```
 */
export function printError(stderr: (text: string) => void, error: unknown, redact: (text: string) => string = (t) => t): void {
  for (const line of describeError(error)) stderr(`${printable(redact(line))}\n`);
}
