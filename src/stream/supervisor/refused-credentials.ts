/**
 * Which key-source failures mean the credentials themselves are refused: retrying cannot help,
 * the stream ends with a `StreamFatalError`.
 *
 * @module
 */
import { ApiError, ValidationError } from '../../errors.js';

/** Service codes that mean the credentials are refused. */
const REFUSED_CODES = new Set<number | string>([400, 401, 602, 700001, 700002, 700006, 700007, 10072]);

/**
 * Tells whether creating a listen key failed because the credentials are refused (a refusing
 * service code, HTTP 401 or 403, or parameters that can never be valid).
 *
 * @example
 * ```ts
 * credentialsRefused(new ApiError({ code: 700002, msg: 'Signature for this request is not valid.', status: 400, operation: 'L1' })); // true
 * credentialsRefused(new Error('socket hang up')); // false
 * ```
 */
export function credentialsRefused(error: unknown): error is ApiError | ValidationError {
  if (error instanceof ValidationError) return true;
  return error instanceof ApiError && (REFUSED_CODES.has(error.code) || error.status === 401 || error.status === 403);
}
