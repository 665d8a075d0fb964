/**
 * Runs a call's attempts through the request budget: each attempt waits for room, counts from the
 * moment it goes until its answer (plus the window), and a refusal (429, 418) pauses the budget and
 * sends the call again once the pause is over, when the policy says so.
 *
 * @module
 */
import { Observable, type Subscription } from 'rxjs';
import { RateLimitedError } from '../errors.js';
import { resendAfterRefusal, refusalOf } from './policy.js';
import type { BudgetRequest, BudgetTicket, RequestBudget } from './types.js';

/** Told of a call's passage through the budget (the client's metrics). */
export interface BudgetWatch {
  /** An attempt asks for room; the function returned is called once it is let through. */
  asking(): () => void;
  /** The service refused an attempt with `status`, pausing the budget. */
  paused(status: 429 | 418): void;
}

/** A refusal of the budget's, naming where the call was going when the request says and the error does not. */
function aimed(error: unknown, request: BudgetRequest): unknown {
  if (!(error instanceof RateLimitedError) || error.target !== undefined || request.target === undefined) return error;
  return new RateLimitedError({ operation: error.operation, scope: error.scope, pausedUntil: error.pausedUntil, target: request.target });
}

/**
 * `attempt` (a cold Observable making one request per subscription) through `budget`.
 *
 * - It is subscribed only once the budget lets the request go; unsubscribing while it waits
 *   leaves the queue, and nothing is sent.
 * - When it completes, fails or is unsubscribed, its units count on for the window.
 * - A 429 or 418 pauses the endpoint or the IP for every client of the budget, and the call is
 *   sent again (a new attempt, first in its account's turn) once the pause is over, at most
 *   `resendsAfterRefusal` times and only through a pause it may wait for; otherwise the refusal's
 *   error is passed on.
 *
 * Every subscription has its own state (a retry subscribes again and starts afresh). Written by
 * hand rather than as an operator chain: it runs on every call. `watch` (optional) is told how
 * long each attempt waited and of each refusal.
 *
 * @example
 * ```ts
 * const call$ = throughBudget(budget, { endpoint: 'M2', account: 'key#1f3a9c0b2d4e', units: 1 }, attempt$);
 * ```
 */
export function throughBudget<T>(budget: RequestBudget, request: BudgetRequest, attempt: Observable<T>, watch?: BudgetWatch): Observable<T> {
  const { settings } = budget;
  return new Observable<T>((subscriber) => {
    let resendsLeft = settings.resendsAfterRefusal;
    let waiting: Subscription | undefined;
    let sending: Subscription | undefined;
    let held: BudgetTicket | undefined;
    const failed = (ticket: BudgetTicket, error: unknown): void => {
      held = undefined;
      const refusal = refusalOf(error);
      if (refusal === undefined) {
        ticket.settle();
        subscriber.error(error);
        return;
      }
      const pause = ticket.refuse(refusal);
      watch?.paused(refusal.status);
      if (!resendAfterRefusal(resendsLeft, pause, settings.scheduler.now(), settings)) {
        subscriber.error(error);
        return;
      }
      resendsLeft -= 1;
      ask({ ...request, first: true });
    };
    const send = (ticket: BudgetTicket): void => {
      held = ticket;
      sending = attempt.subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => failed(ticket, error),
        complete: () => {
          held = undefined;
          ticket.settle();
          subscriber.complete();
        },
      });
    };
    const ask = (asked: BudgetRequest): void => {
      const admitted = watch?.asking();
      const now = budget.tryAdmit(asked);
      if (now !== undefined) {
        admitted?.();
        send(now);
        return;
      }
      const go = (ticket: BudgetTicket): void => {
        admitted?.();
        send(ticket);
      };
      waiting = budget.admit(asked).subscribe({ next: go, error: (error: unknown) => subscriber.error(aimed(error, request)) });
    };
    ask(request);
    return () => {
      waiting?.unsubscribe();
      sending?.unsubscribe();
      held?.settle();
    };
  });
}
