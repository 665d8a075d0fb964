/**
 * 200 sub-accounts on the simulator, streamed by two workers whose account sets overlap (a third
 * of the accounts run on both, as during a handover), both publishing into one JetStream stream:
 * a reader gets every event the simulator pushed exactly once, in each account's order.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Client } from '../../src/client/types.js';
import { ownsAccount } from '../../src/scale/partition.js';
import { isMarketEvent } from '../../src/scale/tagged-event.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { accountNames, createSubAccounts, deliveredPushes, waitUntil, withoutChannel } from '../scale/sim-accounts.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { connectTo, consumerSettled, createEventStream, startReader, startWorker, STREAM, type Reader, type Worker } from './support.js';

let server: NatsServer;
let sim: Simulator;
let nc: NatsConnection;
const workers: Worker[] = [];
let reader: Reader | undefined;

beforeAll(async () => {
  server = await startNatsServer();
  nc = await connectTo(server);
  await createEventStream(nc);
  sim = await startSimulator({ realtime: true });
}, 20_000);

afterAll(async () => {
  reader?.subscription.unsubscribe();
  for (const worker of workers) await worker.kill().catch(() => undefined);
  await nc?.close();
  await sim?.close();
  await server?.stop();
});

describe('two workers, 200 accounts, one JetStream stream', () => {
  it('delivers every event once, in per-account order, though a third of the accounts are published by both workers', async () => {
    const names = accountNames(200);
    const clients = createSubAccounts(sim, names);
    const both = new Set(names.filter((_, i) => i % 3 === 0));
    const setOf = (index: number): Map<string, Client> =>
      new Map([...clients].filter(([name]) => both.has(name) || ownsAccount(name, index, 2)));
    const sets = [setOf(0), setOf(1)];
    expect(sets[0]!.size + sets[1]!.size).toBe(200 + both.size);

    const streamOptions = { scheduler: sim.scheduler, maxConcurrentStarts: 64, startsPerSecond: 1000 };
    // The workers' scheduler is the simulator's clock: no skew between them.
    for (const [index, set] of sets.entries()) workers.push(await startWorker(server, set, { worker: `w${index}`, maxClockSkewMs: 0 }, streamOptions));
    await waitUntil(
      'every account connected on its worker(s)',
      () => workers.every((w, i) => w.receipts.filter((r) => r.event.type === 'connected').length === sets[i]!.size),
      30_000,
    );

    // Let the clock move past the last connection's millisecond: an event settled in the millisecond
    // a worker's connection was subscribed in might repeat one pushed just before, unseen by it.
    const subscribedBy = sim.clock.now();
    await waitUntil('the next millisecond', () => sim.clock.now() > subscribedBy);
    // Trade on every account (the pushes go to one or two connections), ten accounts at a time,
    // letting the sockets flow in between.
    for (let i = 0; i < names.length; i++) {
      sim.market.runSession({ account: names[i]!, orders: 4, seed: i + 1 });
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    const expected = new Map(names.map((name) => [name, deliveredPushes(sim, name).map((r) => r.event)]));
    const total = [...expected.values()].reduce((sum, events) => sum + events.length, 0);
    expect(total).toBeGreaterThan(200 * 8);

    const r = (reader = startReader(nc, { durable: 'audit' }));
    await waitUntil('every event at the reader', () => r.events.filter((e) => isMarketEvent(e.event)).length >= total, 30_000);
    // Nothing more on its way: each worker has the receipt of every event pushed to it (stored, or
    // found stored), and the reader was handed and acknowledged all the stream holds.
    const pushedTo = (set: ReadonlyMap<string, Client>): number => [...set.keys()].reduce((sum, name) => sum + (expected.get(name)?.length ?? 0), 0);
    await waitUntil('every worker\'s receipts', () => workers.every((w, i) => w.receipts.filter((x) => isMarketEvent(x.event)).length >= pushedTo(sets[i]!)), 30_000);
    await consumerSettled(nc, 'audit');

    expect(workers.map((w) => w.error)).toEqual([undefined, undefined]);
    expect(r.error).toBeUndefined();
    // Exactly once and in order, per account: what the reader got is the simulator's push log.
    for (const name of names) {
      const got = r.events.flatMap((e) => (e.account === name && isMarketEvent(e.event) ? [withoutChannel(e.event)] : []));
      expect(got).toEqual(expected.get(name));
    }
    // Deduplication did the work: every market event of a shared account was published by both
    // workers, and both were told the same stream sequence (stored once; the later copy, and any
    // retried publish, came back as a duplicate).
    const sharedEvents = [...both].reduce((sum, name) => sum + (expected.get(name)?.length ?? 0), 0);
    const receiptsOf = (w: Worker) => w.receipts.filter((x) => isMarketEvent(x.event) && both.has(x.account));
    const [first, second] = [receiptsOf(workers[0]!), receiptsOf(workers[1]!)];
    expect(first).toHaveLength(sharedEvents);
    expect(second).toHaveLength(sharedEvents);
    const seqOf = new Map(first.map((x) => [x.msgId, x.seq]));
    expect(second.every((x) => seqOf.get(x.msgId) === x.seq)).toBe(true);
    expect([...first, ...second].filter((x) => x.duplicate).length).toBeGreaterThanOrEqual(sharedEvents);
    const stored = new Set(workers.flatMap((w) => w.receipts.filter((x) => isMarketEvent(x.event)).map((x) => x.seq)));
    expect(stored.size).toBe(total);
    // Lifecycle events are each worker's own: a shared account shows both workers' `connected`.
    for (const name of names) {
      const connected = r.events.filter((e) => e.account === name && e.event.type === 'connected');
      expect(connected.map((e) => e.delivery.publisher?.worker).sort()).toEqual(both.has(name) ? ['w0', 'w1'] : [sets[0]!.has(name) ? 'w0' : 'w1']);
    }
    // The stream holds exactly what the reader got, and the reader acknowledged all of it.
    const jsm = await jetstreamManager(nc);
    expect((await jsm.streams.info(STREAM)).state.messages).toBe(r.events.length);
    const consumer = await jsm.consumers.info(STREAM, 'audit');
    expect(consumer.num_ack_pending).toBe(0);
    expect(consumer.num_pending).toBe(0);
    expect(new Set(r.events.map((e) => e.delivery.streamSequence)).size).toBe(r.events.length);
  }, 60_000);
});
