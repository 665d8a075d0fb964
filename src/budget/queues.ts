/**
 * The request budget's waiting calls, per endpoint: the endpoint's lane for this IP, and per
 * account its lane and its calls waiting in order. Accounts with waiting calls take turns
 * (`rotation`), so one account with many calls never holds up the others.
 *
 * @module
 */
import type { CallRate } from '../endpoints/endpoint.js';
import type { OperationId } from '../operation-id.js';
import type { RateLimitedError } from '../errors.js';
import { Queue } from '../internal/queue.js';
import { laneIdle, newLane, type Lane } from './lane.js';
import { limitOf, type BudgetSettings } from './options.js';

/** A call waiting for room. */
export interface Waiter {
  /** Units it costs. */
  readonly units: number;
  /** When it came, as a number that grows with each call (the older goes first on a tie). */
  readonly seq: number;
  /** Lets it go (called once, when counted). */
  readonly go: () => void;
  /** Gives up on it (a pause longer than it may wait). */
  readonly fail: (error: RateLimitedError) => void;
}

/** An endpoint's own rate per account, as a lane counting calls over the rate's period. */
export interface RateLane {
  /** Counts calls (one unit each), `calls` per period. */
  readonly lane: Lane;
  /** The period, ms. */
  readonly periodMs: number;
}

/** One account on one endpoint. */
export interface AccountQueue {
  readonly lane: Lane;
  /** The endpoint's own rate for the account, when its row has one. */
  readonly rate: RateLane | undefined;
  /** Waiting calls, first to go first. */
  readonly waiters: Queue<Waiter>;
}

/** One endpoint. */
export interface EndpointQueues {
  readonly id: OperationId;
  /** The endpoint's lane for this IP, shared by every account. */
  readonly ip: Lane;
  readonly accounts: Map<string, AccountQueue>;
  /** Accounts with waiting calls, in the order they take their next turn. */
  readonly rotation: Set<string>;
  /** Calls waiting, over all its accounts. */
  waiting: number;
}

/**
 * The queues of `id`, made on first use.
 *
 * @example
 * ```ts
 * const ep = endpointQueues(endpoints, 'L1', settings);
 * ```
 */
export function endpointQueues(endpoints: Map<OperationId, EndpointQueues>, id: OperationId, settings: BudgetSettings): EndpointQueues {
  let queues = endpoints.get(id);
  if (queues === undefined) {
    queues = { id, ip: newLane(limitOf(settings, 'ip', id)), accounts: new Map(), rotation: new Set(), waiting: 0 };
    endpoints.set(id, queues);
  }
  return queues;
}

/**
 * The queue of `account` on the endpoint, made on first use (with a rate lane when `rate` is given).
 *
 * @example
 * ```ts
 * const queue = accountQueue(ep, 'key#1f3a9c0b2d4e', settings, { calls: 2, perMs: 1000 });
 * ```
 */
export function accountQueue(endpoint: EndpointQueues, account: string, settings: BudgetSettings, rate?: CallRate): AccountQueue {
  let queue = endpoint.accounts.get(account);
  if (queue === undefined) {
    const rateLane = rate === undefined ? undefined : { lane: newLane(rate.calls), periodMs: rate.perMs };
    queue = { lane: newLane(limitOf(settings, 'account', endpoint.id)), rate: rateLane, waiters: new Queue<Waiter>() };
    endpoint.accounts.set(account, queue);
  }
  return queue;
}

/**
 * Forgets the accounts and endpoints that count nothing and have nobody waiting (memory stays
 * bounded by what is in use, however many accounts came and went).
 *
 * @example
 * ```ts
 * forgetIdle(endpoints, scheduler.now());
 * ```
 */
export function forgetIdle(endpoints: Map<OperationId, EndpointQueues>, now: number): void {
  for (const [id, endpoint] of endpoints) {
    for (const [account, queue] of endpoint.accounts) {
      if (queue.waiters.length === 0 && laneIdle(queue.lane, now) && (queue.rate === undefined || laneIdle(queue.rate.lane, now))) {
        endpoint.accounts.delete(account);
      }
    }
    if (endpoint.accounts.size === 0 && laneIdle(endpoint.ip, now)) endpoints.delete(id);
  }
}
