/**
 * The settings of the page-side sources of a listen-key broker (`remoteListenKeys`; those of
 * `remoteRepairSources` are in `remote-repair-settings.ts`, so a page with keys only carries none
 * of them): each rule and default, checked when a source is made; and where the
 * broker is, resolved against the page's location when it is used (so a source made in a module
 * that a server also renders is made without a location, and never used there).
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { ValidationError } from '../errors.js';
import type { FetchLike } from '../http/transport.js';
import { type DefaultsOf, optional, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, duration, LONGEST_TIMER_MS, SCHEDULER, type Rule } from '../settings/rules.js';

/** What a source needs of the page: its lifecycle events and, for a relative URL, its location. */
export interface PageLike {
  /** Listens to the page's `pagehide` and `pageshow` events. */
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: Event) => void): void;
  /** The page's address; a relative broker URL is resolved against `href`. */
  readonly location?: { readonly href: string } | undefined;
}

/** Settings of {@link remoteListenKeys}. */
export interface RemoteListenKeysOptions {
  /** The `fetch` that reaches the broker. Default: the global `fetch`. */
  readonly fetch?: FetchLike | undefined;
  /** The page: its `pagehide` and `pageshow` events, its location. Default: `globalThis` (the window), when it has `addEventListener`. */
  readonly page?: PageLike | undefined;
  /** Scheduler of the renewals. Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
  /**
   * The longest a call to the broker may take, ms, its whole answer read (a create, a renewal, a
   * close); a call past it fails with a `BrokerError` of status 0, and the stream retries a create
   * as it retries any. Default 10000 (the client's `timeout`).
   */
  readonly timeoutMs?: number | undefined;
}

function parsed(text: string, base?: string): URL | undefined {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
}

/** Where a relative broker URL is tried, to see that it stays on the page's own host. */
const PROBE_PAGE = 'http://page.invalid/dir/';

/**
 * A broker's URL: absolute (http or https, no user or password), or relative (`/api/mexc`,
 * `api/mexc`), resolved against the page's location onto the page's own host (`//host/...`, or a
 * `\\host` that a URL parser reads as one, is refused); no query or fragment.
 */
export const BROKER_URL: Rule<string> = {
  words: 'an absolute http:// or https:// URL without user or password, or a URL relative to the page on its own host; no query or fragment',
  accepts: (value): value is string => {
    if (typeof value !== 'string' || value === '' || /[?#\\\s]/.test(value)) return false;
    const url = parsed(value);
    if (url === undefined) return !value.startsWith('//') && parsed(value, PROBE_PAGE)?.host === 'page.invalid';
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
  },
};

/** The longest wait for a broker's answer, ms: 1 up to what a timer holds. */
export const BROKER_TIMEOUT: Rule<number> = duration({ min: 1, max: LONGEST_TIMER_MS });

/** A page: an object with `addEventListener`. */
export const PAGE: Rule<PageLike> = {
  words: 'an object with addEventListener (a window)',
  accepts: (value): value is PageLike => typeof value === 'object' && value !== null && typeof (value as { addEventListener?: unknown }).addEventListener === 'function',
};

/**
 * The defaults of {@link RemoteListenKeysOptions}, each written here only: `REMOTE_LISTEN_KEYS_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const REMOTE_LISTEN_KEYS_DEFAULTS = {
  scheduler: asyncScheduler,
  // As the client's `timeout` (a test holds the two equal): the page side does not import the client's settings.
  timeoutMs: 10_000,
} as const satisfies DefaultsOf<RemoteListenKeysOptions>;

/** The settings of `remoteListenKeys`: each rule and default. */
export const REMOTE_LISTEN_KEYS_SETTINGS = settingsFor<RemoteListenKeysOptions>()({
  fetch: optional(aFunction<FetchLike>()),
  page: optional(PAGE),
  scheduler: setting(SCHEDULER, REMOTE_LISTEN_KEYS_DEFAULTS.scheduler),
  timeoutMs: setting(BROKER_TIMEOUT, REMOTE_LISTEN_KEYS_DEFAULTS.timeoutMs),
});

/**
 * The page a source watches: the one given, else `globalThis` when it is a window.
 *
 * @example
 * ```ts
 * const page = pageOf(options.page); // undefined on a server
 * ```
 */
export function pageOf(given: PageLike | undefined): PageLike | undefined {
  if (given !== undefined) return given;
  return PAGE.accepts(globalThis) ? globalThis : undefined;
}

/**
 * The `fetch` a source calls: the one given, else the global one, looked up at each call.
 *
 * @example
 * ```ts
 * const fetch = fetchOf(options.fetch);
 * ```
 */
export function fetchOf(given: FetchLike | undefined): FetchLike {
  return given ?? ((input, init) => globalThis.fetch(input, init));
}

/**
 * The absolute URL of a route of the broker at `base`, a relative base resolved against the page's location.
 *
 * @throws ValidationError (field `url`) when `base` is relative and the page has no location.
 * @example
 * ```ts
 * routeUrl('/api/mexc', '/listen-key', { addEventListener() {}, location: { href: 'https://app.example/x' } }).href;
 * // 'https://app.example/api/mexc/listen-key'
 * ```
 */
export function routeUrl(base: string, route: string, page: PageLike | undefined): URL {
  const trimmed = base.replace(/\/+$/, '');
  if (parsed(base) !== undefined) return new URL(`${trimmed}${route}`);
  const href = page?.location?.href ?? (globalThis as { location?: { href?: unknown } }).location?.href;
  if (typeof href !== 'string') throw new ValidationError({ operation: 'config', issues: [{ field: 'url', rule: 'an absolute URL where the page has no location' }] });
  return new URL(`${trimmed}${route}`, href);
}
