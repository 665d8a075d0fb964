/**
 * The rules and defaults of a client's request settings: the timeout of an attempt (also given per
 * call) and the retries of idempotent calls. Their delays go to timers: none may be longer than a
 * timer holds (2^31 - 1 ms, about 24.8 days), or it would fire at once.
 *
 * @module
 */
import type { CallOptions } from './call-options.js';
import { recvWindow as recvWindowCodec } from '../params/fields.js';
import { type DefaultsOf, optional, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, count, duration, LONGEST_TIMER_MS, type Rule } from '../settings/rules.js';

/** Retry settings for idempotent calls (GETs, listen-key PUT/DELETE). POSTs are never retried. */
export interface RetryOptions {
  /** Further attempts after the first. 0 or more. Default 2. */
  readonly limit?: number | undefined;
  /** First backoff delay in ms, doubled each attempt, with full jitter, up to 2147483647. Default 250. */
  readonly baseDelayMs?: number | undefined;
  /** Longest backoff delay in ms, at least `baseDelayMs`, up to 2147483647. Default 5000. */
  readonly maxDelayMs?: number | undefined;
  /** Longest `Retry-After` honoured, in ms; a longer one ends the call with the error; up to 2147483647. Default 30000. */
  readonly maxRetryAfterMs?: number | undefined;
}

/** The timeout of each attempt, ms: the client's `timeout`, and a call's. */
export const REQUEST_TIMEOUT: Rule<number> = duration({ min: 1, max: LONGEST_TIMER_MS });

/** The receive window of a signed request, ms: the client's `recvWindow`, and a call's. */
export const RECV_WINDOW: Rule<number> = { words: recvWindowCodec.name, accepts: (value): value is number => recvWindowCodec.is(value) };

/** A call's own settings (`CallOptions`), each overriding the client's when given; checked by each call. */
export const CALL_SETTINGS = settingsFor<CallOptions>()({
  recvWindow: optional(RECV_WINDOW),
  timeout: optional(REQUEST_TIMEOUT),
  beforeSend: optional(aFunction<(timestamp: number) => Promise<void> | void>()),
});

/**
 * The names of a call's settings: the helpers whose options extend them (`paginate`,
 * `pollSubAccountBalances`, the transfers) take these names besides their own and pass them on.
 */
export const CALL_OPTION_NAMES: readonly string[] = Object.keys(CALL_SETTINGS.fields);

/**
 * The defaults of {@link RetryOptions}, each written here only: `RETRY_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const RETRY_DEFAULTS = {
  limit: 2,
  baseDelayMs: 250,
  maxDelayMs: 5000,
  maxRetryAfterMs: 30_000,
} as const satisfies DefaultsOf<RetryOptions>;

/** The retry settings: each rule and default. */
export const RETRY_SETTINGS = settingsFor<RetryOptions>()(
  {
    limit: setting(count({ min: 0 }), RETRY_DEFAULTS.limit),
    baseDelayMs: setting(duration({ min: 0, max: LONGEST_TIMER_MS }), RETRY_DEFAULTS.baseDelayMs),
    maxDelayMs: setting(duration({ min: 0, max: LONGEST_TIMER_MS }), RETRY_DEFAULTS.maxDelayMs),
    maxRetryAfterMs: setting(duration({ min: 0, max: LONGEST_TIMER_MS }), RETRY_DEFAULTS.maxRetryAfterMs),
  },
  [{ field: 'maxDelayMs', words: 'at least baseDelayMs', holds: (retry) => retry.maxDelayMs >= retry.baseDelayMs }],
);
