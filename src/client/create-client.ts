/**
 * `createClient`: configuration with documented defaults, checked once, and the credentials kept
 * in closures.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import type { RequestBudget } from '../budget/types.js';
import { budgetAccount, sharedRequestBudget } from '../budget/shared.js';
import { ValidationError, type ValidationIssue } from '../errors.js';
import { createExecutor } from '../http/execute.js';
import { resolveRetryOptions, type RetryOptions } from '../http/retry-policy.js';
import { HTTP_TRANSPORTS, type FetchLike, type HttpTransport } from '../http/transport.js';
import { hmacSha256Signer, type Signer } from '../http/sign.js';
import { recvWindow as recvWindowRule } from '../params/fields.js';
import { redactor } from '../redact.js';
import { isLoopbackHost } from './loopback.js';
import type { Client } from './types.js';

/** The real service's REST base URL. */
export const DEFAULT_BASE_URL = 'https://api.mexc.com';
/** The real service's websocket base URL. */
export const DEFAULT_WS_URL = 'wss://wbs-api.mexc.com/ws';

/** Settings of {@link createClient}. Every field is optional; defaults follow the real service. */
export interface ClientConfig {
  /** API key, sent in the `X-MEXC-APIKEY` header. Needed for every signed call. */
  readonly apiKey?: string;
  /** Secret key for HMAC-SHA256 signing. Give this or `sign`. */
  readonly secretKey?: string;
  /** A custom signer (lowercase hex HMAC-SHA256 of its input), for keys held elsewhere. Overrides `secretKey`. */
  readonly sign?: Signer;
  /** REST base URL. Default `https://api.mexc.com`. */
  readonly baseUrl?: string;
  /** Websocket base URL for user data streams. Default `wss://wbs-api.mexc.com/ws`. */
  readonly wsUrl?: string;
  /** Receive window sent with every call, 1 to 60000 ms. Default 5000. */
  readonly recvWindow?: number;
  /** Timeout of each HTTP attempt, ms. Default 10000. */
  readonly timeout?: number;
  /**
   * The `fetch` to use (tests, proxies, other runtimes). Default: on Node 20.16 and later,
   * node:http with a keep-alive agent shared by the process (a fraction of the CPU per request of
   * Node's global `fetch`); elsewhere the global `fetch`. Pass `globalThis.fetch` to use Node's.
   */
  readonly fetch?: FetchLike;
  /**
   * How requests are sent: `'ky'` (default) or `'fetch'` (that `fetch` called directly, without
   * the `Request` ky builds per call: more requests per second for the same CPU). Requests,
   * errors, timeouts and retries are the same either way.
   */
  readonly transport?: HttpTransport;
  /** Current time in epoch ms, for `timestamp`. Default `Date.now`. */
  readonly clock?: () => number;
  /** Scheduler for all waiting (retry delays, keepalives, reconnects). Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /** Retries of idempotent calls. Default: 2 retries, backoff from 250 ms to 5 s, `Retry-After` up to 30 s honoured. */
  readonly retry?: RetryOptions;
  /** Whether the JSON body of broker POST/DELETE is part of the signed text. Default `false` (query only, docs/service.md). */
  readonly signBody?: boolean;
  /** Allow a plain `http://` base URL to a host other than loopback. Default `false`. */
  readonly allowInsecureHttp?: boolean;
  /** Source of randomness for backoff jitter, in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /**
   * The request budget every call waits for (docs/rate-limits.md): one made with
   * `createRequestBudget` and given to every client sending from one IP, or `false` for none.
   * Default: the process's budget for this `baseUrl`'s origin and this `scheduler`, shared by every
   * client made without one, with the service's limits (500 per 10 s per endpoint, per IP and per
   * account).
   */
  readonly budget?: RequestBudget | false;
  /**
   * The account the budget counts this client's calls under. Default: a hash of `apiKey`, so two
   * keys of one account count as two accounts; give clients of one account the same `accountId`.
   */
  readonly accountId?: string;
}

function checkUrl(field: string, value: string, secure: string, plain: string, allowInsecure: boolean): ValidationIssue | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { field, rule: 'an absolute URL' };
  }
  if (url.protocol === secure) return undefined;
  if (url.protocol !== plain) return { field, rule: `${secure}// or ${plain}//` };
  return isLoopbackHost(url.hostname) || allowInsecure ? undefined : { field, rule: `${secure}// (plain ${plain}// only to loopback unless allowInsecureHttp)` };
}

/**
 * Makes a client. Nothing is sent until an operation is subscribed to.
 *
 * @throws {@link ValidationError} when a setting breaks its rule (bad URL, recvWindow over 60000...).
 *
 * @example
 * ```ts
 * import { createClient, listSubAccounts } from 'mexc-rx';
 *
 * const client = createClient({ apiKey: process.env.MEXC_API_KEY, secretKey: process.env.MEXC_SECRET_KEY });
 * listSubAccounts(client, { limit: 200 }).subscribe((page) => console.log(page.items));
 * ```
 */
export function createClient(config: ClientConfig = {}): Client {
  const baseUrl = config.baseUrl ?? DEFAULT_BASE_URL;
  const wsUrl = config.wsUrl ?? DEFAULT_WS_URL;
  const recvWindow = config.recvWindow ?? 5000;
  const timeout = config.timeout ?? 10000;
  const allowInsecure = config.allowInsecureHttp ?? false;
  const transport = config.transport ?? 'ky';
  const issues = [
    checkUrl('baseUrl', baseUrl, 'https:', 'http:', allowInsecure),
    checkUrl('wsUrl', wsUrl, 'wss:', 'ws:', allowInsecure),
    recvWindowRule.is(recvWindow) ? undefined : { field: 'recvWindow', rule: recvWindowRule.name },
    Number.isFinite(timeout) && timeout > 0 ? undefined : { field: 'timeout', rule: 'positive number of ms' },
    HTTP_TRANSPORTS.includes(transport) ? undefined : { field: 'transport', rule: `one of ${HTTP_TRANSPORTS.join(', ')}` },
    config.accountId !== '' ? undefined : { field: 'accountId', rule: 'non-empty text' },
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
  if (issues.length > 0) throw new ValidationError({ operation: 'config', issues });

  const clock = config.clock ?? Date.now;
  const scheduler = config.scheduler ?? asyncScheduler;
  const redact = redactor([config.apiKey, config.secretKey]);
  const sign = config.sign ?? (config.secretKey !== undefined ? hmacSha256Signer(config.secretKey) : undefined);
  const budget = config.budget === false ? undefined : (config.budget ?? sharedRequestBudget(baseUrl, scheduler));
  const call = createExecutor({
    baseUrl,
    apiKey: config.apiKey,
    sign,
    recvWindow,
    timeout,
    signBody: config.signBody ?? false,
    fetch: config.fetch,
    transport,
    clock,
    scheduler,
    retry: resolveRetryOptions(config.retry),
    random: config.random ?? Math.random,
    redact,
    budget,
    budgetAccount: budgetAccount(config.accountId, config.apiKey),
  });
  return { baseUrl, wsUrl, recvWindow, timeout, clock, scheduler, redact, budget, call };
}
