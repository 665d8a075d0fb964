/**
 * What an operation handler is: a function from an operation's checked parameters and the call's
 * context to the response body (before any broker envelope). Handlers throw {@link SimError}.
 *
 * @module
 */
import type { Endpoint } from '../../endpoints/endpoint.js';
import type { Account, ApiKeyRecord, World } from '../state.js';
import type { OmittedPartyFilter } from '../transfers.js';

/** Settings handlers follow. */
export interface HandlerSettings {
  /** What an omitted `fromAccount`/`toAccount` means in M7/B1. Default `caller` (the spec's wording). */
  readonly historyOmittedParty: OmittedPartyFilter;
}

/** Everything a handler may use. */
export interface HandlerContext {
  readonly world: World;
  /** The account whose key signed the call. */
  readonly caller: Account;
  /** The API key that signed the call. */
  readonly key: ApiKeyRecord;
  /** The simulator's clock at the call. */
  readonly now: number;
  readonly settings: HandlerSettings;
}

/** A handler with its parameter type erased (for the table). */
export type Handler = (params: Readonly<Record<string, unknown>>, ctx: HandlerContext) => unknown;

/**
 * Types a handler by its endpoint row: the parameters arrive checked by that row's own fields
 * (decodeWireParams), so they have the row's params type.
 *
 * @example
 * ```ts
 * const m5 = handler(M5, ({ subAccount, apiKey }, ctx) => ({ subAccount }));
 * ```
 */
export function handler<P, R>(_row: Endpoint<P, R>, fn: (params: P, ctx: HandlerContext) => unknown): Handler {
  return (params, ctx) => fn(params as unknown as P, ctx);
}

/**
 * The default page size of a row (from the table's paging data).
 *
 * @example
 * ```ts
 * defaultPageSize(M7); // 500
 * ```
 */
export function defaultPageSize<P, R>(row: Endpoint<P, R>): number {
  return row.paging?.defaultSize ?? 10;
}
