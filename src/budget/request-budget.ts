/**
 * `createRequestBudget`: the shell of the request budget. Calls wait in queues (per endpoint, per
 * account) until the policy (`policy.ts`) lets them go; one timer on the budget's scheduler wakes
 * the queues when room or the end of a pause is due. Nothing here decides; it keeps the state and
 * acts on the decisions.
 *
 * @module
 */
import { map, Observable, share, timer, type Subscription } from 'rxjs';
import type { OperationId } from '../endpoints/operation-id.js';
import { RateLimitedError } from '../errors.js';
import { laneSettle, laneTake } from './lane.js';
import { resolveBudgetOptions, type BudgetSettings, type RequestBudgetOptions } from './options.js';
import { pauseFor, waitsTooLong, type Pause, type Refusal } from './policy.js';
import { accountQueue, endpointQueues, forgetIdle, type AccountQueue, type EndpointQueues, type Waiter } from './queues.js';
import { snapshotOf, type BudgetSnapshot } from './state.js';
import { goesBefore, nextTurn, type Turn } from './turns.js';

/** A request asking for room. */
export interface BudgetRequest {
  readonly endpoint: OperationId;
  /** The account, as the budget names it (a client's `accountId`, or `key#...` from its API key). */
  readonly account: string;
  /** Units it costs: its row's weight (1 where the table gives none). */
  readonly units: number;
  /** Goes ahead of the account's other calls waiting on the endpoint (a refused call sent again keeps its turn). */
  readonly first?: boolean;
}

/** Room granted to one request. Exactly one of its methods counts; later calls do nothing. */
export interface BudgetTicket {
  /** The request is over (answered, failed, or given up): its units count on for the window. */
  settle(): void;
  /** The service refused the request (429, 418): settles it and pauses what the refusal pauses. */
  refuse(refusal: Refusal): Pause;
}

/**
 * The request budget of one IP: shared by every client given it (`createClient({ budget })`), it
 * counts per endpoint for the IP and per endpoint per account, lets calls go in turn, and pauses
 * what the service refuses.
 */
export interface RequestBudget {
  /** Its settings, defaults applied. */
  readonly settings: BudgetSettings;
  /**
   * Waits for room for `request`: a cold Observable that emits one ticket when the request may go
   * and completes. Unsubscribing before that leaves the queue (nothing counted). Fails with
   * {@link RateLimitedError} when a pause longer than `maxPauseWaitMs` runs or begins.
   */
  admit(request: BudgetRequest): Observable<BudgetTicket>;
  /** The state now. */
  snapshot(): BudgetSnapshot;
  /**
   * The state, at subscription and then every `stateIntervalMs` on the budget's scheduler (one
   * timer, shared by all subscribers; nothing runs while nobody subscribes).
   */
  readonly state$: Observable<BudgetSnapshot>;
}

/**
 * Makes a request budget. Give the same one to every client that sends from one IP.
 *
 * @throws ValidationError (operation `config`) when a setting breaks its rule.
 * @example
 * ```ts
 * import { createClient, createRequestBudget } from 'mexc-rx';
 *
 * const budget = createRequestBudget(); // the service's limits: 500 per 10 s per endpoint, per IP and per account
 * const clients = subAccounts.map((s) => createClient({ apiKey: s.apiKey, secretKey: s.secretKey, budget }));
 * budget.state$.subscribe((state) => console.log(state.waiting, state.lanes));
 * ```
 */
export function createRequestBudget(options?: RequestBudgetOptions): RequestBudget {
  const settings = resolveBudgetOptions(options);
  const { scheduler } = settings;
  const endpoints = new Map<OperationId, EndpointQueues>();
  let ipPausedUntil = -Infinity;
  let wake: Subscription | undefined;
  let wakeAt = Infinity;
  let pumping = false;
  let again = false;
  let settled = 0;
  let inFlight = 0;
  let waiting = 0;
  let arrivals = 0;

  const pauseEnd = (endpoint: EndpointQueues): number => Math.max(ipPausedUntil, endpoint.ip.pausedUntil);

  const limited = (endpoint: EndpointQueues): RateLimitedError =>
    new RateLimitedError({ operation: endpoint.id, scope: ipPausedUntil >= endpoint.ip.pausedUntil ? 'ip' : 'endpoint', pausedUntil: pauseEnd(endpoint) });

  const arm = (at: number): void => {
    if (at === Infinity || at >= wakeAt) return;
    wake?.unsubscribe();
    wakeAt = at;
    wake = scheduler.schedule(() => {
      wake = undefined;
      wakeAt = Infinity;
      pump();
    }, Math.max(0, at - scheduler.now()));
  };

  /** The best turn of all endpoints now, and when to look again if there is none. */
  const bestTurn = (now: number): { best: Extract<Turn, { kind: 'go' }> | undefined; next: number } => {
    let best: Extract<Turn, { kind: 'go' }> | undefined;
    let next = Infinity;
    for (const endpoint of endpoints.values()) {
      if (endpoint.waiting === 0) continue;
      const turn = nextTurn(endpoint, ipPausedUntil, now);
      if (turn.kind === 'wait') next = Math.min(next, turn.until);
      else if (best === undefined || goesBefore(turn, best)) best = turn;
    }
    return { best, next };
  };

  /** Lets go every call that may go now (best turn first), then sets the timer for the next. */
  function pump(): void {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        const now = scheduler.now();
        let next = Infinity;
        while (waiting > 0 && inFlight < settings.maxInFlight) {
          const turn = bestTurn(now);
          next = turn.next;
          if (turn.best === undefined) break;
          grant(turn.best);
        }
        // With `maxInFlight` reached, the next settle pumps again.
        arm(next);
      } while (again);
    } finally {
      pumping = false;
    }
  }

  const dequeue = (endpoint: EndpointQueues, account: string, queue: AccountQueue, index: number): void => {
    queue.waiters.splice(index, 1);
    endpoint.waiting -= 1;
    waiting -= 1;
    endpoint.rotation.delete(account);
    // An account with more calls waiting takes its next turn after the others.
    if (queue.waiters.length > 0) endpoint.rotation.add(account);
  };

  function grant({ endpoint, account, queue, waiter }: Extract<Turn, { kind: 'go' }>): void {
    dequeue(endpoint, account, queue, 0);
    laneTake(endpoint.ip, waiter.units);
    laneTake(queue.lane, waiter.units);
    inFlight += 1;
    waiter.go();
  }

  const ticketFor = (endpoint: EndpointQueues, queue: AccountQueue, units: number): BudgetTicket => {
    let over = false;
    const settle = (): void => {
      if (over) return;
      over = true;
      inFlight -= 1;
      const releaseAt = scheduler.now() + settings.windowMs + settings.safetyMarginMs;
      laneSettle(endpoint.ip, units, releaseAt);
      laneSettle(queue.lane, units, releaseAt);
      if (++settled % 1024 === 0) forgetIdle(endpoints, scheduler.now());
      if (waiting > 0) pump();
    };
    return {
      settle,
      refuse(refusal) {
        settle();
        const now = scheduler.now();
        const pause = pauseFor(refusal, settings, now);
        if (pause.scope === 'ip') ipPausedUntil = Math.max(ipPausedUntil, pause.until);
        else endpoint.ip.pausedUntil = Math.max(endpoint.ip.pausedUntil, pause.until);
        failLongWaiters(pause.scope === 'ip' ? [...endpoints.values()] : [endpoint], now);
        pump();
        return { scope: pause.scope, until: pause.scope === 'ip' ? ipPausedUntil : pauseEnd(endpoint) };
      },
    };
  };

  /** Calls that would wait through a pause longer than allowed fail now, with nothing sent. */
  function failLongWaiters(affected: readonly EndpointQueues[], now: number): void {
    const doomed: [Waiter, RateLimitedError][] = [];
    for (const endpoint of affected) {
      if (!waitsTooLong(pauseEnd(endpoint), now, settings.maxPauseWaitMs)) continue;
      const error = limited(endpoint);
      for (const queue of endpoint.accounts.values()) for (const waiter of queue.waiters.splice(0)) doomed.push([waiter, error]);
      waiting -= endpoint.waiting;
      endpoint.waiting = 0;
      endpoint.rotation.clear();
    }
    for (const [waiter, error] of doomed) waiter.fail(error);
  }

  const admit = (request: BudgetRequest): Observable<BudgetTicket> =>
    new Observable<BudgetTicket>((subscriber) => {
      const endpoint = endpointQueues(endpoints, request.endpoint, settings);
      const now = scheduler.now();
      if (waitsTooLong(pauseEnd(endpoint), now, settings.maxPauseWaitMs)) {
        subscriber.error(limited(endpoint));
        return undefined;
      }
      const queue = accountQueue(endpoint, request.account, settings);
      // A weight above a limit could never fit: it waits for an empty lane instead.
      const units = Math.min(request.units, endpoint.ip.limit, queue.lane.limit);
      const waiter: Waiter = {
        units,
        seq: ++arrivals,
        go: () => {
          subscriber.next(ticketFor(endpoint, queue, units));
          subscriber.complete();
        },
        fail: (error) => subscriber.error(error),
      };
      if (request.first === true) queue.waiters.unshift(waiter);
      else queue.waiters.push(waiter);
      endpoint.waiting += 1;
      waiting += 1;
      endpoint.rotation.add(request.account);
      pump();
      return () => {
        const index = queue.waiters.indexOf(waiter);
        if (index < 0) return;
        queue.waiters.splice(index, 1);
        endpoint.waiting -= 1;
        waiting -= 1;
        if (queue.waiters.length === 0) endpoint.rotation.delete(request.account);
      };
    });

  const snapshot = (): BudgetSnapshot => {
    const now = scheduler.now();
    forgetIdle(endpoints, now);
    return snapshotOf(endpoints, ipPausedUntil, now);
  };

  return {
    settings,
    admit,
    snapshot,
    state$: timer(0, settings.stateIntervalMs, scheduler).pipe(
      map(() => snapshot()),
      share(),
    ),
  };
}
