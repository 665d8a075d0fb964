/**
 * Authentication and authorization of signed requests (docs/service.md): the API key header, the
 * receive window, the HMAC-SHA256 signature over the text as sent (checked in constant time), the
 * key's IP whitelist, the account kind an endpoint is for, and the key's permissions.
 *
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AnyEndpoint, Audience } from '../endpoints/endpoint.js';
import { MAX_RECV_WINDOW } from '../params/fields.js';
import { SIM_CODES, SimError } from './errors.js';
import type { Account, AccountKind, ApiKeyRecord, World } from './state.js';
import type { QueryParts } from './wire.js';

/** Who is calling. */
export interface Caller {
  readonly account: Account;
  readonly key: ApiKeyRecord;
}

/** Receive window used when the request sends none (docs/service.md). */
export const DEFAULT_RECV_WINDOW = 5000;

const AUDIENCE_KINDS: Readonly<Record<Audience, readonly AccountKind[]>> = {
  master: ['master'],
  broker: ['broker'],
  'broker-sub-account': ['broker-sub'],
  any: ['master', 'broker', 'master-sub', 'broker-sub'],
};

/**
 * Finds the caller from the `X-MEXC-APIKEY` header: 400 when missing, 10072 when unknown, 140002
 * when its account is frozen.
 *
 * @example
 * ```ts
 * const caller = identify(world, req.headers['x-mexc-apikey']);
 * ```
 */
export function identify(world: World, apiKey: string | undefined): Caller {
  if (apiKey === undefined || apiKey === '') throw new SimError(SIM_CODES.apiKeyRequired, 'api key required');
  const key = world.apiKeys.get(apiKey);
  const account = key ? world.accounts.get(key.ownerUid) : undefined;
  if (!key || !account) throw new SimError(SIM_CODES.invalidAccessKey, 'Api key info invalid', 401);
  if (account.frozen) throw new SimError(SIM_CODES.subAccountForbidden, 'sub-account is frozen');
  return { account, key };
}

/**
 * Applies the timestamp rule: accepted when `timestamp < now + 1000` and
 * `now - timestamp <= recvWindow + slackMs` (700003 otherwise); `recvWindow` above 60000 is
 * 700005. `slackMs` (default 0) lets a fast clock absorb the real time a request spends in
 * transit.
 *
 * @example
 * ```ts
 * checkTimestamp(query.values, clock.now());
 * ```
 */
export function checkTimestamp(values: ReadonlyMap<string, string>, now: number, slackMs = 0): void {
  const windowText = values.get('recvWindow');
  let recvWindow = DEFAULT_RECV_WINDOW;
  if (windowText !== undefined) {
    if (!/^\d{1,16}$/.test(windowText) || Number(windowText) < 1) {
      throw new SimError(SIM_CODES.parameterInvalid, "Parameter 'recvWindow' is invalid: a positive integer of ms");
    }
    recvWindow = Number(windowText);
    if (recvWindow > MAX_RECV_WINDOW) throw new SimError(SIM_CODES.recvWindowTooLarge, `recvWindow must be less than ${MAX_RECV_WINDOW}`);
  }
  const timestampText = values.get('timestamp');
  if (timestampText === undefined) {
    throw new SimError(SIM_CODES.parameterInvalid, "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed");
  }
  if (!/^\d{1,16}$/.test(timestampText)) throw new SimError(SIM_CODES.parameterInvalid, "Parameter 'timestamp' is invalid: epoch milliseconds");
  const timestamp = Number(timestampText);
  if (!(timestamp < now + 1000 && now - timestamp <= recvWindow + slackMs)) {
    throw new SimError(SIM_CODES.timestampOutsideWindow, "Timestamp for this request is outside of the recvWindow");
  }
}

/**
 * Whether `signature` is the lowercase-hex HMAC-SHA256 of `payload` keyed with `secretKey`,
 * compared in constant time.
 *
 * @example
 * ```ts
 * signatureMatches('45d0b3c26f2644f19bfb98b07741b2f5', 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=11&recvWindow=5000&timestamp=1644489390087',
 *   'fd3e4e8543c5188531eb7279d68ae7d26a573d0fc5ab0d18eb692451654d837a'); // true
 * ```
 */
export function signatureMatches(secretKey: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secretKey).update(payload).digest('hex'), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Checks the signature of a request: over the query text as sent without its `signature` pair,
 * followed directly by the body when `signBody` is on. 700004 when missing, 700002 when wrong.
 *
 * @example
 * ```ts
 * checkSignature(caller, parseQuery(rawQuery), rawBody, false);
 * ```
 */
export function checkSignature(caller: Caller, query: QueryParts, body: string, signBody: boolean): void {
  if (query.signature === undefined || query.signature === '') {
    throw new SimError(SIM_CODES.parameterInvalid, "Mandatory parameter 'signature' was not sent, was empty/null, or malformed");
  }
  const payload = signBody ? query.signedText + body : query.signedText;
  if (!signatureMatches(caller.key.secretKey, payload, query.signature)) {
    throw new SimError(SIM_CODES.signatureInvalid, 'Signature for this request is not valid.');
  }
}

/**
 * Checks that the caller may use `row`: the IP whitelist (700006), the account kind the row is for
 * (401 no authority) and the row's permission (700007).
 *
 * @example
 * ```ts
 * checkAccess(M6, caller, '127.0.0.1');
 * ```
 */
export function checkAccess(row: Pick<AnyEndpoint, 'audience' | 'permission'>, caller: Caller, ip: string): void {
  if (caller.key.ip.length > 0 && !caller.key.ip.includes(ip)) {
    throw new SimError(SIM_CODES.ipNotWhitelisted, `IP ${ip} is not on the whitelist of this api key`, 403);
  }
  if (!AUDIENCE_KINDS[row.audience].includes(caller.account.kind)) {
    throw new SimError(SIM_CODES.noAuthority, 'No authority to access this endpoint (account kind)', 401);
  }
  if (!caller.key.permissions.includes(row.permission)) {
    throw new SimError(SIM_CODES.noPermission, `No permission to access the endpoint: ${row.permission} required`, 403);
  }
}
