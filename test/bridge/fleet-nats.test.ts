/**
 * The property of fleet-property.test.ts against a real nats-server (fewer runs: each takes real
 * publishes): random pushes with repeated contents, two workers with overlapping connections and
 * reconnects, one killed and restarted, publishing with `publishToJetStream` into a real
 * JetStream stream; `consumeJetStream` reads exactly the pushes outside every gap it reads, in
 * order, and nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import fc from 'fast-check';
import type { ScaleEvent } from '../../src/scale/tagged-event.js';
import { waitUntil } from '../scale/sim-accounts.js';
import { checkRead, type ReadTally } from './fleet-check.js';
import { FLEET_STREAM, playFleet, type Bus, type Scenario } from './fleet.js';
import { scenarioArbitrary } from './fleet-scenario.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { connectTo, createEventStream, startReader, type Reader } from './support.js';

let server: NatsServer;
let reading: NatsConnection;
const workers: NatsConnection[] = [];
const readers: Reader[] = [];

beforeAll(async () => {
  server = await startNatsServer();
  reading = await connectTo(server);
  await createEventStream(reading);
  for (let i = 0; i < 2; i++) workers.push(await connectTo(server));
}, 20_000);

afterAll(async () => {
  for (const reader of readers) reader.subscription.unsubscribe();
  for (const nc of workers) await nc.close();
  await reading?.close();
  await server?.stop();
});

/** A worker's client that counts what it has under way (publishes and lookups). */
function counting(real: JetStreamClient, state: { pending: number; calls: number }): JetStreamClient {
  const track = <T>(work: Promise<T>): Promise<T> => {
    state.pending += 1;
    state.calls += 1;
    return work.finally(() => {
      state.pending -= 1;
    });
  };
  return {
    publish: (...args: Parameters<JetStreamClient['publish']>) => track(real.publish(...args)),
    jetstreamManager: async () => {
      const jsm = await track(real.jetstreamManager());
      return { streams: { getMessage: (...args: Parameters<JetStreamManager['streams']['getMessage']>) => track(jsm.streams.getMessage(...args)) } };
    },
  } as unknown as JetStreamClient;
}

function natsBus(): Bus {
  const state = { pending: 0, calls: 0 };
  return {
    client: (worker) => ({ js: counting(jetstream(workers[worker] as NatsConnection), state), hold: () => undefined }),
    async quiet() {
      let calls = -1;
      while (state.pending > 0 || calls !== state.calls) {
        calls = state.calls;
        await new Promise((resolve) => setTimeout(resolve, state.pending > 0 ? 1 : 0));
      }
    },
  };
}

let run = 0;

async function runOnNats(scenario: Scenario): Promise<ReadTally[]> {
  run += 1;
  // Accounts of their own in every run: the stream keeps all runs.
  const renamed = new Map([...scenario.pushes].map(([account, pushes]) => [`r${run}${account}`, pushes]));
  const jsm = await jetstreamManager(reading);
  const before = (await jsm.streams.info(FLEET_STREAM)).state.last_seq;
  await playFleet({ ...scenario, pushes: renamed }, natsBus());
  const stored = (await jsm.streams.info(FLEET_STREAM)).state.last_seq - before;
  const read = [...renamed.keys()].map((account) => {
    const reader = startReader(reading, { durable: `read-${account}`, filterSubject: `mexc.${account}.>` });
    readers.push(reader);
    return reader;
  });
  await waitUntil('every stored message read', () => read.reduce((sum, r) => sum + r.events.length, 0) >= stored, 10_000);
  return [...renamed].map(([, pushes], i) => {
    const reader = read[i] as Reader;
    expect(reader.error).toBeUndefined();
    expect(reader.events.filter((e) => e.event.type === 'diagnostic' && e.delivery.publisher === undefined)).toEqual([]);
    return checkRead(pushes, reader.events.map((e): ScaleEvent => e.event));
  });
}

describe('the bridge over random runs (real nats-server)', () => {
  it('delivers exactly the pushed sequence minus what lies inside reported gaps: no loss outside a gap, no duplicate, order kept', async () => {
    const tallies: ReadTally[] = [];
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary(50), async (scenario) => {
        tallies.push(...(await runOnNats(scenario)));
      }),
      { numRuns: 40, seed: 2019, endOnFailure: true },
    );
    const pushed = tallies.reduce((sum, t) => sum + t.pushed, 0);
    expect(tallies.reduce((sum, t) => sum + t.outside, 0) / pushed).toBeGreaterThan(0.5);
    expect(tallies.reduce((sum, t) => sum + t.repeatsRead, 0)).toBeGreaterThan(20);
  }, 240_000);
});
