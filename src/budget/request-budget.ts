/**
 * `createRequestBudget`: the shell of the request budget. Calls wait in queues (per endpoint, per
 * account) until the policy (`policy.ts`) lets them go; the kit's permit limiter
 * (`src/internal/permit-limiter.ts`) counts the calls in flight against `maxInFlight`, pumps the
 * queues and keeps the one timer that wakes them when room or the end of a pause is due. Nothing
 * here decides; it keeps the state and acts on the decisions.
 *
 * @module
 */
import { map, Observable, share, type SchedulerLike } from 'rxjs';
import { RateLimitedError } from '../errors.js';
import { PermitLimiter } from '../internal/permit-limiter.js';
import { everyInSteps } from '../long-delays.js';
import type { OperationId } from '../operation-id.js';
import { laneSettle, laneTake, type Lane } from './lane.js';
import { resolveBudgetOptions, type BudgetSettings, type RequestBudgetOptions } from './options.js';
import { admission, banStrike, pauseFor, waitsTooLong, type Pause, type Refusal } from './policy.js';
import { accountQueue, endpointQueues, forgetIdle, type AccountQueue, type EndpointQueues, type Waiter } from './queues.js';
import { snapshotOf, type BudgetSnapshot } from './state.js';
import type { BudgetRequest, BudgetTicket, RequestBudget } from './types.js';
import { goesBefore, nextTurn, type Turn } from './turns.js';

/** A request's units; a weight above a limit could never fit, so it waits for an empty lane instead. */
function unitsOf(request: BudgetRequest, endpoint: EndpointQueues, queue: AccountQueue): number {
  return Math.min(request.units, endpoint.ip.limit, queue.lane.limit);
}

/** Room granted, as the shell hands it out. */
type Go = Extract<Turn, { kind: 'go' }>;

/** The shell: the queues and counts, one timer, and the decisions of `policy.ts` and `turns.ts` carried out. */
class BudgetShell implements RequestBudget {
  readonly state$: Observable<BudgetSnapshot>;
  private readonly endpoints = new Map<OperationId, EndpointQueues>();
  private readonly scheduler: SchedulerLike;
  private ipPausedUntil = -Infinity;
  /** Which ban in a row the last 418 was (0: none yet): a ban without `Retry-After` lasts as the service's would. */
  private banStrikes = 0;
  /** The calls in flight against `maxInFlight`, the pump and the timer. */
  private readonly limiter: PermitLimiter;
  private settled = 0;
  private waiting = 0;
  private arrivals = 0;

  constructor(readonly settings: BudgetSettings) {
    this.scheduler = settings.scheduler;
    this.limiter = new PermitLimiter(this.scheduler, settings.maxInFlight, { waiting: () => this.waiting > 0, grantNext: (now) => this.grantNext(now) });
    this.state$ = everyInSteps(settings.stateIntervalMs, this.scheduler).pipe(
      map(() => this.snapshot()),
      share(),
    );
  }

  admit(request: BudgetRequest): Observable<BudgetTicket> {
    return new Observable<BudgetTicket>((subscriber) => {
      const endpoint = endpointQueues(this.endpoints, request.endpoint, this.settings);
      if (waitsTooLong(this.pauseEnd(endpoint), this.scheduler.now(), this.settings.maxPauseWaitMs)) {
        subscriber.error(this.limited(endpoint));
        return undefined;
      }
      const now = this.tryAdmit(request);
      if (now !== undefined) {
        subscriber.next(now);
        subscriber.complete();
        return undefined;
      }
      const queue = accountQueue(endpoint, request.account, this.settings, request.accountRate);
      const units = unitsOf(request, endpoint, queue);
      let granted = false;
      const waiter: Waiter = {
        units,
        seq: ++this.arrivals,
        go: () => {
          granted = true;
          subscriber.next(this.ticketFor(endpoint, queue, units));
          subscriber.complete();
        },
        fail: (error) => subscriber.error(error),
      };
      if (request.first === true) queue.waiters.unshift(waiter);
      else queue.waiters.push(waiter);
      endpoint.waiting += 1;
      this.waiting += 1;
      endpoint.rotation.add(request.account);
      this.limiter.pump();
      // Let go, it has left its queue already: no search for it.
      return () => {
        if (granted || !queue.waiters.remove(waiter)) return;
        endpoint.waiting -= 1;
        this.waiting -= 1;
        if (queue.waiters.length === 0) endpoint.rotation.delete(request.account);
        if (this.waiting === 0) this.limiter.disarm();
      };
    });
  }

  tryAdmit(request: BudgetRequest): BudgetTicket | undefined {
    // Only when nobody waits: a call that finds others waiting takes its turn after them.
    if (this.waiting > 0 || !this.limiter.hasRoom) return undefined;
    const endpoint = endpointQueues(this.endpoints, request.endpoint, this.settings);
    const queue = accountQueue(endpoint, request.account, this.settings, request.accountRate);
    const units = unitsOf(request, endpoint, queue);
    if (admission(this.ipPausedUntil, endpoint.ip, queue.lane, units, this.scheduler.now(), queue.rate?.lane, this.settings.spread).kind !== 'go') return undefined;
    this.take(endpoint.ip, queue, units);
    return this.ticketFor(endpoint, queue, units);
  }

  snapshot(): BudgetSnapshot {
    const now = this.scheduler.now();
    forgetIdle(this.endpoints, now);
    return snapshotOf(this.endpoints, this.ipPausedUntil, now, this.settings);
  }

  private pauseEnd(endpoint: EndpointQueues): number {
    return Math.max(this.ipPausedUntil, endpoint.ip.pausedUntil);
  }

  private limited(endpoint: EndpointQueues): RateLimitedError {
    const scope = this.ipPausedUntil >= endpoint.ip.pausedUntil ? 'ip' : 'endpoint';
    return new RateLimitedError({ operation: endpoint.id, scope, pausedUntil: this.pauseEnd(endpoint) });
  }

  /** The best turn of all endpoints now, and when to look again if there is none. */
  private bestTurn(now: number): { best: Go | undefined; next: number } {
    let best: Go | undefined;
    let next = Infinity;
    for (const endpoint of this.endpoints.values()) {
      if (endpoint.waiting === 0) continue;
      const turn = nextTurn(endpoint, this.ipPausedUntil, now, this.settings.spread);
      if (turn.kind === 'wait') next = Math.min(next, turn.until);
      else if (best === undefined || goesBefore(turn, best)) best = turn;
    }
    return { best, next };
  }

  /** The limiter's rule: the best turn of all endpoints, let go; or when to look again. */
  private grantNext(now: number): true | number {
    const { best, next } = this.bestTurn(now);
    if (best === undefined) return next;
    this.grant(best);
    return true;
  }

  private grant({ endpoint, account, queue, waiter }: Go): void {
    queue.waiters.shift();
    endpoint.waiting -= 1;
    this.waiting -= 1;
    endpoint.rotation.delete(account);
    // An account with more calls waiting takes its next turn after the others.
    if (queue.waiters.length > 0) endpoint.rotation.add(account);
    this.take(endpoint.ip, queue, waiter.units);
    waiter.go();
  }

  private take(ip: Lane, queue: AccountQueue, units: number): void {
    laneTake(ip, units);
    laneTake(queue.lane, units);
    if (queue.rate !== undefined) laneTake(queue.rate.lane, 1);
  }

  /** The ticket of a call just let through: it holds a permit of the limiter until settled. */
  private ticketFor(endpoint: EndpointQueues, queue: AccountQueue, units: number): BudgetTicket {
    const permit = this.limiter.take(() => {
      const now = this.scheduler.now();
      const releaseAt = now + this.settings.windowMs + this.settings.safetyMarginMs;
      laneSettle(endpoint.ip, units, releaseAt);
      laneSettle(queue.lane, units, releaseAt);
      if (queue.rate !== undefined) laneSettle(queue.rate.lane, 1, now + queue.rate.periodMs + this.settings.safetyMarginMs);
      if (++this.settled % 1024 === 0) forgetIdle(this.endpoints, now);
    });
    const settle = (): void => permit.release();
    return {
      settle,
      refuse: (refusal) => {
        settle();
        return this.pause(endpoint, refusal);
      },
    };
  }

  /** Pauses what `refusal` pauses, fails the calls that would wait too long, and wakes the rest at the end. */
  private pause(endpoint: EndpointQueues, refusal: Refusal): Pause {
    const now = this.scheduler.now();
    if (refusal.status === 418) this.banStrikes = banStrike(this.banStrikes, this.ipPausedUntil, now);
    const pause = pauseFor(refusal, this.settings, now, this.banStrikes);
    if (pause.scope === 'ip') this.ipPausedUntil = Math.max(this.ipPausedUntil, pause.until);
    else endpoint.ip.pausedUntil = Math.max(endpoint.ip.pausedUntil, pause.until);
    this.failLongWaiters(pause.scope === 'ip' ? [...this.endpoints.values()] : [endpoint], now);
    this.limiter.pump();
    return { scope: pause.scope, until: pause.scope === 'ip' ? this.ipPausedUntil : this.pauseEnd(endpoint) };
  }

  /** Calls that would wait through a pause longer than allowed fail now, with nothing sent. */
  private failLongWaiters(affected: readonly EndpointQueues[], now: number): void {
    const doomed: [Waiter, RateLimitedError][] = [];
    for (const endpoint of affected) {
      if (!waitsTooLong(this.pauseEnd(endpoint), now, this.settings.maxPauseWaitMs)) continue;
      const error = this.limited(endpoint);
      for (const queue of endpoint.accounts.values()) for (const waiter of queue.waiters.takeAll()) doomed.push([waiter, error]);
      this.waiting -= endpoint.waiting;
      endpoint.waiting = 0;
      endpoint.rotation.clear();
    }
    if (this.waiting === 0) this.limiter.disarm();
    for (const [waiter, error] of doomed) waiter.fail(error);
  }
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
  return new BudgetShell(resolveBudgetOptions(options));
}
