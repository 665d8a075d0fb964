/**
 * Shared set-up of the bridge tests: NATS connections, a worker (userDataStreams piped into
 * publishToJetStream on its own connection) and a reader (consumeJetStream) that records.
 */
import { jetstream, jetstreamManager, type ConsumerInfo, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { BehaviorSubject, type Subscription } from 'rxjs';
import { consumeJetStream, type ConsumedEvent, type ConsumeJetStreamOptions } from '../../src/bridge/consume.js';
import { publishToJetStream, type PublishReceipt, type PublishToJetStreamOptions } from '../../src/bridge/publish.js';
import { ensureEventStream } from '../../src/bridge/stream-setup.js';
import type { Client } from '../../src/client/types.js';
import { userDataStreams, type AccountSet, type UserDataStreamsOptions } from '../../src/scale/user-data-streams.js';
import type { NatsServer } from './nats-server.js';

export const STREAM = 'MEXC';

/**
 * Connects to the test server.
 *
 * @example
 * ```ts
 * const nc = await connectTo(server);
 * ```
 */
export function connectTo(server: NatsServer): Promise<NatsConnection> {
  return connect({ servers: server.url, name: 'mexc-rx-test' });
}

/**
 * Creates the event stream (duplicate window 2 minutes).
 *
 * @example
 * ```ts
 * await createEventStream(nc);
 * ```
 */
export async function createEventStream(nc: NatsConnection): Promise<void> {
  await ensureEventStream(await jetstreamManager(nc), { name: STREAM, duplicateWindowMs: 120_000 });
}

/** A running worker: its connection, what it stored, and how it ended. */
export interface Worker {
  readonly nc: NatsConnection;
  readonly accounts$: BehaviorSubject<AccountSet>;
  readonly receipts: PublishReceipt[];
  /** How the worker's pipeline failed, if it did. */
  readonly error: unknown;
  /** Ends the worker as a crash would, as far as the bus sees it: stops at once, closes its connection without draining. */
  kill(): Promise<void>;
}

/**
 * Starts a worker streaming `accounts` and publishing everything on its own NATS connection.
 *
 * @example
 * ```ts
 * const worker = await startWorker(server, clients, { worker: 'w0' }, { scheduler: sim.scheduler });
 * await worker.kill();
 * ```
 */
export async function startWorker(
  server: NatsServer,
  accounts: ReadonlyMap<string, Client>,
  publish: PublishToJetStreamOptions,
  streams: UserDataStreamsOptions,
): Promise<Worker> {
  const nc = await connectTo(server);
  const accounts$ = new BehaviorSubject<AccountSet>(accounts);
  const receipts: PublishReceipt[] = [];
  const state: { error: unknown } = { error: undefined };
  const subscription: Subscription = userDataStreams(accounts$, streams)
    .pipe(publishToJetStream(jetstream(nc), publish))
    .subscribe({
      next: (receipt) => receipts.push(receipt),
      error: (error: unknown) => {
        state.error = error;
      },
    });
  return {
    nc,
    accounts$,
    receipts,
    get error() {
      return state.error;
    },
    async kill() {
      subscription.unsubscribe();
      await nc.close();
    },
  };
}

/** A reader recording what it consumes. */
export interface Reader {
  readonly js: JetStreamClient;
  readonly events: ConsumedEvent[];
  readonly subscription: Subscription;
  error: unknown;
}

/**
 * Starts reading with a durable consumer.
 *
 * @example
 * ```ts
 * const reader = startReader(nc, { durable: 'audit' });
 * reader.events.length;
 * ```
 */
export function startReader(nc: NatsConnection, options: Partial<ConsumeJetStreamOptions> & { readonly durable: string }, onEvent?: (event: ConsumedEvent, reader: Reader) => void): Reader {
  const js = jetstream(nc);
  const events: ConsumedEvent[] = [];
  const reader: Reader = {
    js,
    events,
    error: undefined,
    subscription: consumeJetStream(js, { stream: STREAM, ...options }).subscribe({
      next: (event) => {
        events.push(event);
        onEvent?.(event, reader);
      },
      error: (error: unknown) => {
        reader.error = error;
      },
    }),
  };
  return reader;
}

/**
 * Waits (polling the server, bounded) until the durable consumer `durable` has handed over and
 * seen acknowledged everything the stream holds for it: then nothing stored so far is still on
 * its way to a reader. Returns the consumer's last info.
 *
 * @example
 * ```ts
 * await consumerSettled(nc, 'audit');
 * ```
 */
export async function consumerSettled(nc: NatsConnection, durable: string, timeoutMs = 10_000): Promise<ConsumerInfo> {
  const jsm = await jetstreamManager(nc);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await jsm.consumers.info(STREAM, durable);
    if (info.num_pending === 0 && info.num_ack_pending === 0) return info;
    if (Date.now() > deadline) throw new Error(`consumer ${durable} still has ${info.num_pending} pending and ${info.num_ack_pending} unacknowledged`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
