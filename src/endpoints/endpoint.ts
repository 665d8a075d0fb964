/**
 * The shape of one row of the endpoint table. The client functions, the simulator's routes and
 * parameter checks, and the generated reference in `docs/endpoints.md` all derive from these rows.
 *
 * @module
 */
import type { ResponseDecoder } from '../codecs/decoder.js';
import type { ParamField, ParamSpecs } from '../params/field.js';
import type { BrokerPermission } from '../params/fields.js';
import type { RequestTarget } from '../error-context.js';
import type { OperationId } from '../operation-id.js';

/** HTTP methods the spec uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The groups of operations: the spec's three (`master`, `broker`, `listenKey`), and the account
 * reads every account makes with its own key (`account`), which the service documents beyond the
 * spec (docs/service.md, "Account reads").
 */
export type EndpointGroup = 'master' | 'broker' | 'listenKey' | 'account';

/** Where a row comes from: the interface spec, or the service's public documentation (docs/service.md). */
export type RowSource = 'spec' | 'service-docs';

/**
 * A rate the service applies to one endpoint per account, on top of its weight budget: at most
 * `calls` calls per `perMs` ms (e.g. `GET /api/v3/account`: 2 per second). The request budget keeps
 * each account within it, and the simulator answers 429 past it.
 */
export interface CallRate {
  /** Calls allowed per period. */
  readonly calls: number;
  /** Length of the period, ms. */
  readonly perMs: number;
}

/**
 * Where the operation's own parameters travel:
 * - `query`: all in the signed query string (master group, listen-key group, broker GETs);
 * - `json-body`: a JSON body, with `recvWindow`, `timestamp` and `signature` in the query
 *   (broker POST/DELETE, docs/service.md).
 */
export type ParamPlacement = 'query' | 'json-body';

/**
 * Which accounts may call the operation:
 * - `master`: a master account (M1-M8);
 * - `broker`: a broker account (B1-B7, B13-B15);
 * - `broker-sub-account`: a broker's sub-account, acting for itself with its own key (B8-B12);
 * - `any`: every kind of account, each for itself with its own key (listen keys, account reads).
 */
export type Audience = 'master' | 'broker' | 'broker-sub-account' | 'any';

/** How a paged list operation names its page parameters. */
export interface Paging<Name extends string = string> {
  /** Parameter holding the page number (from 1). */
  readonly page: Name;
  /** Parameter holding the page size. */
  readonly size: Name;
  /** Largest page size the spec allows, or `undefined` when it applies none. */
  readonly maxSize: number | undefined;
  /** Page size the service uses when none is sent. */
  readonly defaultSize: number;
}

/** One operation of the spec, as data. `P` is its params type, `R` its normalized result. */
export interface Endpoint<P, R> {
  /** Spec id, e.g. `M6` (`A1`, `A2` for the account reads the service documents beyond the spec). */
  readonly id: OperationId;
  /** Where the row comes from. */
  readonly source: RowSource;
  /** Name of the public function built from this row. */
  readonly name: string;
  /** One line saying what it does. */
  readonly summary: string;
  readonly method: HttpMethod;
  /** Path relative to the base URL. */
  readonly path: string;
  readonly group: EndpointGroup;
  /** Who may call it. */
  readonly audience: Audience;
  /**
   * Permission the API key needs: the one the spec (or, for a row from the service's
   * documentation, that documentation) names, or where the spec says "not shown", the library's
   * choice (see {@link permissionChoice}). The simulator enforces it (700007 without it).
   */
  readonly permission: BrokerPermission;
  /** Why {@link permission} was chosen where its source names none; `undefined` where it names it. */
  readonly permissionChoice: string | undefined;
  /** Request weight, or `undefined` where the spec does not give one (the request budget counts such a row as 1). */
  readonly weight: number | undefined;
  /** The service's own rate for this endpoint per account, beyond its weight; `undefined` when it has none. */
  readonly accountRate: CallRate | undefined;
  /** The parameters, in the order they are sent. */
  readonly params: ParamSpecs<P>;
  /** Where the parameters travel. */
  readonly placement: ParamPlacement;
  /** The success body is a broker envelope `{code, message, data}` whose `data` is decoded. */
  readonly envelope: boolean;
  /** The call moves money: an unclear failure is an UnknownOutcomeError, never retried. */
  readonly movesMoney: boolean;
  /** Safe to repeat: retried on 429/5XX/network failure (GETs and listen-key PUT/DELETE). */
  readonly idempotent: boolean;
  /** Paging parameters, for list operations that have them. */
  readonly paging: Paging | undefined;
  /** Decodes and normalizes the (unwrapped) response body. */
  readonly response: ResponseDecoder<R>;
}

/** Any row of the table, with its types erased (for code that walks the whole table). */
export type AnyEndpoint = Endpoint<unknown, unknown>;

/** The parameter fields of any row, in the order they are sent. */
export function paramFields(row: AnyEndpoint): readonly (readonly [string, ParamField<unknown>])[] {
  // A row's ParamSpecs<P> holds one ParamField per key of P; erasing P leaves exactly that.
  return Object.entries(row.params as Readonly<Record<string, ParamField<unknown>>>);
}

/**
 * Where a row's calls go, as the errors of a call name it (`method` and `path`, never a query).
 *
 * @example
 * ```ts
 * endpointTarget(M2); // { method: 'GET', path: '/api/v3/sub-account/list' }
 * ```
 */
export function endpointTarget(row: Pick<AnyEndpoint, 'method' | 'path'>): RequestTarget {
  return { method: row.method, path: row.path };
}

/** The params type of a row. */
export type ParamsOf<E> = E extends Endpoint<infer P, unknown> ? P : never;

/** The result type of a row. */
export type ResultOf<E> = E extends Endpoint<never, infer R> ? R : never;

type RowInput<P, R> = Omit<Endpoint<P, R>, 'idempotent' | 'paging' | 'envelope' | 'movesMoney' | 'placement' | 'source' | 'accountRate'> &
  Partial<Pick<Endpoint<P, R>, 'envelope' | 'movesMoney' | 'source' | 'accountRate'>> & { readonly paging?: Paging<keyof P & string> };

/** What the rows of one group share (its group, audience, weight...), given to {@link defineEndpoint} beside each row. */
export type SharedRowFields = Partial<Pick<Endpoint<unknown, unknown>, 'group' | 'audience' | 'weight' | 'path' | 'source' | 'permissionChoice'>>;

/**
 * Declares a row for params type `P` from what its group shares and its own fields; the result type
 * follows from the row's response decoder. Completes the row with what follows from it: broker
 * POST/DELETE send a JSON body; GETs and listen-key PUT/DELETE are idempotent; a row is from the
 * spec and has no per-account rate unless it says otherwise.
 *
 * The group's fields are merged here, not spread into each row where it is declared: a row built
 * with a spread, or with calls not marked pure, is kept by a bundler in every page that imports any
 * row of its module, used or not. (`own` is also read as a partial row: that is what lets the result
 * type be inferred from its `response`.)
 *
 * @example
 * ```ts
 * const listenKeyGroup = { group: 'listenKey', audience: 'any', weight: undefined, path: '/api/v3/userDataStream' } as const;
 * const L1 = /* @__PURE__ *\/ defineEndpoint<Record<string, never>>()(listenKeyGroup, { id: 'L1', method: 'POST', ... });
 * ```
 */
export function defineEndpoint<P>() {
  return <R, S extends SharedRowFields>(shared: S, own: Omit<RowInput<P, R>, keyof S> & Partial<RowInput<P, R>>): Endpoint<P, R> => {
    const row = { ...shared, ...own } as RowInput<P, R>;
    const placement: ParamPlacement =
      row.group === 'broker' && (row.method === 'POST' || row.method === 'DELETE') ? 'json-body' : 'query';
    const idempotent = row.method === 'GET' || (row.group === 'listenKey' && row.method !== 'POST');
    return {
      ...row,
      placement,
      idempotent,
      source: row.source ?? 'spec',
      accountRate: row.accountRate,
      envelope: row.envelope ?? false,
      movesMoney: row.movesMoney ?? false,
      paging: row.paging,
    };
  };
}
