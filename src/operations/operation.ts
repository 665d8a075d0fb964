/**
 * Turns a row of the endpoint table into its public function `(client, params, options?) => Observable`.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import type { CallOptions, Client } from '../client/types.js';
import type { Endpoint } from '../endpoints/endpoint.js';

/**
 * An operation of the spec: a cold Observable per call. Each subscription validates `params` (a
 * ValidationError and no request when a rule is broken), sends one signed request (idempotent calls
 * retry on 429/5XX), and emits the decoded, normalized result once. Unsubscribing aborts the request.
 * Operations whose parameters are all optional may be called without them (`undefined`); `null`,
 * an array, a string or a number instead of the parameters object is a ValidationError, emitted
 * on subscription like every other broken rule.
 */
export type Operation<P, R> = Record<never, never> extends P
  ? (client: Client, params?: P, options?: CallOptions) => Observable<R>
  : (client: Client, params: P, options?: CallOptions) => Observable<R>;

/**
 * An {@link Operation} that also carries its row of the endpoint table as `endpoint`, so that
 * helpers such as `paginate` can read the row (its paging parameters) from the function itself.
 */
export type TableOperation<P, R> = Operation<P, R> & { readonly endpoint: Endpoint<P, R> };

/**
 * Builds the public function of a row.
 *
 * @example
 * ```ts
 * export const listSubAccounts = operation(M2);
 * listSubAccounts.endpoint.paging; // { page: 'page', size: 'limit', maxSize: 200, defaultSize: 10 }
 * ```
 */
export function operation<P, R>(endpoint: Endpoint<P, R>): TableOperation<P, R> {
  const run = (client: Client, params?: P, options?: CallOptions): Observable<R> => client.call(endpoint, params as P, options);
  return Object.assign(run as Operation<P, R>, { endpoint });
}
