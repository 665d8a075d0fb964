/**
 * The budget a client uses when it is given none: one per process for each service origin and
 * scheduler, so every client of the process that talks to the same service shares it (they share
 * the machine's IP), while clients of another origin (a simulator) or another scheduler (a test's
 * virtual time) get their own.
 *
 * @module
 */
import type { SchedulerLike } from 'rxjs';
import { hash53 } from '../internal/hash.js';
import type { Rule } from '../settings/rules.js';
import { createRequestBudget } from './request-budget.js';
import type { RequestBudget } from './types.js';

const shared = new WeakMap<SchedulerLike, Map<string, RequestBudget>>();

/**
 * The process's budget for the origin of `baseUrl` on `scheduler`, made on first use with the
 * service's limits.
 *
 * @example
 * ```ts
 * sharedRequestBudget('https://api.mexc.com', asyncScheduler) === sharedRequestBudget('https://api.mexc.com/', asyncScheduler); // true
 * ```
 */
export function sharedRequestBudget(baseUrl: string, scheduler: SchedulerLike): RequestBudget {
  const origin = new URL(baseUrl).origin;
  let byOrigin = shared.get(scheduler);
  if (byOrigin === undefined) {
    byOrigin = new Map();
    shared.set(scheduler, byOrigin);
  }
  let budget = byOrigin.get(origin);
  if (budget === undefined) {
    budget = createRequestBudget({ scheduler });
    byOrigin.set(origin, budget);
  }
  return budget;
}

/**
 * The budget of a client made with `budget: false`: its own, spreading nothing and bounding
 * nothing in flight, but honouring the service's pauses (a 429 holds the endpoint's calls, a 418
 * every call, until the pause ends).
 *
 * @example
 * ```ts
 * ownPausesOnlyBudget(asyncScheduler).settings.spread; // false
 * ```
 */
export function ownPausesOnlyBudget(scheduler: SchedulerLike): RequestBudget {
  return createRequestBudget({ scheduler, spread: false, maxInFlight: Infinity });
}

/**
 * The name the budget counts a client's account under: its `accountId` when given, otherwise
 * `key#` and a hash of its API key (the key itself is never shown). Two keys of one account are
 * two names unless both clients are given the same `accountId`.
 *
 * @example
 * ```ts
 * budgetAccount(undefined, 'mx0vglEXAMPLE'); // 'key#...' (13 or 14 hex digits)
 * budgetAccount('desk07', 'mx0vglEXAMPLE'); // 'desk07'
 * ```
 */
export function budgetAccount(accountId: string | undefined, apiKey: string | undefined): string {
  if (accountId !== undefined) return accountId;
  return apiKey === undefined ? 'key#none' : `key#${hash53(apiKey, 0x6b6579).toString(16)}`;
}

/** A request budget given to a client: one from `createRequestBudget`, or `false` for none. */
export const REQUEST_BUDGET: Rule<RequestBudget | false> = {
  words: 'a request budget (from createRequestBudget) or false',
  accepts: (value): value is RequestBudget | false =>
    value === false ||
    (typeof value === 'object' && value !== null && typeof (value as RequestBudget).admit === 'function' && typeof (value as RequestBudget).tryAdmit === 'function'),
};
