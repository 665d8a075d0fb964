/**
 * The JetStream half of the scale benchmark: the same tagged events published through
 * `publishToJetStream` (subject per account and kind, deduplication id with its occurrence index,
 * payload envelope, one publish in flight per account so each account stays in order) and through the bare client
 * (`js.publish` of the JSON, up to 256 in flight, no id, no ordering guarantee), against a real
 * nats-server with JetStream on loopback.
 *
 * @module
 */
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { from, lastValueFrom, reduce } from 'rxjs';
import { publishToJetStream } from '../src/bridge/publish.js';
import { ensureEventStream } from '../src/bridge/stream-setup.js';
import type { TaggedEvent } from '../src/scale/tagged-event.js';
import { startNatsServer, type NatsServer } from '../test/bridge/nats-server.js';
import { MarketWorkload } from './generators.js';

const STREAM = 'BENCH';
const BARE_IN_FLIGHT = 256;

/** A nats-server with the bench stream, and a connection to it. */
export interface JetStreamBench {
  readonly js: JetStreamClient;
  stop(): Promise<void>;
}

/**
 * Starts nats-server (it must be installed: `apt-get install -y nats-server`) and the stream.
 *
 * @example
 * ```ts
 * const bench = await startJetStreamBench();
 * ```
 */
export async function startJetStreamBench(): Promise<JetStreamBench> {
  const server: NatsServer = await startNatsServer();
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({ servers: server.url });
    await ensureEventStream(await jetstreamManager(nc), { name: STREAM, subjectPrefix: 'bench', storage: 'file' });
    const open = nc;
    return {
      js: jetstream(open),
      async stop() {
        await open.close();
        await server.stop();
      },
    };
  } catch (error) {
    await nc?.close();
    await server.stop();
    throw error;
  }
}

/**
 * `count` events of a seeded trading workload spread over `accounts` accounts (the account ids
 * carry `tag`, so each round's deduplication ids are new), each account's preceded by its
 * `connected`, five seconds before the first event: a worker counts every push it then sees.
 *
 * @example
 * ```ts
 * const events = taggedWorkload(20_000, 200, 'r1');
 * ```
 */
export function taggedWorkload(total: number, accounts: number, tag: string): TaggedEvent[] {
  const events = new MarketWorkload({ seed: 11 }).take(total);
  const at = Math.min(...events.map((e) => e.sendTime)) - 5_000;
  const connected = Array.from({ length: Math.min(accounts, total) }, (_, i): TaggedEvent => ({
    account: `acct${i}${tag}`,
    event: { type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at },
  }));
  return [...connected, ...events.map((event, i) => ({ account: `acct${i % accounts}${tag}`, event }))];
}

/**
 * Publishes through the library; returns events per second.
 *
 * @example
 * ```ts
 * const rate = await publishLibrary(bench.js, taggedWorkload(20_000, 200, 'l0'));
 * ```
 */
export async function publishLibrary(js: JetStreamClient, events: readonly TaggedEvent[]): Promise<number> {
  const start = performance.now();
  const receipts = from(events).pipe(publishToJetStream(js, { worker: 'bench', subjectPrefix: 'bench', maxBacklog: events.length }));
  const tally = { stored: 0, gaps: 0 };
  const { stored, gaps } = await lastValueFrom(
    receipts.pipe(reduce((t, r) => ({ stored: t.stored + 1, gaps: t.gaps + (r.event.type === 'gap' ? 1 : 0) }), tally)),
  );
  if (stored !== events.length) throw new Error(`stored ${stored} of ${events.length}`);
  // Every event was counted (none replaced by an ambiguous-copy gap): the bench measures the ids it means to.
  if (gaps !== 0) throw new Error(`${gaps} events replaced by gaps`);
  return events.length / ((performance.now() - start) / 1000);
}

/**
 * Publishes with the bare client, `BARE_IN_FLIGHT` at a time; returns events per second.
 *
 * @example
 * ```ts
 * const rate = await publishBare(bench.js, taggedWorkload(20_000, 200, 'b0'));
 * ```
 */
export async function publishBare(js: JetStreamClient, events: readonly TaggedEvent[]): Promise<number> {
  const encoder = new TextEncoder();
  const start = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let i = next++; i < events.length; i = next++) {
      const tagged = events[i] as TaggedEvent;
      await js.publish(`bench.${tagged.account}.${tagged.event.type}`, encoder.encode(JSON.stringify(tagged)));
    }
  };
  await Promise.all(Array.from({ length: BARE_IN_FLIGHT }, lane));
  return events.length / ((performance.now() - start) / 1000);
}
