/**
 * Runs a call's attempts through the request budget: each attempt waits for room, counts from the
 * moment it goes until its answer (plus the window), and a refusal (429, 418) pauses the budget and
 * sends the call again once the pause is over, when the policy says so.
 *
 * @module
 */
import { catchError, concatMap, defer, tap, throwError, type Observable } from 'rxjs';
import { resendAfterRefusal, refusalOf, type Pause } from './policy.js';
import type { BudgetRequest, RequestBudget } from './request-budget.js';

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
 * @example
 * ```ts
 * const call$ = throughBudget(budget, { endpoint: 'M2', account: 'key#1f3a9c0b2d4e', units: 1 }, attempt$);
 * ```
 */
export function throughBudget<T>(budget: RequestBudget, request: BudgetRequest, attempt: Observable<T>): Observable<T> {
  const { settings } = budget;
  // Per subscription (a retry subscribes again): the pause of one subscription's refusal is its own.
  const once = (resendsLeft: number, first: boolean): Observable<T> =>
    defer(() => {
      let pause: Pause | undefined;
      return budget.admit(first ? { ...request, first } : request).pipe(
        concatMap((ticket) =>
          attempt.pipe(
            tap({
              complete: () => ticket.settle(),
              unsubscribe: () => ticket.settle(),
              error: (error: unknown) => {
                const refusal = refusalOf(error);
                if (refusal === undefined) ticket.settle();
                else pause = ticket.refuse(refusal);
              },
            }),
          ),
        ),
        catchError((error: unknown) => {
          const now = settings.scheduler.now();
          if (pause === undefined || !resendAfterRefusal(resendsLeft, pause, now, settings)) return throwError(() => error);
          return once(resendsLeft - 1, true);
        }),
      );
    });
  return once(settings.resendsAfterRefusal, request.first === true);
}
