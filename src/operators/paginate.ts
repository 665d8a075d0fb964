/**
 * `paginate`: every item of a paged list operation, across all its pages.
 *
 * @module
 */
import { Observable, throwError } from 'rxjs';
import type { CallOptions, Client } from '../client/types.js';
import type { Page } from '../codecs/results.js';
import { endpointTarget, paramFields, type AnyEndpoint, type Endpoint, type Paging } from '../endpoints/endpoint.js';
import { ValidationError, type ValidationIssue } from '../errors.js';
import { CALL_OPTION_NAMES } from '../http/request-settings.js';
import { type DefaultsOf, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { count } from '../settings/rules.js';

/**
 * A paged list operation (`listSubAccounts`, `listUniversalTransfers`, `brokerListUniversalTransfers`,
 * `brokerListSubAccounts`, `brokerListDeposits`, `brokerListAllDeposits`, `brokerListRebates`), or
 * its row of the endpoint table.
 */
export type PagedList<P, T> = Endpoint<P, Page<T>> | { readonly endpoint: Endpoint<P, Page<T>> };

/** Settings of {@link paginate}; the call settings apply to every page request. */
export interface PaginateOptions extends CallOptions {
  /**
   * Stops after this many pages, whatever the service says (a guard against a service that ignores
   * `page`). `0` requests no page: the Observable completes at once, empty. Default: no limit.
   */
  readonly maxPages?: number | undefined;
}

/**
 * The defaults of {@link PaginateOptions}, each written here only: `PAGINATE_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const PAGINATE_DEFAULTS = {
  maxPages: Infinity,
} as const satisfies DefaultsOf<Pick<PaginateOptions, 'maxPages'>>;

/** The settings of its own (the call settings are checked by each call): each rule and default. */
export const PAGINATE_SETTINGS = settingsFor<Pick<PaginateOptions, 'maxPages'>>()(
  { maxPages: setting(count({ min: 0, orInfinity: true }), PAGINATE_DEFAULTS.maxPages) },
  [],
  CALL_OPTION_NAMES,
);

/** Page size for lists whose page size has no documented maximum (B10, B15). */
export const UNBOUNDED_PAGE_SIZE = 1000;

/** The arguments after `client`: `params` may be left out when every parameter is optional. */
export type PaginateArgs<P> = Record<never, never> extends P
  ? [params?: P, options?: PaginateOptions]
  : [params: P, options?: PaginateOptions];

function numberParam(params: object, name: string): number | undefined {
  const value: unknown = (params as Readonly<Record<string, unknown>>)[name];
  return typeof value === 'number' ? value : undefined;
}

/**
 * The page or page size given that is not a number (`'50'`), each with the row's own rule for it:
 * left to `numberParam`, it would silently become the default.
 */
function pagingIssues(row: AnyEndpoint, paging: Paging, params: object): ValidationIssue[] {
  const given = params as Readonly<Record<string, unknown>>;
  return paramFields(row)
    .filter(([name]) => (name === paging.page || name === paging.size) && given[name] !== undefined && typeof given[name] !== 'number')
    .map(([name, field]) => ({ field: name, rule: field.codec.name }));
}

/** Whether the page just received is the last one. */
function isLastPage(page: Page<unknown>, number: number, size: number, seen: number): boolean {
  if (page.items.length === 0) return true;
  // What the service says beats the page length: a service that silently caps the page size
  // returns short pages that are not the last.
  if (page.totalPages !== undefined) return number >= page.totalPages;
  if (page.total !== undefined) return seen >= page.total;
  return page.items.length < size;
}

/**
 * Emits every item of a paged list, requesting its pages one after the other (the next page only
 * once the previous one has been emitted).
 *
 * - Page size: the largest the list allows (`limit` 200 for M2 and B3, 500 for M7 and B1, 1000 for
 *   B11), or {@link UNBOUNDED_PAGE_SIZE} where the spec sets no maximum (B10, B15); a page size or
 *   a starting page in `params` wins. Given as anything but a number (`'50'`), it fails the
 *   Observable with a {@link ValidationError} (the list's rule for it), before any request.
 * - Stops after an empty page; after page `totalPages` when the service says how many pages there
 *   are (B15), or after `total` items when it says that; otherwise after a page shorter than the
 *   page size; and after `maxPages` pages whatever the service says (`maxPages: 0`: no request,
 *   an empty Observable).
 * - Cold: each subscription walks the list again. Unsubscribing aborts the request in flight and
 *   sends no other; `take(n)` therefore requests only the pages it needs.
 * - A failed page request (after the call's own retries) fails the Observable, after the items of
 *   the pages before it.
 *
 * @example
 * ```ts
 * import { toArray } from 'rxjs';
 * import { brokerListRebates, createClient, listSubAccounts, paginate } from 'mexc-rx';
 *
 * const client = createClient({ apiKey: 'mx0vgl...', secretKey: '...' });
 * paginate(listSubAccounts, client, { isFreeze: false })
 *   .subscribe((subAccount) => console.log(subAccount.subAccount, subAccount.uid));
 * paginate(brokerListRebates, client, { startTime: Date.now() - 7 * 86_400_000 })
 *   .pipe(toArray())
 *   .subscribe((rebates) => console.log(rebates.length, 'rebates'));
 * ```
 */
export function paginate<P extends object, T>(list: PagedList<P, T>, client: Client, ...args: PaginateArgs<NoInfer<P>>): Observable<T> {
  const [params = {} as P, options = {}] = args as [P | undefined, PaginateOptions | undefined];
  const row = 'endpoint' in list ? list.endpoint : list;
  const paging: Paging | undefined = row.paging;
  if (!paging) {
    return throwError(() => new ValidationError({ operation: row.id, target: endpointTarget(row), issues: [{ field: 'paging', rule: 'a paged list operation' }] }));
  }
  const issues = pagingIssues(row as AnyEndpoint, paging, params);
  if (issues.length > 0) return throwError(() => new ValidationError({ operation: row.id, target: endpointTarget(row), issues }));
  let maxPages: number;
  try {
    maxPages = resolveSettings(PAGINATE_SETTINGS, options).maxPages;
  } catch (error: unknown) {
    return throwError(() => error);
  }
  const size = numberParam(params, paging.size) ?? paging.maxSize ?? UNBOUNDED_PAGE_SIZE;
  const first = numberParam(params, paging.page) ?? 1;
  const { maxPages: _unused, ...callOptions } = options;

  return new Observable<T>((subscriber) => {
    // No page allowed: no request, as `take(0)` would complete without subscribing.
    if (maxPages === 0) return subscriber.complete();
    let seen = 0;
    const request = (number: number, requested: number): void => {
      let page: Page<T> | undefined;
      const pageParams = { ...params, [paging.page]: number, [paging.size]: size };
      subscriber.add(
        client.call(row, pageParams, callOptions).subscribe({
          next: (value) => {
            page = value;
          },
          error: (error: unknown) => subscriber.error(error),
          complete: () => {
            if (!page) return subscriber.complete();
            for (const item of page.items) {
              if (subscriber.closed) return;
              subscriber.next(item);
            }
            seen += page.items.length;
            if (subscriber.closed) return;
            // Items skipped by a starting page count towards `total` too.
            if (requested >= maxPages || isLastPage(page, number, size, seen + (first - 1) * size)) subscriber.complete();
            else request(number + 1, requested + 1);
          },
        }),
      );
    };
    request(first, 1);
  });
}
