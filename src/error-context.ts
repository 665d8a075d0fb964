/**
 * The base of the library's error family and the one shape every error of it has: the
 * {@link ErrorContext} fields, `operation` and `target`, declared once here and required of each
 * class by {@link MexcError}. The classes themselves live in `errors.ts` (which re-exports these)
 * and, for the stream, the recordings, the page's broker and the bridge, beside their code.
 *
 * @module
 */
import { withoutUserinfo } from './redact.js';

/**
 * Where a request was going: its method and its path, never the query string (which holds the
 * signature, and for a listen key's calls the key), a fragment, or a URL's `user:password@`.
 */
export interface RequestTarget {
  /** HTTP method. */
  readonly method: string;
  /** Path without query string, e.g. `/api/v3/sub-account/list`. */
  readonly path: string;
}

/**
 * The context every error of the family carries, under the same two names whatever the error:
 * what was being done and where its request was going. A field is `undefined` only where there
 * was none (no operation: a recording that cannot be read, the bridge's publishing; no request:
 * settings refused when given, a stream frame refused).
 *
 * @example
 * ```ts
 * listSubAccounts(client, {}).subscribe({
 *   error: (e: unknown) => {
 *     if (isMexcError(e)) console.error(e.name, e.operation, e.target ? `${e.target.method} ${e.target.path}` : '-');
 *   },
 * });
 * ```
 */
export interface ErrorContext {
  /**
   * What was being done: a REST call's operation id from the spec (`M6`); `config` for settings
   * refused when given; `stream` (a client's user data stream) or `streams` (`userDataStreams`);
   * a recorded call's operation as recorded; `undefined` where there was no operation.
   */
  readonly operation: string | undefined;
  /** Where the request went (or would have gone), redacted as {@link RequestTarget} says; `undefined` where there was no request. */
  readonly target: RequestTarget | undefined;
}

/**
 * The base class of every error the library raises (REST calls, the user data stream, the
 * JetStream bridge): `instanceof MexcError` (or {@link isMexcError}) tells the library's errors
 * from anything else. Each subclass has a literal `name` and the {@link ErrorContext} fields.
 *
 * @example
 * ```ts
 * userDataStream(client).subscribe({
 *   error: (e: unknown) => console.error(e instanceof MexcError ? `${e.name} (${e.operation ?? '-'}): ${e.message}` : e),
 * });
 * ```
 */
export abstract class MexcError extends Error implements ErrorContext {
  abstract override readonly name: string;
  abstract readonly operation: string | undefined;
  abstract readonly target: RequestTarget | undefined;
}

/**
 * A target as errors hold it: the method, and the path cut at its query string or fragment, with
 * any `user:password@` replaced. The one place the rule is applied; every error's constructor
 * passes its target through it, so no signature or listen key reaches a target by any path.
 *
 * @example
 * ```ts
 * redactedTarget({ method: 'DELETE', path: '/api/v3/userDataStream?listenKey=pqia91ma' }); // { method: 'DELETE', path: '/api/v3/userDataStream' }
 * ```
 */
export function redactedTarget(target: RequestTarget): RequestTarget;
export function redactedTarget(target: RequestTarget | undefined): RequestTarget | undefined;
export function redactedTarget(target: RequestTarget | undefined): RequestTarget | undefined {
  if (target === undefined) return undefined;
  const cut = target.path.search(/[?#]/);
  return { method: target.method, path: withoutUserinfo(cut === -1 ? target.path : target.path.slice(0, cut)) };
}

/**
 * Tells whether a value is one of the library's errors (any {@link MexcError}: a REST call's, the
 * stream's `StreamFatalError`, the bridge's `JetStreamPublishError`).
 *
 * @example
 * ```ts
 * listSubAccounts(client, {}).subscribe({
 *   error: (e: unknown) => console.error(isMexcError(e) ? e.name : 'unexpected', e),
 * });
 * ```
 */
export function isMexcError(value: unknown): value is MexcError {
  return value instanceof MexcError;
}
