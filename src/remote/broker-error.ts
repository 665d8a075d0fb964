/**
 * The error of a page's call to its backend's listen-key broker.
 *
 * @module
 */
import { MexcError, redactedTarget, type RequestTarget } from '../error-context.js';
import type { BrokerRefusalCode } from './protocol.js';

/**
 * A call to the page's backend (a listen-key broker) failed: the broker refused it (`status` and
 * `code` say why), answered something that is not the broker's protocol (`code` undefined), or
 * could not be reached (`status` 0, with the failure as `cause`). The message names the method
 * and the route's path, never a listen key; `target` holds the same (the path without its query).
 * A broker's routes are the page's backend's, not the service's operations: `operation` is
 * `undefined`.
 */
export class BrokerError extends MexcError {
  override readonly name = 'BrokerError' as const;
  /** HTTP status, or 0 when no answer came. */
  readonly status: number;
  /** The broker's reason, when it gave one of its own. */
  readonly code: BrokerRefusalCode | undefined;
  /** Milliseconds the broker asked to wait (`Retry-After`), when it said so. */
  readonly retryAfterMs: number | undefined;
  /** A broker's route is no operation of the service. */
  readonly operation = undefined;
  /** The broker route called. */
  readonly target: RequestTarget;

  constructor(args: {
    method: string;
    path: string;
    status: number;
    code?: BrokerRefusalCode | undefined;
    retryAfterMs?: number | undefined;
    problem?: string | undefined;
    cause?: unknown;
  }) {
    const target = redactedTarget({ method: args.method, path: args.path });
    const what = args.status === 0 ? 'no answer' : `HTTP ${args.status}${args.code === undefined ? '' : ` ${args.code}`}`;
    super(`${target.method} ${target.path}: ${what}${args.problem === undefined ? '' : `: ${args.problem}`}`, args.cause === undefined ? undefined : { cause: args.cause });
    this.target = target;
    this.status = args.status;
    this.code = args.code;
    this.retryAfterMs = args.retryAfterMs;
  }
}
