/**
 * A stream's health as data: its status (in the words of `vocabulary.ts`), since when, when its
 * last market event arrived, and its last PING's round trip; and the one pure function that moves
 * it on each input. The shells that feed it (one stream, many accounts) decide nothing.
 *
 * @module
 */
import { afterEvent, afterRepair, START, statusOf, type StatusState } from './status.js';
import type { RepairSignal, StreamStatus, UserDataEvent } from './vocabulary.js';

/** The health of one stream at a moment. Times are epoch ms on the stream's scheduler. */
export interface StreamHealth {
  /** The stream's status, in the words the store and `streamStatus` use. */
  readonly status: StreamStatus;
  /** When the status became what it is. */
  readonly since: number;
  /**
   * When the last market event (`account`, `deal`, `order`) arrived; `undefined` before any. A
   * private stream may be silent for hours: its age says nothing about the connection (the PING
   * round trips do).
   */
  readonly lastEventAt: number | undefined;
  /** When the last PONG arrived; `undefined` before any (the first PING goes after `pingIntervalMs`). */
  readonly lastPongAt: number | undefined;
  /** The round trip of the last PING answered, ms; `undefined` before any. */
  readonly pongRoundTripMs: number | undefined;
}

/** What moves a stream's health. */
export type HealthInput =
  /** A run of the stream began (its first subscriber came): connecting, nothing known yet. */
  | { readonly type: 'start'; readonly at: number }
  /** The stream emitted an event. */
  | { readonly type: 'event'; readonly event: UserDataEvent; readonly at: number }
  /** A PONG answered a PING sent `roundTripMs` earlier. */
  | { readonly type: 'pong'; readonly roundTripMs: number; readonly at: number }
  /** A state operator's snapshot: a fresh one repairs a gap. */
  | { readonly type: 'repair'; readonly signal: RepairSignal | undefined; readonly at: number }
  /** The run ended (stopped, failed, completed, or its last subscriber left). */
  | { readonly type: 'end'; readonly at: number };

/** A stream's health with what its status is read from. */
export interface HealthRecord {
  readonly link: StatusState;
  readonly ended: boolean;
  readonly health: StreamHealth;
}

/**
 * The record of a stream that is not running (never started, or ended).
 *
 * @example
 * ```ts
 * notRunning(Date.now()).health.status; // 'stopped'
 * ```
 */
export function notRunning(at: number): HealthRecord {
  return { link: START, ended: true, health: { status: 'stopped', since: at, lastEventAt: undefined, lastPongAt: undefined, pongRoundTripMs: undefined } };
}

function isMarketEvent(event: UserDataEvent): boolean {
  return event.type === 'account' || event.type === 'deal' || event.type === 'order';
}

function withStatus(record: HealthRecord, link: StatusState, ended: boolean, changes: Partial<StreamHealth>, at: number): HealthRecord {
  const status: StreamStatus = ended ? 'stopped' : statusOf(link);
  const since = status === record.health.status ? record.health.since : at;
  return { link, ended, health: { ...record.health, ...changes, status, since } };
}

/**
 * The record after an input. Lifecycle events move the status as `streamStatus` does (a gap leaves
 * it `stale` until a repair says the state is fresh); a stream's own `stopped` event, or the end of
 * its run, makes it `stopped`; a new run starts it anew. An input that changes nothing returns the
 * same record.
 *
 * @example
 * ```ts
 * let record = notRunning(0);
 * record = nextHealth(record, { type: 'start', at: 1 });
 * record = nextHealth(record, { type: 'pong', roundTripMs: 12, at: 2 });
 * record.health; // { status: 'connecting', since: 1, lastEventAt: undefined, lastPongAt: 2, pongRoundTripMs: 12 }
 * ```
 */
export function nextHealth(record: HealthRecord, input: HealthInput): HealthRecord {
  switch (input.type) {
    case 'start':
      return { link: START, ended: false, health: { status: 'connecting', since: input.at, lastEventAt: undefined, lastPongAt: undefined, pongRoundTripMs: undefined } };
    case 'end':
      return record.ended ? record : withStatus(record, record.link, true, {}, input.at);
    case 'pong':
      return record.ended ? record : withStatus(record, record.link, false, { lastPongAt: input.at, pongRoundTripMs: input.roundTripMs }, input.at);
    case 'repair': {
      const link = afterRepair(record.link, input.signal);
      return link === record.link || record.ended ? record : withStatus(record, link, false, {}, input.at);
    }
    case 'event': {
      if (record.ended) return record;
      if (input.event.type === 'stopped') return withStatus(record, record.link, true, {}, input.at);
      const link = afterEvent(record.link, input.event);
      if (isMarketEvent(input.event)) return withStatus(record, link, false, { lastEventAt: input.at }, input.at);
      return link === record.link ? record : withStatus(record, link, false, {}, input.at);
    }
  }
}

/**
 * How many streams are in each status.
 *
 * @example
 * ```ts
 * countStatuses(['live', 'live', 'stale']); // { connecting: 0, live: 2, reconnecting: 0, stale: 1, stopped: 0 }
 * ```
 */
export function countStatuses(statuses: Iterable<StreamStatus>): Readonly<Record<StreamStatus, number>> {
  const counts: Record<StreamStatus, number> = { connecting: 0, live: 0, reconnecting: 0, stale: 0, stopped: 0 };
  for (const status of statuses) counts[status] += 1;
  return counts;
}
