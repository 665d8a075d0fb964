/**
 * Whose turn it is, as pure functions over the queues: within an endpoint the accounts with
 * waiting calls take turns (each account's calls in order); across endpoints, when more calls
 * could go than `maxInFlight` lets go at once, the endpoint with the longest backlog goes first
 * (its waiting calls over its limit: the one that decides when everything can be done), the
 * oldest call first on a tie.
 *
 * @module
 */
import { admission } from './policy.js';
import type { AccountQueue, EndpointQueues, Waiter } from './queues.js';

/** The next call of an endpoint that may go now, or until when nothing may. */
export type Turn =
  | { readonly kind: 'go'; readonly endpoint: EndpointQueues; readonly account: string; readonly queue: AccountQueue; readonly waiter: Waiter }
  /** Nothing may go before `until` (`Infinity`: not before a request in flight finishes). */
  | { readonly kind: 'wait'; readonly until: number };

/**
 * The first account in the endpoint's rotation whose next call may go now (with `spread` false,
 * whenever no pause runs).
 *
 * @example
 * ```ts
 * const turn = nextTurn(endpoint, ipPausedUntil, scheduler.now());
 * if (turn.kind === 'go') grant(turn);
 * ```
 */
export function nextTurn(endpoint: EndpointQueues, ipPausedUntil: number, now: number, spread = true): Turn {
  let until = Infinity;
  for (const account of endpoint.rotation) {
    const queue = endpoint.accounts.get(account);
    const waiter = queue?.waiters.peek();
    if (queue === undefined || waiter === undefined) continue;
    const verdict = admission(ipPausedUntil, endpoint.ip, queue.lane, waiter.units, now, queue.rate?.lane, spread);
    if (verdict.kind === 'go') return { kind: 'go', endpoint, account, queue, waiter };
    if (verdict.kind === 'paused') return { kind: 'wait', until: verdict.until };
    until = Math.min(until, verdict.until ?? Infinity);
    if (verdict.scope === 'ip') break;
  }
  return { kind: 'wait', until };
}

/**
 * Whether turn `a` goes before turn `b`: the longer backlog first, then the older call.
 *
 * @example
 * ```ts
 * const best = turns.reduce((x, y) => (goesBefore(y, x) ? y : x));
 * ```
 */
export function goesBefore(a: Extract<Turn, { kind: 'go' }>, b: Extract<Turn, { kind: 'go' }>): boolean {
  const backlogA = a.endpoint.waiting / a.endpoint.ip.limit;
  const backlogB = b.endpoint.waiting / b.endpoint.ip.limit;
  return backlogA !== backlogB ? backlogA > backlogB : a.waiter.seq < b.waiter.seq;
}
