/**
 * The settings of `createListenKeyBroker`: each one's rule and default, checked when the broker is
 * made. docs/configuration.md states them (a test holds the two together).
 *
 * @module
 */
import { TRADING_PAIRS } from '../remote/remote-repair-settings.js';
import { type DefaultsOf, optional, required, setting, settingsFor } from '../settings/resolve.js';
import { aFunction, count, duration, type Rule } from '../settings/rules.js';
import { STREAM_SETTINGS } from '../stream/stream-settings.js';

/** Who is asking: a session's id, or `false` (or anything but a non-empty text) to refuse. */
export type Authorize = (request: Request) => string | false | Promise<string | false>;

/** Settings of {@link createListenKeyBroker}. */
export interface ListenKeyBrokerOptions {
  /**
   * Where the broker is mounted, e.g. `/api/mexc`: it answers `{path}/listen-key` (POST, PUT,
   * DELETE), `{path}/balances` and `{path}/open-orders` (GET), and 404 anywhere else.
   */
  readonly path: string;
  /**
   * Decides who may have a key and names the session: the session's id, or `false` to refuse
   * (401); a throw refuses too (403). Default: none; each key is its own session (whoever holds
   * a key may renew and close it, and nothing else).
   */
  readonly authorize?: Authorize | undefined;
  /**
   * Origins (`scheme://host[:port]`) a request's `Origin` header must be one of, when it has one:
   * set it when `authorize` reads a cookie, so that another site cannot use the user's session.
   * Default: every origin, but a request the browser marks `Sec-Fetch-Site: cross-site` is refused
   * unless its origin is listed here.
   */
  readonly allowedOrigins?: readonly string[] | undefined;
  /**
   * Keys the broker holds at once for the account (open, being made, or being closed), below the
   * service's 60 per account, so the account's other streams keep room. Default 50.
   */
  readonly maxKeys?: number | undefined;
  /** Keys one session holds at once, at most `maxKeys`. Default 4 (`maxKeys`, when that is lower). */
  readonly maxKeysPerSession?: number | undefined;
  /** How often a page renews its key, ms (told to the page when the key is made). Default 60000. */
  readonly renewIntervalMs?: number | undefined;
  /** A key not renewed for this long is closed, ms. Default 300000 (5 minutes). */
  readonly idleCloseMs?: number | undefined;
  /** How often the broker keeps each key alive on the service (L3), ms. Default 30 minutes. */
  readonly keepAliveIntervalMs?: number | undefined;
  /** The trading pairs a page may read open orders of. Default: whichever the page names (at most `maxSymbols`). */
  readonly symbols?: readonly string[] | undefined;
  /** Trading pairs a page may name in one open-orders read. Default 10. */
  readonly maxSymbols?: number | undefined;
  /** Account reads (balances, open orders) under way at once, over all pages. Default 4. */
  readonly maxConcurrentReads?: number | undefined;
}

/** The most valid listen keys the service lets an account hold. */
export const SERVICE_KEY_LIMIT = 60;

const PATH: Rule<string> = {
  words: '/, or / and segments of letters, digits, - . _ ~ (no . or .. segment, no trailing /)',
  accepts: (value): value is string => typeof value === 'string' && /^(\/|(\/(?!\.{1,2}(\/|$))[A-Za-z0-9\-._~]+)+)$/.test(value),
};

function isOrigin(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const origin = new URL(value).origin;
    return origin === value && origin !== 'null';
  } catch {
    return false;
  }
}

const ORIGINS: Rule<readonly string[]> = {
  words: 'a list of origins (scheme://host[:port], as URL.origin writes them), at least one, none twice',
  accepts: (value): value is readonly string[] => Array.isArray(value) && value.length > 0 && new Set(value).size === value.length && value.every(isOrigin),
};

/**
 * The defaults of {@link ListenKeyBrokerOptions}, each written here only: `BROKER_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const BROKER_DEFAULTS = {
  maxKeys: 50,
  // Filled in when the broker is made, at most maxKeys: a page's key, one replacing it, and a second tab's.
  maxKeysPerSession: 4,
  renewIntervalMs: 60_000,
  idleCloseMs: 300_000,
  maxSymbols: 10,
  maxConcurrentReads: 4,
} as const satisfies DefaultsOf<ListenKeyBrokerOptions>;

/** The broker's settings: each rule and default. */
export const BROKER_SETTINGS = settingsFor<ListenKeyBrokerOptions>()(
  {
    path: required(PATH),
    authorize: optional(aFunction<Authorize>()),
    allowedOrigins: optional(ORIGINS),
    maxKeys: setting(count({ min: 1, below: SERVICE_KEY_LIMIT }), BROKER_DEFAULTS.maxKeys),
    maxKeysPerSession: optional(count({ min: 1, below: SERVICE_KEY_LIMIT })),
    renewIntervalMs: setting(duration({ min: 1000, max: 1_800_000 }), BROKER_DEFAULTS.renewIntervalMs),
    idleCloseMs: setting(duration({ min: 2000, max: 3_600_000 }), BROKER_DEFAULTS.idleCloseMs),
    keepAliveIntervalMs: STREAM_SETTINGS.fields.keepAliveIntervalMs,
    symbols: optional(TRADING_PAIRS),
    maxSymbols: setting(count({ min: 1, max: 100 }), BROKER_DEFAULTS.maxSymbols),
    maxConcurrentReads: setting(count({ min: 1 }), BROKER_DEFAULTS.maxConcurrentReads),
  },
  [
    { field: 'maxKeysPerSession', words: 'at most maxKeys', holds: (s) => s.maxKeysPerSession === undefined || s.maxKeysPerSession <= s.maxKeys },
    // Two renewals may be missed before the key is closed.
    { field: 'renewIntervalMs', words: 'at most a third of idleCloseMs', holds: (s) => s.renewIntervalMs * 3 <= s.idleCloseMs },
  ],
);
