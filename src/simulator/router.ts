/**
 * Routes a request to its operation and runs it: the routes, methods and parameter checks all come
 * from the client's endpoint table. Pure of sockets: takes a request as data and returns a reply as
 * data (the server writes it, or drops the connection when a fault says so).
 *
 * @module
 */
import type { AnyEndpoint } from '../endpoints/endpoint.js';
import { endpointTable } from '../endpoints/table.js';
import { checkAccess, checkSignature, checkTimestamp, identify } from './auth.js';
import { createServiceRateLimits, type LimitVerdict } from './service-rate-limits.js';
import type { SimClock } from './clock.js';
import { SIM_CODES, SimError } from './errors.js';
import { FAULT_RETRY_AFTER_SECONDS, isAfterCommit, type FaultKind, type SimFaults } from './faults.js';
import type { HandlerSettings } from './handlers/handler.js';
import type { IpBans } from './ip-ban.js';
import { handlers } from './handlers/table.js';
import type { RateLimiter } from './rate-limit.js';
import { readParams, requireAuthOnlyQuery } from './request-params.js';
import type { World } from './state.js';
import { parseJsonBody, parseQuery } from './wire.js';

/** A request as data. */
export interface SimRequest {
  readonly method: string;
  /** Path and query, as sent (`/api/v3/sub-account/list?limit=5&...`). */
  readonly url: string;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Raw body text. */
  readonly body: string;
  /** Address of the TCP peer. */
  readonly remoteIp: string;
}

/** A reply as data. */
export interface SimReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /**
   * `drop`: destroy the connection without answering; `hang`: never answer, leave the connection
   * open (fault injection).
   */
  readonly disposition: 'respond' | 'drop' | 'hang';
}

/** Router settings. */
export interface RouterSettings extends HandlerSettings {
  /** Whether the JSON body is part of the signed text (docs/service.md leaves it open). Default false. */
  readonly signBody: boolean;
  /** Whether the `X-Sim-Client-IP` header sets the caller's IP (test mode only). */
  readonly trustClientIpHeader: boolean;
  /** Simulated caller IP set through the admin interface, if any. */
  readonly clientIp: () => string | undefined;
  /** Clock ms tolerated beyond a request's receive window (fast clocks). */
  readonly timestampSlackMs: number;
}

/** What the router works on. */
export interface RouterDeps {
  readonly world: World;
  readonly clock: SimClock;
  /** Counts requests per endpoint, per caller IP and per authenticated account (`./service-rate-limits.ts`). */
  readonly rateLimiter: RateLimiter;
  /** Bans IPs that keep running into 429s (`./ip-ban.ts`). */
  readonly ipBans: IpBans;
  readonly faults: SimFaults;
  readonly settings: RouterSettings;
}

/** Header a test may use to pose as another caller IP, when the simulator trusts it. */
export const CLIENT_IP_HEADER = 'x-sim-client-ip';

const json = (status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): SimReply => ({
  status,
  headers,
  body,
  disposition: 'respond',
});

const errorReply = (e: SimError, envelope: boolean): SimReply =>
  json(e.status, envelope ? { code: String(e.code), message: e.message, data: null } : { code: e.code, msg: e.message });

/** Whole seconds to wait (at least 1), for `Retry-After`. */
const retryAfter = (ms: number): Readonly<Record<string, string>> => ({ 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });

/** The service's 429 or, for a banned IP, its 418, with the seconds to wait in `Retry-After`. */
const refusedReply = (verdict: Exclude<LimitVerdict, { kind: 'allowed' }>): SimReply =>
  verdict.kind === 'banned'
    ? json(418, { code: SIM_CODES.ipBanned, msg: 'IP banned after repeated rate-limit violations' }, retryAfter(verdict.retryAfterMs))
    : json(429, { code: SIM_CODES.tooManyRequests, msg: 'Too many requests' }, retryAfter(verdict.retryAfterMs));

function header(req: SimRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

function routeTable(): ReadonlyMap<string, ReadonlyMap<string, AnyEndpoint>> {
  const routes = new Map<string, Map<string, AnyEndpoint>>();
  for (const row of endpointTable) {
    const byMethod = routes.get(row.path) ?? new Map<string, AnyEndpoint>();
    byMethod.set(row.method, row);
    routes.set(row.path, byMethod);
  }
  return routes;
}

function faultReply(kind: FaultKind, row: AnyEndpoint): SimReply {
  if (kind === 'refuse') {
    const refusal = row.id.startsWith('L')
      ? new SimError(SIM_CODES.listenKeyInvalid, 'listen key information error')
      : new SimError(SIM_CODES.parameterInvalid, 'request refused (simulated fault)');
    return errorReply(refusal, row.envelope);
  }
  if (kind === 'status-429') {
    return json(429, { code: SIM_CODES.tooManyRequests, msg: 'Too many requests (simulated fault)' }, retryAfter(FAULT_RETRY_AFTER_SECONDS * 1000));
  }
  if (kind === 'hang') return { status: 0, headers: {}, body: undefined, disposition: 'hang' };
  return kind === 'drop' || kind === 'drop-after-commit'
    ? { status: 0, headers: {}, body: undefined, disposition: 'drop' }
    : json(500, { code: SIM_CODES.internalError, msg: 'Internal error (simulated fault)' });
}

/**
 * Makes the request handler.
 *
 * @example
 * ```ts
 * const route = createRouter({ world, clock, rateLimiter, ipBans, faults, settings });
 * route({ method: 'GET', url: '/api/v3/ping', headers: {}, body: '', remoteIp: '127.0.0.1' }); // 200 {}
 * ```
 */
export function createRouter(deps: RouterDeps): (req: SimRequest) => SimReply {
  const routes = routeTable();
  const limits = createServiceRateLimits(deps.rateLimiter, deps.ipBans);
  const { world, clock, settings } = deps;

  function run(row: AnyEndpoint, req: SimRequest, rawQuery: string): SimReply {
    const now = clock.now();
    const ip = (settings.trustClientIpHeader ? header(req, CLIENT_IP_HEADER) : undefined) ?? settings.clientIp() ?? req.remoteIp;
    const byIp = limits.admitIp(row, ip, now);
    if (byIp.kind !== 'allowed') return refusedReply(byIp);
    const query = parseQuery(rawQuery);
    const caller = identify(world, header(req, 'x-mexc-apikey'));
    checkTimestamp(query.values, now, settings.timestampSlackMs);
    const inBody = row.placement === 'json-body';
    checkSignature(caller, query, inBody ? req.body : '', settings.signBody);
    // Authenticated from here on: only now does the request count against the account.
    const byAccount = limits.admitAccount(row, caller.account.uid, ip, now);
    if (byAccount.kind !== 'allowed') return refusedReply(byAccount);
    checkAccess(row, caller, ip);
    if (inBody) requireAuthOnlyQuery(query.values);
    const params = readParams(row, inBody ? parseJsonBody(req.body) : query.values);

    const fault = deps.faults.peek(row.id);
    if (fault !== undefined && !isAfterCommit(fault)) {
      deps.faults.take(row.id);
      return faultReply(fault, row);
    }
    let result: unknown;
    try {
      result = handlers[row.id](params, { world, caller: caller.account, key: caller.key, now, settings });
    } catch (e) {
      if (e instanceof SimError) return errorReply(e, row.envelope);
      throw e;
    }
    if (fault !== undefined) {
      deps.faults.take(row.id);
      return faultReply(fault, row);
    }
    return json(200, row.envelope ? { code: '0', message: '', data: result } : result);
  }

  return (req) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    const rawQuery = q < 0 ? '' : req.url.slice(q + 1);
    if (req.method === 'GET' && path === '/api/v3/time') return json(200, { serverTime: clock.now() });
    if (req.method === 'GET' && path === '/api/v3/ping') return json(200, {});
    const byMethod = routes.get(path);
    if (!byMethod) return json(404, { code: SIM_CODES.notFound, msg: `Not Found: ${path}` });
    const row = byMethod.get(req.method);
    if (!row) return json(405, { code: 405, msg: `Method ${req.method} not allowed on ${path}` });
    try {
      return run(row, req, rawQuery);
    } catch (e) {
      if (e instanceof SimError) return errorReply(e, false);
      throw e;
    }
  };
}
