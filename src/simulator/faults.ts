/**
 * Fault injection: a queue of faults per operation that the router consults on the next request of
 * that operation which passes authentication and parameter checks.
 *
 * - `drop`: destroy the socket without running the operation;
 * - `status-500`: answer 500 without running the operation;
 * - `drop-after-commit`: run the operation (commit its effect), then destroy the socket unanswered;
 * - `status-500-after-commit`: run the operation, then answer 500;
 * - `refuse`: answer with the service error that turns the request down, without running the
 *   operation: 730708 (listen key information error) for the listen-key operations L1-L4, 700004
 *   for the others. Clients do not retry it (status 400).
 * - `status-429`: answer 429 (code 429, too many requests) with `Retry-After: 1` (one second),
 *   without running the operation, as the service's rate limit does.
 * - `hang`: never answer, without running the operation: the request stays open until the client
 *   gives up (its timeout) or the simulator closes. A response slower than any timeout.
 *
 * An after-commit fault stays queued when the operation itself fails (nothing was committed).
 *
 * @module
 */
import type { OperationId } from '../operation-id.js';

/** What to do to a request. */
export type FaultKind = 'drop' | 'status-500' | 'drop-after-commit' | 'status-500-after-commit' | 'refuse' | 'status-429' | 'hang';

/** Seconds a `status-429` fault asks the client to wait (its `Retry-After`). */
export const FAULT_RETRY_AFTER_SECONDS = 1;

/** Faults armed for coming requests. */
export interface SimFaults {
  /** Arms `kind` for the next `times` (default 1) requests of `operation`, after any already armed. */
  next(operation: OperationId, kind: FaultKind, times?: number): void;
  /** The fault the next request of `operation` gets, without using it up. */
  peek(operation: OperationId): FaultKind | undefined;
  /** Uses up the next fault of `operation`. */
  take(operation: OperationId): FaultKind | undefined;
  /** Faults still armed for `operation`. */
  pending(operation: OperationId): readonly FaultKind[];
  /** Disarms everything. */
  clear(): void;
}

/**
 * Whether a fault lets the operation run (and commit) first.
 *
 * @example
 * ```ts
 * isAfterCommit('drop-after-commit'); // true
 * ```
 */
export function isAfterCommit(kind: FaultKind): boolean {
  return kind === 'drop-after-commit' || kind === 'status-500-after-commit';
}

/**
 * Makes an empty fault queue.
 *
 * @example
 * ```ts
 * sim.faults.next('M6', 'drop-after-commit'); // the next M6 moves the money, then hangs up
 * ```
 */
export function createFaults(): SimFaults {
  const queues = new Map<OperationId, FaultKind[]>();
  return {
    next(operation, kind, times = 1) {
      const queue = queues.get(operation) ?? [];
      for (let i = 0; i < times; i++) queue.push(kind);
      queues.set(operation, queue);
    },
    peek(operation) {
      return queues.get(operation)?.[0];
    },
    take(operation) {
      return queues.get(operation)?.shift();
    },
    pending(operation) {
      return [...(queues.get(operation) ?? [])];
    },
    clear() {
      queues.clear();
    },
  };
}
