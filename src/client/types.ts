/**
 * The client's public shape. A client holds configuration and credentials (inside closures, so
 * printing it shows no secret); the operation functions take it as their first argument.
 *
 * @module
 */
import type { Observable, SchedulerLike } from 'rxjs';
import type { RequestBudget } from '../budget/types.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import type { CallOptions } from '../http/call-options.js';
import type { Redactor } from '../redact.js';

export type { CallOptions } from '../http/call-options.js';

/**
 * What `client.close()` resolves to: the listen keys the client made that may still be valid on
 * the service. Both empty when every key it made is gone.
 */
export interface ClientCloseResult {
  /**
   * Keys whose DELETE failed or did not end in time (the service unreachable, the IP banned),
   * masked as the lifecycle events show keys (`abcd…wxyz`). Each stays valid until it expires, 60
   * minutes after its last keepalive.
   */
  readonly keysNotClosed: readonly string[];
  /**
   * Listen-key creations sent before the close that never got an answer (a time-out, a network
   * failure): each may have made a key the client cannot know, valid for 60 minutes.
   */
  readonly creationsUnanswered: number;
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
  /**
   * The request budget its calls wait for (its `state$` is what a dashboard shows). Made with
   * `budget: false`, a budget of the client's own that spreads nothing (`spread: false`): it
   * counts and shows the limits, and holds the client's calls only while the service's 429 or 418
   * pause runs.
   */
  readonly budget: RequestBudget;
  /**
   * Runs any row of the endpoint table: a cold Observable that validates `params`, then makes one
   * signed request per subscription (retrying idempotent calls), and emits the decoded result.
   */
  call<P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions): Observable<R>;
  /**
   * Closes the client, and resolves once every listen key it made is gone (or could not be): it
   * stops its user data streams (whoever still subscribes gets a `stopped` event, reason
   * `client-closed`, then completion), gives up its calls waiting in the request budget or in
   * flight (they fail with `ClientClosedError`; a money-moving call already sent with
   * `UnknownOutcomeError`), lets a listen-key creation already sent finish, and DELETEs every key
   * it made and has not seen closed (its streams' and those of direct `createListenKey` calls).
   * It resolves at most twice `timeout` after it is called (20 s by default); the result lists the
   * keys it could not close. A client given a `recorder` then awaits its flush, for at most one
   * `timeout` more. Every later call, and every new subscription to its stream, fails at
   * once with `ClientClosedError`. Idempotent: every call returns the same promise. Never rejects.
   *
   * @example
   * ```ts
   * process.once('SIGINT', () => void client.close().then(() => process.exit(0)));
   * ```
   */
  close(): Promise<ClientCloseResult>;
}
