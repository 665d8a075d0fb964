/**
 * What the request budget shows a dashboard: per endpoint and scope, the units counted, the calls
 * waiting and any pause; only lanes in use are listed.
 *
 * @module
 */
import type { OperationId } from '../endpoints/operation-id.js';
import { laneUsed, type Lane } from './lane.js';
import type { EndpointQueues } from './queues.js';

/** One lane of the budget: an endpoint, for this IP or for one account. */
export interface BudgetLaneState {
  /** `ip`: every client sharing the budget; `account`: one account. */
  readonly scope: 'ip' | 'account';
  readonly endpoint: OperationId;
  /** The account, as the budget names it (`accountId`, or `key#...` from the API key); `undefined` for `ip`. */
  readonly account: string | undefined;
  /** Units per window. */
  readonly limit: number;
  /** Units counted now: in flight, plus finished within the window (and the safety margin). */
  readonly used: number;
  /** Units of requests sent and not answered yet. */
  readonly inFlight: number;
  /** Calls waiting for this lane's endpoint (for `ip`: of every account). */
  readonly waiting: number;
  /** When a 429's pause of this endpoint ends, if one runs (budget time). */
  readonly pausedUntil: number | undefined;
}

/** The whole budget at one moment. */
export interface BudgetSnapshot {
  /** Budget time of the snapshot (epoch ms with the default scheduler). */
  readonly at: number;
  /** When a 418's pause of every call ends, if one runs. */
  readonly ipPausedUntil: number | undefined;
  /** Calls waiting, over all endpoints and accounts. */
  readonly waiting: number;
  /** Lanes in use (counting something, with calls waiting, or paused), by endpoint, IP lane first. */
  readonly lanes: readonly BudgetLaneState[];
}

function laneState(
  lane: Lane,
  where: Pick<BudgetLaneState, 'scope' | 'endpoint' | 'account' | 'waiting'>,
  now: number,
): BudgetLaneState {
  return {
    ...where,
    limit: lane.limit,
    used: laneUsed(lane, now),
    inFlight: lane.inFlight,
    pausedUntil: lane.pausedUntil > now ? lane.pausedUntil : undefined,
  };
}

/**
 * The snapshot of `endpoints` at `now`.
 *
 * @example
 * ```ts
 * const snapshot = snapshotOf(endpoints, ipPausedUntil, scheduler.now());
 * ```
 */
export function snapshotOf(endpoints: ReadonlyMap<OperationId, EndpointQueues>, ipPausedUntil: number, now: number): BudgetSnapshot {
  const lanes: BudgetLaneState[] = [];
  let waiting = 0;
  for (const endpoint of endpoints.values()) {
    const accounts: BudgetLaneState[] = [];
    let endpointWaiting = 0;
    for (const [account, queue] of endpoint.accounts) {
      endpointWaiting += queue.waiters.length;
      const state = laneState(queue.lane, { scope: 'account', endpoint: endpoint.id, account, waiting: queue.waiters.length }, now);
      if (state.used > 0 || state.waiting > 0 || state.pausedUntil !== undefined) accounts.push(state);
    }
    waiting += endpointWaiting;
    const ip = laneState(endpoint.ip, { scope: 'ip', endpoint: endpoint.id, account: undefined, waiting: endpointWaiting }, now);
    if (ip.used > 0 || ip.waiting > 0 || ip.pausedUntil !== undefined || accounts.length > 0) lanes.push(ip, ...accounts);
  }
  return { at: now, ipPausedUntil: ipPausedUntil > now ? ipPausedUntil : undefined, waiting, lanes };
}
