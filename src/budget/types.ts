/**
 * The request budget's public shapes: what a call asks for, the room it gets, and the budget
 * itself (made by `createRequestBudget`, `./request-budget.ts`).
 *
 * @module
 */
import type { Observable } from 'rxjs';
import type { CallRate } from '../endpoints/endpoint.js';
import type { RequestTarget } from '../error-context.js';
import type { OperationId } from '../operation-id.js';
import type { BudgetSettings } from './options.js';
import type { Pause, Refusal } from './policy.js';
import type { BudgetSnapshot } from './state.js';

/** A request asking for room. */
export interface BudgetRequest {
  readonly endpoint: OperationId;
  /** The account, as the budget names it (a client's `accountId`, or `key#...` from its API key). */
  readonly account: string;
  /** Units it costs: its row's weight (1 where the table gives none). */
  readonly units: number;
  /**
   * The endpoint's own rate per account, kept besides the units: its row's `accountRate` (A1: 2
   * calls per second). Read when the account's queue on the endpoint is made. Default none.
   */
  readonly accountRate?: CallRate | undefined;
  /** Goes ahead of the account's other calls waiting on the endpoint (a refused call sent again keeps its turn). */
  readonly first?: boolean | undefined;
  /** Where the call goes: the `RateLimitedError` of a call run through `throughBudget` names it. Default none. */
  readonly target?: RequestTarget | undefined;
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
  /**
   * Room for `request` at once, when nobody is waiting and it fits now; otherwise `undefined`
   * (then {@link admit} waits its turn). The ticket counts as `admit`'s does.
   */
  tryAdmit(request: BudgetRequest): BudgetTicket | undefined;
  /** The state now. */
  snapshot(): BudgetSnapshot;
  /**
   * The state, at subscription and then every `stateIntervalMs` on the budget's scheduler (one
   * timer, shared by all subscribers; nothing runs while nobody subscribes).
   */
  readonly state$: Observable<BudgetSnapshot>;
}
