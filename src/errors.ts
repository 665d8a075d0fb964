/**
 * The library's error family. Every failure a caller can see is a {@link MexcError}: one of these
 * classes (and, in the `mexc-rx/nats` entry, the bridge's), told apart by `instanceof` or by the
 * literal `name`. None of them carries the api key, the secret key, a signature or a fund
 * password: messages are built from safe fields only, and causes coming from outside (a custom
 * `fetch`, the socket) are copied with their text redacted.
 *
 * @module
 */
import type { OperationId } from './operation-id.js';
import { withoutUserinfo } from './redact.js';

/**
 * The base class of every error the library raises (REST calls, the user data stream, the
 * JetStream bridge): `instanceof MexcError` (or {@link isMexcError}) tells the library's errors
 * from anything else. Each subclass has a literal `name`.
 *
 * @example
 * ```ts
 * userDataStream(client).subscribe({
 *   error: (e: unknown) => console.error(e instanceof MexcError ? `${e.name}: ${e.message}` : e),
 * });
 * ```
 */
export abstract class MexcError extends Error {
  abstract override readonly name: string;
}

/** Where a request was going, without its query string (which holds the signature). */
export interface RequestTarget {
  /** Operation id from the spec, e.g. `M6`. */
  readonly operation: OperationId;
  /** HTTP method. */
  readonly method: string;
  /** Path without query string, e.g. `/api/v3/sub-account/list`. */
  readonly path: string;
}

/** One broken rule of a parameter check. */
export interface ValidationIssue {
  /** The parameter's name as the spec spells it (`clientTranId`), or `(params)` for the whole object. */
  readonly field: string;
  /** The rule it broke, in words: `required`, `unknown parameter`, `32 alphanumeric characters`, ... */
  readonly rule: string;
}

/** The service answered with an error code (`{code, msg}` or a broker envelope with a non-zero code). */
export class ApiError extends MexcError {
  override readonly name = 'ApiError' as const;
  /**
   * The service's code, as a number when it is numeric (the service sends both `730708` and
   * `"730708"`), otherwise the string as sent.
   */
  readonly code: number | string;
  /** The service's message (`msg` or `message`). */
  readonly msg: string;
  /** HTTP status of the response. */
  readonly status: number;
  /** Spec id of the operation. */
  readonly operation: OperationId;
  /** Milliseconds the service asked to wait (`Retry-After`), when it said so (429, 418). */
  readonly retryAfterMs: number | undefined;

  constructor(args: {
    code: number | string;
    msg: string;
    status: number;
    operation: OperationId;
    retryAfterMs?: number | undefined;
  }) {
    super(`${args.operation}: service error ${String(args.code)} (HTTP ${args.status}): ${args.msg}`);
    this.code = args.code;
    this.msg = args.msg;
    this.status = args.status;
    this.operation = args.operation;
    this.retryAfterMs = args.retryAfterMs;
  }
}

/**
 * How a redirect was met: `refused` (a 3XX, or a browser's opaque answer to one, not followed),
 * or `followed` (a custom `fetch` followed it although told not to; its answer is refused).
 */
export type RedirectHandling = 'refused' | 'followed';

function httpErrorMessage(status: number, target: RequestTarget, redirect: RedirectHandling | undefined): string {
  const where = `${target.method} ${target.path}`;
  if (redirect === 'followed') return `${target.operation}: HTTP ${status} from ${where} came through a redirect the fetch followed; refused`;
  if (redirect === 'refused' && status === 0) return `${target.operation}: a redirect refused on ${where} (the platform hides its status)`;
  if (redirect === 'refused') return `${target.operation}: HTTP ${status} from ${where}: a redirect, refused (not followed)`;
  return `${target.operation}: HTTP ${status} from ${where}`;
}

/**
 * The service answered with an HTTP error status and a body that is not a `{code, msg}` error, or
 * with a redirect, which the library never follows (it would carry the api key and the signed
 * query to another host).
 */
export class HttpError extends MexcError {
  override readonly name = 'HttpError' as const;
  /** HTTP status (0 when the platform hides a redirect's status, as a browser's `fetch` does). */
  readonly status: number;
  /** Where the request went. */
  readonly target: RequestTarget;
  /** Milliseconds the service asked to wait (`Retry-After`), when it said so. */
  readonly retryAfterMs: number | undefined;
  /** Set when the answer was a redirect: `refused` (not followed) or `followed` (by a custom `fetch`). */
  readonly redirect: RedirectHandling | undefined;

  constructor(args: { status: number; target: RequestTarget; retryAfterMs?: number | undefined; redirect?: RedirectHandling | undefined }) {
    super(httpErrorMessage(args.status, args.target, args.redirect));
    this.status = args.status;
    this.target = args.target;
    this.retryAfterMs = args.retryAfterMs;
    this.redirect = args.redirect;
  }
}

/** The request could not be completed at the network level (refused, reset, DNS, ...). */
export class NetworkError extends MexcError {
  override readonly name = 'NetworkError' as const;
  /** Where the request went. */
  readonly target: RequestTarget;

  constructor(args: { target: RequestTarget; cause: Error }) {
    // The cause's text comes from outside (a proxy's URL, a runtime quoting the request URL): no
    // URL's `user:password@` gets through, whatever redactor the cause went through.
    super(`${args.target.operation}: network failure on ${args.target.method} ${args.target.path}: ${withoutUserinfo(args.cause.message)}`, {
      cause: args.cause,
    });
    this.target = args.target;
  }
}

/** No response arrived within the configured timeout. */
export class TimeoutError extends MexcError {
  override readonly name = 'TimeoutError' as const;
  /** Where the request went. */
  readonly target: RequestTarget;
  /** The timeout that elapsed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(args: { target: RequestTarget; timeoutMs: number }) {
    super(`${args.target.operation}: no response within ${args.timeoutMs} ms on ${args.target.method} ${args.target.path}`);
    this.target = args.target;
    this.timeoutMs = args.timeoutMs;
  }
}

/** A response or stream frame did not have the shape the spec describes, or a snapshot's JSON the shape the library writes. */
export class DecodeError extends MexcError {
  override readonly name = 'DecodeError' as const;
  /** What was being decoded: an operation id, a stream channel, or the function reading a snapshot's JSON. */
  readonly source: string;
  /**
   * One line per failure, each naming the path and the expected type, e.g.
   * `subAccounts.0.createTime: expected EpochMillis`. Values are never included (a response may
   * hold a freshly created secret key).
   */
  readonly paths: readonly string[];

  constructor(args: { source: string; paths: readonly string[] }) {
    super(`${args.source}: unexpected shape:\n  ${args.paths.join('\n  ')}`);
    this.source = args.source;
    this.paths = args.paths;
  }
}

/** Parameters broke the spec's rules; nothing was sent. */
export class ValidationError extends MexcError {
  override readonly name = 'ValidationError' as const;
  /** Spec id of the operation, or `config` for client configuration. */
  readonly operation: OperationId | 'config';
  /** Every broken rule, one per field. */
  readonly issues: readonly ValidationIssue[];

  constructor(args: { operation: OperationId | 'config'; issues: readonly ValidationIssue[] }) {
    super(
      `${args.operation}: invalid parameters: ${args.issues.map((i) => `${i.field} (${i.rule})`).join(', ')}`,
    );
    this.operation = args.operation;
    this.issues = args.issues;
  }
}

/**
 * A call that moves money (M6, B12, B13) failed in a way that leaves its outcome unknown: a 5XX, a
 * timeout or a network failure after the request may have reached the service, or a success
 * status whose body could not be read. The call must not
 * be repeated blindly; look it up first (for transfers, by `clientTranId` in the history).
 */
export class UnknownOutcomeError extends MexcError {
  override readonly name = 'UnknownOutcomeError' as const;
  /** Spec id of the operation. */
  readonly operation: OperationId;
  /** The parameters that were sent, with secret fields (fund password) replaced by `[redacted]`. */
  readonly params: Readonly<Record<string, string>>;
  /** The client-supplied id of a transfer, the key to look it up with. */
  readonly clientTranId: string | undefined;
  /** Epoch ms at which the request was signed. */
  readonly sentAt: number;

  constructor(args: {
    operation: OperationId;
    params: Readonly<Record<string, string>>;
    clientTranId?: string | undefined;
    sentAt: number;
    cause: HttpError | ApiError | NetworkError | TimeoutError | DecodeError | ClientClosedError;
  }) {
    super(
      `${args.operation}: outcome unknown (${args.cause.message}); check before repeating` +
        (args.clientTranId ? ` (clientTranId ${args.clientTranId})` : ''),
      { cause: args.cause },
    );
    this.operation = args.operation;
    this.params = args.params;
    this.clientTranId = args.clientTranId;
    this.sentAt = args.sentAt;
  }
}

/**
 * The request budget will not send a call: the service paused its endpoint (429) or banned this IP
 * (418) for longer than a call may wait (`maxPauseWaitMs` of the budget). Nothing was sent; the
 * call may be made again after `pausedUntil`.
 */
export class RateLimitedError extends MexcError {
  override readonly name = 'RateLimitedError' as const;
  /** Spec id of the operation. */
  readonly operation: OperationId;
  /** `endpoint`: a 429 paused this endpoint for the IP; `ip`: a 418 banned the IP. */
  readonly scope: 'endpoint' | 'ip';
  /** When the pause ends, in the budget's scheduler time (epoch ms with the default scheduler). */
  readonly pausedUntil: number;

  constructor(args: { operation: OperationId; scope: 'endpoint' | 'ip'; pausedUntil: number }) {
    super(
      `${args.operation}: not sent: the service ${args.scope === 'ip' ? 'banned this IP (418)' : 'paused this endpoint (429)'}` +
        ` until ${timeText(args.pausedUntil)}`,
    );
    this.operation = args.operation;
    this.scope = args.scope;
    this.pausedUntil = args.pausedUntil;
  }
}

/**
 * The client was closed (`client.close()`): it sends nothing any more. A call made after the close,
 * or one still waiting in the request budget or in flight when it came, fails with this; so does a
 * new subscription to the client's user data stream. Nothing was sent, or what was sent was given
 * up (a money-moving call given up in flight fails with {@link UnknownOutcomeError} instead, this
 * as its cause). Make a new client to go on.
 */
export class ClientClosedError extends MexcError {
  override readonly name = 'ClientClosedError' as const;
  /** Spec id of the operation given up; `stream` for a client's user data stream, `streams` for `userDataStreams` closed. */
  readonly operation: OperationId | 'stream' | 'streams';

  constructor(args: { operation: OperationId | 'stream' | 'streams' }) {
    super(
      args.operation === 'streams'
        ? 'streams: userDataStreams was closed (its close() was called); make a new one to go on'
        : `${args.operation}: the client is closed (client.close() was called); make a new client to go on`,
    );
    this.operation = args.operation;
  }
}

/** An epoch-ms time as ISO text when it is one, else the number. */
function timeText(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}

/** Any error a REST call raises, as a union that narrows on `name`. */
export type RestError =
  | ApiError
  | HttpError
  | NetworkError
  | TimeoutError
  | DecodeError
  | ValidationError
  | UnknownOutcomeError
  | RateLimitedError
  | ClientClosedError;

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
