/**
 * The request budget's settings, their defaults (the service's limits, docs/service.md "Errors")
 * and their checks.
 *
 * @module
 */
import { asyncScheduler, type SchedulerLike } from 'rxjs';
import type { OperationId } from '../endpoints/operation-id.js';
import { ValidationError, type ValidationIssue } from '../errors.js';

/** Limits of one endpoint, overriding the budget's `ipLimit` / `accountLimit`. */
export interface EndpointLimits {
  /** Units per window from this IP. */
  readonly ip?: number;
  /** Units per window per account. */
  readonly account?: number;
}

/** Settings of {@link createRequestBudget}. Every field is optional. */
export interface RequestBudgetOptions {
  /** Length of the service's counting window, ms. Default 10000. */
  readonly windowMs?: number;
  /** Units per window per endpoint from this IP (every client sharing the budget). Default 500. */
  readonly ipLimit?: number;
  /** Units per window per endpoint per account. Default 500. */
  readonly accountLimit?: number;
  /** Limits of single endpoints, by operation id. Default none. */
  readonly endpointLimits?: Partial<Readonly<Record<OperationId, EndpointLimits>>>;
  /**
   * Ms a request keeps counting beyond `windowMs` after its answer came back (or it was given up):
   * room for clock-rate differences, timer granularity and a request given up in flight that still
   * reaches the service. Also added to every pause. Default 100.
   */
  readonly safetyMarginMs?: number;
  /**
   * Longest pause (a 429's or a 418's `Retry-After`) a call waits through. A call that would wait
   * longer fails at once: the refused call with the service's `ApiError`, a call not sent yet with
   * `RateLimitedError` (nothing sent). Default 30000: a 429 is waited out, a 418 ban (2 minutes or
   * more) fails calls fast.
   */
  readonly maxPauseWaitMs?: number;
  /** Times a call refused with 429 or 418 is sent again once the pause is over. Default 3. */
  readonly resendsAfterRefusal?: number;
  /**
   * Requests in flight at once, over every client of the budget; the others wait, and the
   * endpoint with the longest backlog goes first. Bounds the sockets a burst opens. Default 64;
   * `Infinity` for no bound.
   */
  readonly maxInFlight?: number;
  /** Scheduler of all waiting: use the clients' (a test's virtual time, `sim.scheduler`). Default rxjs `asyncScheduler`. */
  readonly scheduler?: SchedulerLike;
  /** Period of the `state$` snapshots while someone subscribes, ms. Default 1000. */
  readonly stateIntervalMs?: number;
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
}

/** The service's limits: 500 requests per 10 s per endpoint, per IP and per account (docs/service.md). */
const SERVICE_LIMITS = { windowMs: 10_000, limit: 500 } as const;

const positive = (value: number): boolean => Number.isFinite(value) && value > 0;
const atLeastZero = (value: number): boolean => Number.isFinite(value) && value >= 0;
const wholeAtLeastOne = (value: number): boolean => Number.isSafeInteger(value) && value >= 1;

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
  const settings: BudgetSettings = {
    windowMs: options.windowMs ?? SERVICE_LIMITS.windowMs,
    ipLimit: options.ipLimit ?? SERVICE_LIMITS.limit,
    accountLimit: options.accountLimit ?? SERVICE_LIMITS.limit,
    endpointLimits: options.endpointLimits ?? {},
    safetyMarginMs: options.safetyMarginMs ?? 100,
    maxPauseWaitMs: options.maxPauseWaitMs ?? 30_000,
    resendsAfterRefusal: options.resendsAfterRefusal ?? 3,
    maxInFlight: options.maxInFlight ?? 64,
    scheduler: options.scheduler ?? asyncScheduler,
    stateIntervalMs: options.stateIntervalMs ?? 1000,
  };
  const checks: [string, boolean, string][] = [
    ['windowMs', positive(settings.windowMs), 'a positive number of ms'],
    ['ipLimit', wholeAtLeastOne(settings.ipLimit), 'a whole number, 1 or more'],
    ['accountLimit', wholeAtLeastOne(settings.accountLimit), 'a whole number, 1 or more'],
    ['safetyMarginMs', atLeastZero(settings.safetyMarginMs), 'a duration in ms, finite, 0 or more'],
    ['maxPauseWaitMs', atLeastZero(settings.maxPauseWaitMs), 'a duration in ms, finite, 0 or more'],
    ['resendsAfterRefusal', Number.isSafeInteger(settings.resendsAfterRefusal) && settings.resendsAfterRefusal >= 0, 'a whole number, 0 or more'],
    ['maxInFlight', settings.maxInFlight === Infinity || wholeAtLeastOne(settings.maxInFlight), 'a whole number, 1 or more (or Infinity)'],
    ['stateIntervalMs', positive(settings.stateIntervalMs), 'a positive number of ms'],
  ];
  for (const [id, limits] of Object.entries(settings.endpointLimits)) {
    checks.push([`endpointLimits.${id}.ip`, limits?.ip === undefined || wholeAtLeastOne(limits.ip), 'a whole number, 1 or more']);
    checks.push([`endpointLimits.${id}.account`, limits?.account === undefined || wholeAtLeastOne(limits.account), 'a whole number, 1 or more']);
  }
  const issues: ValidationIssue[] = checks.filter(([, ok]) => !ok).map(([field, , rule]) => ({ field, rule }));
  if (issues.length > 0) throw new ValidationError({ operation: 'config', issues });
  return settings;
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
