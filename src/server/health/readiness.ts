/**
 * Readiness, decided purely from a health picture: ready while the streams run and no more
 * accounts than allowed are other than live; the body lists the unhealthy accounts.
 *
 * @module
 */
import type { StreamsHealth } from '../../scale/streams-health.js';
import { countStatuses, type StreamHealth } from '../../stream/health.js';
import type { StreamStatus } from '../../stream/status.js';

/** What readiness is decided by. */
export interface ReadinessRule {
  readonly maxNotLive: number;
  readonly staleIsReady: boolean;
  readonly maxListed: number;
}

/** An unhealthy account as the readiness body lists it. */
export interface UnhealthyAccount {
  /** The account's id: your own label (the key of the accounts map). */
  readonly account: string;
  readonly status: StreamStatus;
  readonly since: number;
  readonly lastEventAt: number | null;
  readonly lastPongAt: number | null;
  readonly pongRoundTripMs: number | null;
}

/** The readiness answer's body. */
export interface ReadinessBody {
  readonly ready: boolean;
  /** Why not, in words, when not ready. */
  readonly reason?: string;
  /** Whether the streams run (someone subscribes to them). */
  readonly running: boolean;
  readonly summary: Readonly<Record<StreamStatus, number>>;
  /** How many accounts count as not live. */
  readonly notLive: number;
  /** The first `maxListed` of them. */
  readonly unhealthy: readonly UnhealthyAccount[];
}

/** The name a single stream's health is listed under. */
export const SINGLE_STREAM = 'stream';

/**
 * A single stream's health as a picture of one account named `stream` (running unless stopped).
 *
 * @example
 * ```ts
 * asPicture(health, Date.now()).accounts.get('stream') === health; // true
 * ```
 */
export function asPicture(health: StreamsHealth | StreamHealth, at: number): StreamsHealth {
  if ('accounts' in health) return health;
  return { running: health.status !== 'stopped', at, accounts: new Map([[SINGLE_STREAM, health]]), summary: countStatuses([health.status]) };
}

/**
 * Whether a picture is ready by `rule`, and the body that says so.
 *
 * @example
 * ```ts
 * readiness(picture, { maxNotLive: 0, staleIsReady: false, maxListed: 100 }).ready;
 * ```
 */
export function readiness(picture: StreamsHealth | undefined, rule: ReadinessRule): ReadinessBody {
  if (picture === undefined) return { ready: false, reason: 'no health yet', running: false, summary: countStatuses([]), notLive: 0, unhealthy: [] };
  const notLive: UnhealthyAccount[] = [];
  for (const [account, health] of picture.accounts) {
    if (health.status === 'live' || (rule.staleIsReady && health.status === 'stale')) continue;
    notLive.push({
      account,
      status: health.status,
      since: health.since,
      lastEventAt: health.lastEventAt ?? null,
      lastPongAt: health.lastPongAt ?? null,
      pongRoundTripMs: health.pongRoundTripMs ?? null,
    });
  }
  const base = { running: picture.running, summary: picture.summary, notLive: notLive.length, unhealthy: notLive.slice(0, rule.maxListed) };
  if (!picture.running) return { ready: false, reason: 'the streams are not running', ...base };
  if (notLive.length > rule.maxNotLive) return { ready: false, reason: `${notLive.length} not live (at most ${rule.maxNotLive} allowed)`, ...base };
  return { ready: true, ...base };
}
