/**
 * Helpers of the simulator tests: a simulator per test, clients bound to its clock, ways to wait
 * for a result or an error, and a raw request signer that uses only node:crypto and fetch.
 */
import { createHmac } from 'node:crypto';
import { firstValueFrom, type Observable } from 'rxjs';
import { ApiError, createClient, type Client, type ClientConfig } from '../../src/index.js';
import { createSimClock, startSimulator, type SimCredentials, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';
import { SimError } from '../../src/simulator/errors.js';
import { passThroughBudget } from '../support/pass-through-budget.js';

/** A fixed start time for the simulator's manual clock: 2025-03-14 12:00:00 UTC. */
export const T0 = Date.UTC(2025, 2, 14, 12, 0, 0);

/** A simulator with a manual clock (asked for: the default follows real time) at {@link T0}. */
export function startSim(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ ...options, clock: options.clock ?? createSimClock({ start: T0, realtime: false }) });
}

/** Credentials of any kind. */
export interface Keys {
  readonly apiKey: string;
  readonly secretKey: string;
}

/**
 * A client of `sim` acting with `keys`, on the simulator's clock, without retries and with a budget
 * that holds nothing and passes every refusal on: these tests look at the simulator's own answers
 * (its 429s and bans too).
 */
export function clientOf(sim: Simulator, keys: Keys, overrides: ClientConfig = {}): Client {
  return createClient({
    baseUrl: sim.restUrl,
    apiKey: keys.apiKey,
    secretKey: keys.secretKey,
    clock: () => sim.clock.now(),
    retry: { limit: 0 },
    budget: passThroughBudget(),
    ...overrides,
  });
}

/** The single value of a call. */
export function run<T>(call: Observable<T>): Promise<T> {
  return firstValueFrom(call);
}

/** The error a call fails with (fails the test if it succeeds). */
export async function failure(call: Observable<unknown>): Promise<unknown> {
  try {
    await firstValueFrom(call);
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, it succeeded');
}

/** The ApiError a call fails with (fails the test on success or on another error). */
export async function apiError(call: Observable<unknown>): Promise<ApiError> {
  const error = await failure(call);
  if (error instanceof ApiError) return error;
  throw new Error(`expected an ApiError, got ${String(error)}`);
}

/** A raw HTTP answer. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A raw request: method, path, query pairs (sent in this order, signed), optional JSON body. */
export interface RawRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly query?: readonly (readonly [string, string])[];
  readonly body?: Readonly<Record<string, string>>;
  /** The JSON body as raw text (numbers as written), instead of `body`. */
  readonly bodyText?: string;
  /** Add `timestamp` (the simulator's now) to the query. Default true. */
  readonly stamp?: boolean;
  /** Signature to send instead of the right one (`null`: none). */
  readonly signature?: string | null;
  /** Also sign the body (query text followed by the body text). Default false. */
  readonly signBody?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  /** Leave out the API key header. */
  readonly noApiKey?: boolean;
}

/**
 * Sends a request signed independently of the library: HMAC-SHA256 (node:crypto) over the exact
 * query string sent, lowercase hex, appended as the last parameter; raw fetch.
 */
export async function rawCall(sim: Simulator, keys: Keys, req: RawRequest): Promise<RawAnswer> {
  const pairs = [...(req.query ?? []), ...(req.stamp === false ? [] : [['timestamp', String(sim.clock.now())] as const])];
  // Strict RFC 3986 escaping: the URL parser of fetch would turn a bare ' into %27 after signing.
  const encode = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  const body = req.bodyText ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  const signed = req.signBody && body !== undefined ? query + body : query;
  const signature = req.signature === undefined ? createHmac('sha256', keys.secretKey).update(signed).digest('hex') : req.signature;
  const url = `${sim.restUrl}${req.path}?${query}${signature === null ? '' : `${query ? '&' : ''}signature=${signature}`}`;
  const response = await fetch(url, {
    method: req.method,
    headers: { 'Content-Type': 'application/json', ...(req.noApiKey ? {} : { 'X-MEXC-APIKEY': keys.apiKey }), ...req.headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Makes a key for a sub-account `name` of `parent` (created when missing) through the admin interface. */
export function subAccountKeys(sim: Simulator, parent: string, name: string, permissions?: readonly string[]): SimCredentials {
  if (!sim.admin.accountOf(name)) sim.admin.createSubAccount(parent, name);
  return sim.admin.createApiKey(name, permissions === undefined ? {} : { permissions });
}

/** A 32-character alphanumeric clientTranId from a number. */
export function tranIdOf(n: number): string {
  return `t${String(n).padStart(31, '0')}`;
}

/** The service code a simulator check throws (a `SimError`), or `undefined` when it passes. */
export function simCodeOf(check: () => void): number | string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof SimError) return error.code;
    throw error;
  }
}
