/**
 * Shared set-up of the integration tests: a client and a user data stream on the simulator's
 * clock, a recorder of what the subscriber receives, and ways to wait for something to happen: on
 * the simulator's manual clock, moved by the test (sim-drive.ts), or for real I/O, in real time,
 * bounded.
 */
import type { Subscription } from 'rxjs';
import { createClient, type Client } from '../../src/index.js';
import type { PushRecord, SimCredentials, Simulator, WsConnectionView } from '../../src/simulator/index.js';
import type { MarketEvent } from '../../src/stream/events.js';
import { userDataStream, type UserDataEvent, type UserDataStreamOptions } from '../../src/stream/user-data-stream.js';
import type { SimDrive } from '../support/sim-drive.js';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** A client of `sim` acting as `keys`, on the simulator's clock and scheduler. */
export function clientOf(sim: Simulator, keys: Pick<SimCredentials, 'apiKey' | 'secretKey'> = sim.master): Client {
  return createClient({
    baseUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    apiKey: keys.apiKey,
    secretKey: keys.secretKey,
    clock: () => sim.clock.now(),
    scheduler: sim.scheduler,
    recvWindow: 60_000,
  });
}

/** A market event without its channel (distributes over the union, keeping each kind's fields). */
export type Unchanneled = MarketEvent extends infer E ? (E extends MarketEvent ? Omit<E, 'channel'> : never) : never;

/** What a subscriber received, with the subscription to end it. */
export interface Recording {
  readonly events: UserDataEvent[];
  readonly subscription: Subscription;
  /** Set when the stream errored. */
  error: unknown;
  /** The market events, without the channel they came on (to compare with the push log). */
  market(): Unchanneled[];
  /** The lifecycle events' types, in order. */
  lifecycle(): string[];
}

/** Subscribes to a user data stream of `client` and records everything. */
export function record(client: Client, options: UserDataStreamOptions = {}, onEvent?: (event: UserDataEvent) => void): Recording {
  const events: UserDataEvent[] = [];
  const recording: Recording = {
    events,
    error: undefined,
    subscription: userDataStream(client, options).subscribe({
      next: (event) => {
        events.push(event);
        onEvent?.(event);
      },
      error: (error: unknown) => {
        recording.error = error;
      },
    }),
    market: () => events.flatMap((e) => (e.type === 'account' || e.type === 'deal' || e.type === 'order' ? [withoutChannel(e)] : [])),
    lifecycle: () => events.flatMap((e) => (e.type === 'account' || e.type === 'deal' || e.type === 'order' ? [] : [e.type])),
  };
  return recording;
}

/** An event without its `channel`. */
export function withoutChannel(event: MarketEvent): Unchanneled {
  const { channel: _channel, ...rest } = event;
  return rest;
}

/**
 * Of `pushes`, those that went out on two connections while both were still open some time
 * after: the copies an overlap (a rollover, a key replacement) gives the stream to deduplicate. A
 * push sent in the very millisecond the older connection closes does not count: the stream may
 * close it before reading the copy (on the manual clock, timers of one millisecond run together).
 */
export function overlapCopies(pushes: readonly PushRecord[], connections: readonly WsConnectionView[]): PushRecord[] {
  const closedAt = new Map(connections.map((c) => [c.id, c.closedAt ?? Number.POSITIVE_INFINITY]));
  return pushes.filter((push) => {
    const ids = [...new Set(push.deliveries.map((d) => d.connection))];
    return ids.length === 2 && ids.every((id) => push.event.sendTime < (closedAt.get(id) ?? 0));
  });
}

/** The events of push records. */
export function pushedEvents(records: readonly PushRecord[]): PushRecord['event'][] {
  return records.map((r) => r.event);
}

/**
 * Waits (in real time, polling every 2 ms) until `condition` holds; rejects after `timeoutMs` real
 * ms with `what` in the message.
 */
export async function waitFor(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Moves `drive`'s clock on until `count` events of `type` have been recorded. */
export function untilEvents(drive: SimDrive, recording: Recording, type: UserDataEvent['type'], count = 1): Promise<void> {
  return drive.until(`${count} ${type} event(s)`, () => recording.events.filter((e) => e.type === type).length >= count);
}
