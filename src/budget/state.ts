/**
 * What the request budget shows a dashboard: per endpoint and scope, the limit, the units counted
 * and left, the calls waiting and any pause. Every endpoint's IP lane is listed, used or not; an
 * account's lane only while it is in use.
 *
 * @module
 */
import { OPERATION_IDS, type OperationId } from '../operation-id.js';
import { laneUsed, newLane, type Lane } from './lane.js';
import { limitOf, type BudgetSettings } from './options.js';
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
  /** Units that may still go in this window: `limit - used`, never below 0. */
  readonly left: number;
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
  /** Whether calls wait for room (`false`: limits counted and shown, only pauses waited for). */
  readonly spread: boolean;
  /**
   * By endpoint in the endpoint table's order: the endpoint's IP lane (always), then the lanes of
   * the accounts using it (counting something, with calls waiting, or paused).
   */
  readonly lanes: readonly BudgetLaneState[];
}

function laneState(
  lane: Lane,
  where: Pick<BudgetLaneState, 'scope' | 'endpoint' | 'account' | 'waiting'>,
  now: number,
): BudgetLaneState {
  const used = laneUsed(lane, now);
  return {
    ...where,
    limit: lane.limit,
    used,
    left: Math.max(0, lane.limit - used),
    inFlight: lane.inFlight,
    pausedUntil: lane.pausedUntil > now ? lane.pausedUntil : undefined,
  };
}

/**
 * The snapshot of `endpoints` at `now`: every endpoint of the table (an endpoint nobody used yet
 * with its limit and nothing counted).
 *
 * @example
 * ```ts
 * const snapshot = snapshotOf(endpoints, ipPausedUntil, scheduler.now(), settings);
 * snapshot.lanes[0]; // { scope: 'ip', endpoint: 'M1', limit: 500, used: 0, left: 500, ... }
 * ```
 */
export function snapshotOf(endpoints: ReadonlyMap<OperationId, EndpointQueues>, ipPausedUntil: number, now: number, settings: BudgetSettings): BudgetSnapshot {
  const lanes: BudgetLaneState[] = [];
  let waiting = 0;
  // The ids in table order, not the table itself: its rows and codecs stay out of a page (docs/performance.md).
  for (const id of OPERATION_IDS) {
    const endpoint = endpoints.get(id);
    const accounts: BudgetLaneState[] = [];
    let endpointWaiting = 0;
    for (const [account, queue] of endpoint?.accounts ?? []) {
      endpointWaiting += queue.waiters.length;
      const state = laneState(queue.lane, { scope: 'account', endpoint: id, account, waiting: queue.waiters.length }, now);
      if (state.used > 0 || state.waiting > 0 || state.pausedUntil !== undefined) accounts.push(state);
    }
    waiting += endpointWaiting;
    const ipLane = endpoint?.ip ?? newLane(limitOf(settings, 'ip', id));
    lanes.push(laneState(ipLane, { scope: 'ip', endpoint: id, account: undefined, waiting: endpointWaiting }, now), ...accounts);
  }
  return { at: now, ipPausedUntil: ipPausedUntil > now ? ipPausedUntil : undefined, waiting, spread: settings.spread, lanes };
}
