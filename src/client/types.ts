/**
 * The client's public shape. A client holds configuration and credentials (inside closures, so
 * printing it shows no secret); the operation functions take it as their first argument.
 *
 * @module
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { RequestBudget } from '../budget/types.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import type { Redactor } from '../redact.js';

/** Per-call settings that override the client's. */
export interface CallOptions {
  /** Receive window for this call, 1 to 60000 ms. Default: the client's `recvWindow`. */
  readonly recvWindow?: number | undefined;
  /** Timeout for each attempt of this call, in ms. Default: the client's `timeout`. */
  readonly timeout?: number | undefined;
}

/** A configured connection to the service (or to the simulator). */
export interface Client {
  /** REST base URL, e.g. `https://api.mexc.com`. */
  readonly baseUrl: string;
  /** Websocket base URL, e.g. `wss://wbs-api.mexc.com/ws`. */
  readonly wsUrl: string;
  /** Default receive window, ms. */
  readonly recvWindow: number;
  /** Default timeout per attempt, ms. */
  readonly timeout: number;
  /** Source of the current time (epoch ms) for `timestamp`. */
  readonly clock: () => number;
  /** Scheduler for every delay the library waits (retries, keepalives, reconnects). */
  readonly scheduler: SchedulerLike;
  /** Removes this client's secrets (api key, secret key, signatures) from a text. */
  readonly redact: Redactor;
  /** The request budget its calls wait for (its `state$` is what a dashboard shows), or `undefined` when made with `budget: false`. */
  readonly budget: RequestBudget | undefined;
  /**
   * Runs any row of the endpoint table: a cold Observable that validates `params`, then makes one
   * signed request per subscription (retrying idempotent calls), and emits the decoded result.
   */
  call<P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions): Observable<R>;
}
