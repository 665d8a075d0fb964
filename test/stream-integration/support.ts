/**
 * Shared set-up of the integration tests: a simulator on a fast clock, a client and a user data
 * stream on the same clock, a recorder of what the subscriber receives, and ways to wait (in real
 * time, bounded) for something to happen.
 */
import type { Subscription } from 'rxjs';
import { createClient, type Client } from '../../src/index.js';
import { startSimulator, type PushRecord, type SimCredentials, type Simulator, type SimulatorOptions, type WsRules } from '../../src/simulator/index.js';
import type { MarketEvent } from '../../src/stream/events.js';
import { userDataStream, type UserDataEvent, type UserDataStreamOptions } from '../../src/stream/user-data-stream.js';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/**
 * Starts a simulator whose clock runs `speed` times faster than real time. Requests may lag their
 * receive window by 10 clock minutes (real transit time is multiplied by the speed).
 */
export function startFastSim(speed: number, options: SimulatorOptions = {}, ws: Partial<WsRules> = {}): Promise<Simulator> {
  return startSimulator({ timestampSlackMs: 10 * MINUTE, ...options, speed, ws: { ...ws, ...options.ws } });
}

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

/** Waits until the simulator's clock reaches `time` (epoch ms). */
export function untilClock(sim: Simulator, time: number): Promise<void> {
  return new Promise((resolve) => {
    sim.clock.setTimer(Math.max(0, time - sim.clock.now()), resolve);
  });
}

/** Waits until `count` events of `type` have been recorded. */
export function waitForEvents(recording: Recording, type: UserDataEvent['type'], count = 1, timeoutMs?: number): Promise<void> {
  return waitFor(`${count} ${type} event(s)`, () => recording.events.filter((e) => e.type === type).length >= count, timeoutMs);
}
