/**
 * The settings of `remoteRepairSources`, the page-side repair sources of a listen-key broker: each
 * rule and default, checked when the sources are made (where the broker is, and the page, as
 * `remote-settings.ts` says for every page-side source).
 *
 * @module
 */
import type { SchedulerLike } from 'rxjs';
import type { FetchLike } from '../http/transport.js';
import { tradingSymbol } from '../params/fields.js';
import { optional, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, SCHEDULER, type Rule } from '../settings/rules.js';
import { BROKER_TIMEOUT, PAGE, REMOTE_LISTEN_KEYS_DEFAULTS, type PageLike } from './remote-settings.js';

/** Settings of {@link remoteRepairSources}. */
export interface RemoteRepairSourcesOptions {
  /** The `fetch` that reaches the broker. Default: the global `fetch`. */
  readonly fetch?: FetchLike | undefined;
  /** The page, for its location. Default: `globalThis` (the window). */
  readonly page?: PageLike | undefined;
  /** The trading pairs whose open orders are read. Default: those the broker is configured with. */
  readonly symbols?: readonly string[] | undefined;
  /**
   * The longest a read may take, ms, its whole answer read; a read past it fails with a
   * `BrokerError` of status 0 (the operator stays stale until a later resync). Default 10000
   * (as `remoteListenKeys`, and the client's `timeout`).
   */
  readonly timeoutMs?: number | undefined;
  /** Where `timeoutMs` is counted. Default rxjs `asyncScheduler` (as `remoteListenKeys`). */
  readonly scheduler?: SchedulerLike | undefined;
}

/** Trading pairs: each as the service spells them, at least one, none twice. */
export const TRADING_PAIRS: Rule<readonly string[]> = {
  words: `a list of trading pairs (${tradingSymbol.name}), at least one, none twice`,
  accepts: (value): value is readonly string[] =>
    Array.isArray(value) && value.length > 0 && new Set(value).size === value.length && value.every((symbol) => tradingSymbol.is(symbol)),
};

/** The settings of `remoteRepairSources`: each rule and default. */
export const REMOTE_REPAIRS_SETTINGS = settingsFor<RemoteRepairSourcesOptions>()({
  fetch: optional(aFunction<FetchLike>()),
  page: optional(PAGE),
  symbols: optional(TRADING_PAIRS),
  timeoutMs: setting(BROKER_TIMEOUT, REMOTE_LISTEN_KEYS_DEFAULTS.timeoutMs),
  scheduler: setting(SCHEDULER, REMOTE_LISTEN_KEYS_DEFAULTS.scheduler),
});
