/**
 * The service's error codes, by name, in one place: what `ApiError.code` holds when the service
 * refuses a call (see docs/service.md, "Errors"), and which of them mean the credentials themselves
 * are refused. The simulator answers with the same table.
 *
 * @module
 */
import { ApiError, HttpError, ValidationError } from './errors.js';

/**
 * The codes the service is known to answer with.
 *
 * @example
 * ```ts
 * listSubAccounts(client).subscribe({
 *   error: (e: unknown) => {
 *     if (e instanceof ApiError && e.code === SERVICE_CODES.timestampOutsideWindow) resyncClock();
 *   },
 * });
 * ```
 */
export const SERVICE_CODES = {
  /** The `X-MEXC-APIKEY` header is missing. */
  apiKeyRequired: 400,
  /** The account kind may not call this endpoint. */
  noAuthority: 401,
  /** Too many requests (HTTP 429, with `Retry-After`). */
  tooManyRequests: 429,
  /** Signature verification failed. */
  signatureFailed: 602,
  /** The API key's format is invalid. */
  apiKeyFormatInvalid: 700001,
  /** The signature is not valid. */
  signatureInvalid: 700002,
  /** The timestamp is outside `recvWindow`. */
  timestampOutsideWindow: 700003,
  /** A mandatory parameter is missing or malformed. */
  parameterInvalid: 700004,
  /** `recvWindow` must be less than 60000. */
  recvWindowTooLarge: 700005,
  /** The caller's IP is not on the key's whitelist. */
  ipNotWhitelisted: 700006,
  /** The key has no permission for this endpoint. */
  noPermission: 700007,
  /** The API key is unknown or deleted. */
  invalidAccessKey: 10072,
  /** The sub-account name already exists. */
  nameTaken: 730101,
  /** The sub-account name is missing. */
  nameMissing: 730600,
  /** The sub-account name is not 8 to 32 letters and digits. */
  nameInvalid: 730601,
  /** The note is missing. */
  noteMissing: 730602,
  /** A permission name does not exist. */
  permissionUnknown: 730702,
  /** Too many API keys on the account (30). */
  tooManyApiKeys: 730705,
  /** The API key does not exist. */
  apiKeyUnknown: 730706,
  /** Listen key information error: the key is unknown or expired. */
  listenKeyInvalid: 730708,
  /** The sub-account does not exist (or is not the caller's). */
  subAccountMissing: 140001,
  /** The sub-account is forbidden (frozen). */
  subAccountForbidden: 140002,
} as const;


/**
 * The codes that mean the credentials (or the key's rights) are refused: repeating the call with
 * the same key cannot help.
 */
export const CREDENTIALS_REFUSED_CODES: ReadonlySet<number | string> = new Set<number>([
  SERVICE_CODES.apiKeyRequired,
  SERVICE_CODES.noAuthority,
  SERVICE_CODES.signatureFailed,
  SERVICE_CODES.apiKeyFormatInvalid,
  SERVICE_CODES.signatureInvalid,
  SERVICE_CODES.ipNotWhitelisted,
  SERVICE_CODES.noPermission,
  SERVICE_CODES.invalidAccessKey,
]);

/**
 * Tells whether a failure means the credentials (or the key's rights) are refused, so repeating
 * with the same key cannot help: a code that refuses the credentials (400, 401, 602, 700001,
 * 700002, 700006, 700007, 10072), a service answer (`ApiError`) with HTTP 401 or 403, an
 * `HttpError` 401, or parameters that can never be valid. An `HttpError` 403 (no service body) is
 * the service's firewall refusing the IP or the request rate, not the key: it is not a refusal of
 * the credentials, and the user data stream goes on trying, with its backoff, until it lifts.
 *
 * @example
 * ```ts
 * credentialsRefused(new ApiError({ code: 700002, msg: 'Signature for this request is not valid.', status: 400, operation: 'L1' })); // true
 * credentialsRefused(new Error('socket hang up')); // false
 * ```
 */
export function credentialsRefused(error: unknown): error is ApiError | HttpError | ValidationError {
  if (error instanceof ValidationError) return true;
  if (error instanceof HttpError) return error.status === 401;
  return error instanceof ApiError && (CREDENTIALS_REFUSED_CODES.has(error.code) || error.status === 401 || error.status === 403);
}
