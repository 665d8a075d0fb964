/**
 * The errors group of the root entry: `MexcError` and its classes, what they carry, and the
 * service's codes. For everyone handling failures.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export {
  ApiError,
  ClientClosedError,
  DecodeError,
  HttpError,
  isMexcError,
  MexcError,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
  type ErrorContext,
  type RedirectHandling,
  type RequestTarget,
  type RestError,
  type ValidationIssue,
} from '../errors.js';
export { TransferNotCompletedError, type NotCompletedStatus } from '../operations/transfer-not-completed.js';
export { UnsupportedRuntimeError, type RuntimeFeature } from '../unsupported-runtime.js';
export { credentialsRefused, SERVICE_CODES } from '../service-codes.js';
