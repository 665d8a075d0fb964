/**
 * The settings of the health handler of `mexc-rx/server`: each with its rule and default, in one
 * place.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import type { StreamsHealth } from '../../scale/streams-health.js';
import { type DefaultsOf, required, setting, settingsFor } from '../../settings/resolve.js';
import { BOOLEAN, count, duration, OBSERVABLE, type Rule } from '../../settings/rules.js';
import type { StreamHealth } from '../../stream/health.js';

/** What the handler reports on: the health of `userDataStreams`, or of one stream. */
export type HealthSource = Observable<StreamsHealth | StreamHealth>;

/** Settings of {@link createHealthHandler}. */
export interface HealthHandlerOptions {
  /**
   * The health to report: `events$.health()` of `userDataStreams` (every account), or of one
   * `userDataStream` (listed as the account `stream`). Subscribed once, when the handler is made,
   * until `close()`; watching starts no stream. Required.
   */
  readonly health: HealthSource;
  /** Path of the liveness probe (answered to GET and HEAD). Default `/livez`. */
  readonly livenessPath?: string | undefined;
  /** Path of the readiness probe (answered to GET and HEAD). Default `/readyz`. */
  readonly readinessPath?: string | undefined;
  /**
   * The process is live while the longest event-loop delay since the previous liveness probe (on
   * Node, `node:perf_hooks` `monitorEventLoopDelay`) stays at or under this, ms. Default 2000: a
   * loop blocked for two seconds cannot keep a socket's PING/PONG in time.
   */
  readonly maxEventLoopDelayMs?: number | undefined;
  /**
   * Accounts that may be other than `live` while the process is still ready. Default 0: ready
   * only while every stream is live.
   */
  readonly maxNotLive?: number | undefined;
  /** Whether a `stale` account (connected, a gap not yet repaired) counts as live for readiness. Default `false`. */
  readonly staleIsReady?: boolean | undefined;
  /** Most unhealthy accounts listed in the readiness body (their number is always given). Default 100. */
  readonly maxListed?: number | undefined;
}

/** A URL path: starts with `/`, no query, no spaces. */
const PATH: Rule<string> = {
  words: 'a path starting with /',
  accepts: (value): value is string => typeof value === 'string' && /^\/[^\s?#]*$/.test(value),
};

/**
 * The defaults of {@link HealthHandlerOptions}, each written here only: `HEALTH_HANDLER_SETTINGS` reads them,
 * and docs/configuration.md's table shows them.
 */
export const HEALTH_HANDLER_DEFAULTS = {
  livenessPath: '/livez',
  readinessPath: '/readyz',
  maxEventLoopDelayMs: 2000,
  maxNotLive: 0,
  staleIsReady: false,
  maxListed: 100,
} as const satisfies DefaultsOf<HealthHandlerOptions>;

/** The handler's settings: each rule and default. */
export const HEALTH_HANDLER_SETTINGS = settingsFor<HealthHandlerOptions>()({
  health: required(OBSERVABLE as Rule<HealthSource>),
  livenessPath: setting(PATH, HEALTH_HANDLER_DEFAULTS.livenessPath),
  readinessPath: setting(PATH, HEALTH_HANDLER_DEFAULTS.readinessPath),
  maxEventLoopDelayMs: setting(duration({ min: 1 }), HEALTH_HANDLER_DEFAULTS.maxEventLoopDelayMs),
  maxNotLive: setting(count({ min: 0, orInfinity: true }), HEALTH_HANDLER_DEFAULTS.maxNotLive),
  staleIsReady: setting(BOOLEAN, HEALTH_HANDLER_DEFAULTS.staleIsReady),
  maxListed: setting(count({ min: 0, max: 10_000 }), HEALTH_HANDLER_DEFAULTS.maxListed),
}, [{ field: 'readinessPath', words: 'not the livenessPath', holds: (s) => s.readinessPath !== s.livenessPath }]);
