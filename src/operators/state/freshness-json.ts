/**
 * The freshness of a snapshot as JSON: `stale`, `gap` and `cause` as they are, and the error of a
 * failed refresh as a safe message only. The error is whatever the seed or resync Observable failed
 * with: one of the library's errors (their messages are built from safe fields only, see
 * `src/errors.ts`) is written as `name: message`; anything else, whose text the library cannot
 * vouch for (a custom fetch's error may quote a URL with a password), by its name alone.
 *
 * @module
 */
import { isMexcError } from '../../errors.js';
import type { GapEvent } from '../../stream/lifecycle.js';
import type { Freshness, SnapshotCause } from '../refreshable.js';

/** The freshness of a snapshot as JSON (see {@link Freshness}). */
export interface FreshnessJSON {
  /** Whether the state may be wrong (see {@link Freshness.stale}). */
  readonly stale: boolean;
  /** The gap the state is stale since; absent when there is none. */
  readonly gap?: GapEvent | undefined;
  /** What made the snapshot. */
  readonly cause: SnapshotCause;
  /**
   * Why the refresh failed, as a message safe to show and to send anywhere: `ApiError: M8: ...`
   * for the library's own errors, the error's name alone for any other (`TypeError (message
   * withheld: ...)`). Absent when the snapshot holds no error.
   */
  readonly error?: string | undefined;
}

/** Errors rebuilt from a snapshot's JSON: their message is the safe text they were rebuilt from. */
const REBUILT = new WeakSet<Error>();

/** A name that is a plain identifier (a class name), else `Error`: a name is text from outside too. */
function safeName(name: unknown): string {
  return typeof name === 'string' && /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name) ? name : 'Error';
}

/**
 * The safe message of a refresh's failure; `undefined` for none.
 *
 * @example
 * ```ts
 * refreshErrorText(new ApiError({ code: 700003, msg: 'Timestamp outside recvWindow', status: 400, operation: 'M8' }));
 * // 'ApiError: M8: service error 700003 (HTTP 400): Timestamp outside recvWindow'
 * refreshErrorText(new TypeError('fetch https://me:pw@proxy failed')); // 'TypeError (message withheld: not an error of the library)'
 * ```
 */
export function refreshErrorText(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error && REBUILT.has(error)) return error.message;
  if (isMexcError(error)) return `${safeName(error.name)}: ${error.message}`;
  if (error instanceof Error) return `${safeName(error.name)} (message withheld: not an error of the library)`;
  return 'a failure that is not an Error (withheld)';
}

/**
 * The error a snapshot rebuilt from JSON holds: an `Error` whose message is the safe text, written
 * out again as that same text.
 *
 * @example
 * ```ts
 * refreshErrorText(rebuiltRefreshError('ApiError: M8: ...')); // 'ApiError: M8: ...'
 * ```
 */
export function rebuiltRefreshError(text: string): Error {
  const error = new Error(text);
  REBUILT.add(error);
  return error;
}

/**
 * A freshness as JSON: `gap` and `error` only when there is one.
 *
 * @example
 * ```ts
 * freshnessJSON({ stale: true, gap, cause: 'gap', error: undefined }); // { stale: true, gap, cause: 'gap' }
 * ```
 */
export function freshnessJSON(freshness: Freshness): FreshnessJSON {
  const error = refreshErrorText(freshness.error);
  return {
    stale: freshness.stale,
    ...(freshness.gap === undefined ? {} : { gap: freshness.gap }),
    cause: freshness.cause,
    ...(error === undefined ? {} : { error }),
  };
}
