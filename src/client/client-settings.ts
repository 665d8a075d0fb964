/**
 * The settings of `createClient`: each one's rule and default, checked when the client is made.
 * The credentials' rules only say they are non-empty text: their values are never repeated.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { REQUEST_BUDGET } from '../budget/shared.js';
import type { RequestBudget } from '../budget/types.js';
import { RECV_WINDOW, REQUEST_TIMEOUT, RETRY_SETTINGS, type RetryOptions } from '../http/request-settings.js';
import type { Signer } from '../http/sign.js';
import { HTTP_TRANSPORTS, type FetchLike, type HttpTransport } from '../http/transport.js';
import { RECORDER, type Recording } from '../recording-hooks.js';
import type { MeterProviderLike } from '../metrics/meter-types.js';
import { METER_PROVIDER, metricsAccountNamed } from '../metrics/settings.js';
import { type DefaultsOf, group, optional, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, BOOLEAN, NON_EMPTY_TEXT, oneOf, SCHEDULER } from '../settings/rules.js';
import { plainOnlyToLoopback, serviceUrl } from './url-settings.js';

/** The real service's REST base URL. */
export const DEFAULT_BASE_URL = 'https://api.mexc.com';
/** The real service's websocket base URL. */
export const DEFAULT_WS_URL = 'wss://wbs-api.mexc.com/ws';

/** Settings of {@link createClient}. Every field is optional; defaults follow the real service. */
export interface ClientConfig {
  /** API key, sent in the `X-MEXC-APIKEY` header. Needed for every signed call. */
  readonly apiKey?: string | undefined;
  /** Secret key for HMAC-SHA256 signing. Give this or `sign`. */
  readonly secretKey?: string | undefined;
  /** A custom signer (lowercase hex HMAC-SHA256 of its input), for keys held elsewhere. Overrides `secretKey`. */
  readonly sign?: Signer | undefined;
  /** REST base URL: `https://` (plain `http://` only to loopback unless `allowInsecureHttp`), without user or password. Default `https://api.mexc.com`. */
  readonly baseUrl?: string | undefined;
  /** Websocket base URL for user data streams: `wss://` (plain `ws://` only to loopback unless `allowInsecureHttp`), without user or password. Default `wss://wbs-api.mexc.com/ws`. */
  readonly wsUrl?: string | undefined;
  /** Receive window sent with every call, 1 to 60000 ms. Default 5000. */
  readonly recvWindow?: number | undefined;
  /** Timeout of each HTTP attempt, ms, from 1 to 2147483647 (the longest a timer holds). Default 10000. */
  readonly timeout?: number | undefined;
  /**
   * The `fetch` to use (tests, proxies, other runtimes). Default: on Node, undici's `Pool#request`
   * with a keep-alive pool per origin shared by the process (a fraction of the CPU per request of
   * Node's global `fetch`); elsewhere the global `fetch`. Pass `globalThis.fetch` to use Node's.
   */
  readonly fetch?: FetchLike | undefined;
  /**
   * How requests are sent: `'ky'` or `'fetch'` (that `fetch` called directly, without the
   * `Request` ky builds per call: more requests per second for the same CPU). Requests, errors,
   * timeouts and retries are the same either way. Default `'ky'`.
   */
  readonly transport?: HttpTransport | undefined;
  /** Current time in epoch ms, for `timestamp`. Default `Date.now`. */
  readonly clock?: (() => number) | undefined;
  /** Scheduler for all waiting (retry delays, keepalives, reconnects). Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
  /** Retries of idempotent calls; each of its settings says its default ({@link RetryOptions}). */
  readonly retry?: RetryOptions | undefined;
  /** Whether the JSON body of broker POST/DELETE is part of the signed text. Default `false` (query only, docs/service.md). */
  readonly signBody?: boolean | undefined;
  /** Allow a plain `http://` base URL or `ws://` websocket URL to a host other than loopback. Default `false`. */
  readonly allowInsecureHttp?: boolean | undefined;
  /** Source of randomness for backoff jitter, in [0, 1). Default `Math.random`. */
  readonly random?: (() => number) | undefined;
  /**
   * The request budget every call waits for (docs/rate-limits.md): one made with
   * `createRequestBudget` and given to every client sending from one IP, or `false` for one of the
   * client's own that spreads nothing (`spread: false`, no bound in flight) but still holds its
   * calls through the service's 429 and 418 pauses; `client.budget` is there either way. Default: the process's budget for this `baseUrl`'s origin and this `scheduler`, shared by every
   * client made without one, with the service's limits (500 per 10 s per endpoint, per IP and per
   * account).
   */
  readonly budget?: RequestBudget | false | undefined;
  /**
   * The account the budget counts this client's calls under. Default: a hash of `apiKey`, so two
   * keys of one account count as two accounts; give clients of one account the same `accountId`.
   */
  readonly accountId?: string | undefined;
  /**
   * A recorder (`createRecorder`) that records this client's REST calls (their replies, by
   * operation id) and its user data streams (docs/recordings.md), its keys kept out.
   * `client.close()` flushes it. Default: none.
   */
  readonly recorder?: Recording | undefined;
  /**
   * Where the client's metrics go (docs/metrics.md): a `MeterProvider` of `@opentelemetry/api`.
   * Default: the global one (`metrics.getMeterProvider()`, read when the client is made) on Node
   * 20.16 and later when `@opentelemetry/api` is installed; otherwise nothing is recorded.
   */
  readonly meterProvider?: MeterProviderLike | undefined;
  /**
   * Whether every measurement of the client carries its `accountId` as the attribute `account`
   * (needs `accountId`). Each account then adds its own series to every instrument: for a few
   * accounts, not for hundreds. Default `false`.
   */
  readonly metricsAccount?: boolean | undefined;
}

/**
 * The defaults of {@link ClientConfig}, each written here only: `CLIENT_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const CLIENT_DEFAULTS = {
  baseUrl: DEFAULT_BASE_URL,
  wsUrl: DEFAULT_WS_URL,
  recvWindow: 5000,
  timeout: 10_000,
  transport: 'ky',
  clock: Date.now,
  scheduler: asyncScheduler,
  signBody: false,
  allowInsecureHttp: false,
  random: Math.random,
  metricsAccount: false,
} as const satisfies DefaultsOf<ClientConfig>;

/** The client's settings: each rule and default. */
export const CLIENT_SETTINGS = settingsFor<ClientConfig>()(
  {
    apiKey: optional(NON_EMPTY_TEXT),
    secretKey: optional(NON_EMPTY_TEXT),
    sign: optional(aFunction<Signer>()),
    baseUrl: setting(serviceUrl(['https:', 'http:']), CLIENT_DEFAULTS.baseUrl),
    wsUrl: setting(serviceUrl(['wss:', 'ws:']), CLIENT_DEFAULTS.wsUrl),
    recvWindow: setting(RECV_WINDOW, CLIENT_DEFAULTS.recvWindow),
    timeout: setting(REQUEST_TIMEOUT, CLIENT_DEFAULTS.timeout),
    fetch: optional(aFunction<FetchLike>()),
    transport: setting(oneOf(HTTP_TRANSPORTS), CLIENT_DEFAULTS.transport),
    clock: setting(aFunction<() => number>(), CLIENT_DEFAULTS.clock),
    scheduler: setting(SCHEDULER, CLIENT_DEFAULTS.scheduler),
    retry: group(RETRY_SETTINGS),
    signBody: setting(BOOLEAN, CLIENT_DEFAULTS.signBody),
    allowInsecureHttp: setting(BOOLEAN, CLIENT_DEFAULTS.allowInsecureHttp),
    random: setting(aFunction<() => number>(), CLIENT_DEFAULTS.random),
    budget: optional(REQUEST_BUDGET),
    accountId: optional(NON_EMPTY_TEXT),
    recorder: optional(RECORDER),
    meterProvider: optional(METER_PROVIDER),
    metricsAccount: setting(BOOLEAN, CLIENT_DEFAULTS.metricsAccount),
  },
  [plainOnlyToLoopback('baseUrl', ['https:', 'http:']), plainOnlyToLoopback('wsUrl', ['wss:', 'ws:']), metricsAccountNamed],
);
