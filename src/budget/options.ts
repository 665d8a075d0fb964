/**
 * The request budget's settings, their defaults (the service's limits, docs/service.md "Errors")
 * and their rules. Its timer waits a window of any length in steps (`src/long-delays.ts`).
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import { OPERATION_IDS, type OperationId } from '../operation-id.js';
import { type DefaultsOf, resolveSettings, setting, settingsFor } from '../settings/resolve.js';
import { BOOLEAN, count, duration, SCHEDULER, type Rule } from '../settings/rules.js';

/** Limits of one endpoint, overriding the budget's `ipLimit` / `accountLimit`. */
export interface EndpointLimits {
  /** Units per window from this IP. */
  readonly ip?: number | undefined;
  /** Units per window per account. */
  readonly account?: number | undefined;
}

/** Settings of {@link createRequestBudget}. Every field is optional. */
export interface RequestBudgetOptions {
  /** Length of the service's counting window, ms. Default 10000. */
  readonly windowMs?: number | undefined;
  /** Units per window per endpoint from this IP (every client sharing the budget). Default 500. */
  readonly ipLimit?: number | undefined;
  /** Units per window per endpoint per account. Default 500. */
  readonly accountLimit?: number | undefined;
  /** Limits of single endpoints, by operation id. Default none. */
  readonly endpointLimits?: Partial<Readonly<Record<OperationId, EndpointLimits>>> | undefined;
  /**
   * Ms a request keeps counting beyond `windowMs` after its answer came back (or it was given up):
   * room for clock-rate differences, timer granularity and a request given up in flight that still
   * reaches the service. Also added to every pause. Default 100.
   */
  readonly safetyMarginMs?: number | undefined;
  /**
   * Longest pause (a 429's or a 418's `Retry-After`) a call waits through. A call that would wait
   * longer fails at once: the refused call with the service's `ApiError`, a call not sent yet with
   * `RateLimitedError` (nothing sent). Default 30000: a 429 is waited out, a 418 ban (2 minutes or
   * more) fails calls fast.
   */
  readonly maxPauseWaitMs?: number | undefined;
  /** Times a call refused with 429 or 418 is sent again once the pause is over. Default 3. */
  readonly resendsAfterRefusal?: number | undefined;
  /**
   * Requests in flight at once, over every client of the budget; the others wait, and the
   * endpoint with the longest backlog goes first. Bounds the sockets a burst opens. Default 64;
   * `Infinity` for no bound.
   */
  readonly maxInFlight?: number | undefined;
  /** Scheduler of all waiting: use the clients' (a test's virtual time, `sim.scheduler`). Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike | undefined;
  /** Period of the `state$` snapshots while someone subscribes, ms, from 10. Default 1000. */
  readonly stateIntervalMs?: number | undefined;
  /**
   * Whether calls wait for room in their lanes, spreading them over the window. With `false` the
   * limits are only counted and shown (`state$`), never waited for, but the service's pauses are
   * still honoured: after a 429 the endpoint's calls, after a 418 every call, wait for the pause to
   * end (or fail with `RateLimitedError`, nothing sent, when it is longer than `maxPauseWaitMs`).
   * `createClient({ budget: false })` makes one of these for the client. Default `true`.
   */
  readonly spread?: boolean | undefined;
}

/** The settings with every default applied. */
export interface BudgetSettings {
  readonly windowMs: number;
  readonly ipLimit: number;
  readonly accountLimit: number;
  readonly endpointLimits: Partial<Readonly<Record<OperationId, EndpointLimits>>>;
  readonly safetyMarginMs: number;
  readonly maxPauseWaitMs: number;
  readonly resendsAfterRefusal: number;
  readonly maxInFlight: number;
  readonly scheduler: SchedulerLike;
  readonly stateIntervalMs: number;
  readonly spread: boolean;
}

/**
 * The shortest period of `state$`: 10 ms, a hundred snapshots a second, more than a screen shows.
 * A period of a nanosecond was a timer loop that never let go of the event loop.
 */
const SHORTEST_STATE_INTERVAL_MS = 10;

/**
 * The service's limits: 500 requests per 10 s per endpoint, per IP and per account (docs/service.md).
 * The budget's defaults, and the simulator's (one home, so the simulator refuses where a budget expects it).
 */
export const SERVICE_LIMITS = { windowMs: 10_000, limit: 500 } as const;

const KNOWN_IDS: ReadonlySet<string> = new Set(OPERATION_IDS);
const LIMIT = count({ min: 1 });

/** Limits by operation id, each `{ ip?, account? }`. */
const ENDPOINT_LIMITS: Rule<Partial<Readonly<Record<OperationId, EndpointLimits>>>> = {
  words: `limits by operation id (M1 to M8, B1 to B15, L1 to L4), each { ip, account } ${LIMIT.words}`,
  accepts: (value): value is Partial<Readonly<Record<OperationId, EndpointLimits>>> =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([id, limits]: [string, unknown]) =>
        KNOWN_IDS.has(id) &&
        typeof limits === 'object' &&
        limits !== null &&
        Object.keys(limits).every((name) => name === 'ip' || name === 'account') &&
        [(limits as EndpointLimits).ip, (limits as EndpointLimits).account].every((limit) => limit === undefined || LIMIT.accepts(limit)),
    ),
};

/**
 * The defaults of {@link RequestBudgetOptions}, each written here only: `BUDGET_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const BUDGET_DEFAULTS = {
  windowMs: SERVICE_LIMITS.windowMs,
  ipLimit: SERVICE_LIMITS.limit,
  accountLimit: SERVICE_LIMITS.limit,
  endpointLimits: {},
  safetyMarginMs: 100,
  maxPauseWaitMs: 30_000,
  resendsAfterRefusal: 3,
  maxInFlight: 64,
  scheduler: asyncScheduler,
  stateIntervalMs: 1000,
  spread: true,
} as const satisfies DefaultsOf<RequestBudgetOptions>;

/** The budget's settings: each rule and default. */
export const BUDGET_SETTINGS = settingsFor<RequestBudgetOptions>()({
  windowMs: setting(duration({ above: 0 }), BUDGET_DEFAULTS.windowMs),
  ipLimit: setting(LIMIT, BUDGET_DEFAULTS.ipLimit),
  accountLimit: setting(LIMIT, BUDGET_DEFAULTS.accountLimit),
  endpointLimits: setting(ENDPOINT_LIMITS, BUDGET_DEFAULTS.endpointLimits),
  safetyMarginMs: setting(duration({ min: 0 }), BUDGET_DEFAULTS.safetyMarginMs),
  maxPauseWaitMs: setting(duration({ min: 0 }), BUDGET_DEFAULTS.maxPauseWaitMs),
  resendsAfterRefusal: setting(count({ min: 0 }), BUDGET_DEFAULTS.resendsAfterRefusal),
  maxInFlight: setting(count({ min: 1, orInfinity: true }), BUDGET_DEFAULTS.maxInFlight),
  scheduler: setting(SCHEDULER, BUDGET_DEFAULTS.scheduler),
  stateIntervalMs: setting(duration({ min: SHORTEST_STATE_INTERVAL_MS }), BUDGET_DEFAULTS.stateIntervalMs),
  spread: setting(BOOLEAN, BUDGET_DEFAULTS.spread),
});

/**
 * Fills in the defaults and checks every setting.
 *
 * @throws ValidationError (operation `config`) naming each bad field.
 * @example
 * ```ts
 * resolveBudgetOptions({ ipLimit: 250 }).windowMs; // 10000
 * ```
 */
export function resolveBudgetOptions(options: RequestBudgetOptions = {}): BudgetSettings {
  return resolveSettings(BUDGET_SETTINGS, options);
}

/**
 * The limit of `endpoint` in `scope`.
 *
 * @example
 * ```ts
 * limitOf(settings, 'ip', 'L1'); // 500
 * ```
 */
export function limitOf(settings: BudgetSettings, scope: 'ip' | 'account', endpoint: OperationId): number {
  const own = settings.endpointLimits[endpoint];
  return scope === 'ip' ? (own?.ip ?? settings.ipLimit) : (own?.account ?? settings.accountLimit);
}

