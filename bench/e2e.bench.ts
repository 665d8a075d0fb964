/**
 * End to end: the simulator (child process) trades on an account and pushes the events over
 * loopback; the library's `userDataStream` receives them, against a raw `ws` client receiving the
 * same kind of run. Latency is taken on the machine's monotonic clock from the moment the child's
 * socket took each frame to the moment the subscriber (library) or the `message` listener (raw)
 * got it; throughput from a run pushed all at once.
 *
 * @module
 */
import { createClient } from '../src/client/create-client.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { startBenchChild, type BenchChild } from './child-process.js';
import { libraryReceiver, rawReceiver, type Push, type Receiver, type Reception } from './e2e-receivers.js';
import type { E2ePushDone, E2ePushRequest, E2eServerInfo } from './e2e-sim-server.js';
import { inAlternatingOrder, pairedRatio, percentile } from './stats.js';

const SIZES = {
  full: { rounds: 10, pacedOrders: 400, burstOrders: 4_000 },
  quick: { rounds: 2, pacedOrders: 60, burstOrders: 500 },
};
/** Real ms between the simulator's session steps in the paced runs (a few events per step). */
const STEP_INTERVAL_MS = 1;
/** Most the library's p99 latency may be, as a multiple of the raw client's. */
const TARGET_P99 = 1.5;

/** One receiver's figures for one round. */
interface RoundFigures {
  /** Paced run: push to subscriber, µs, sorted. */
  readonly latencyUs: readonly number[];
  /** Paced run: socket `message` to subscriber, µs, sorted (zero for the raw client). */
  readonly addedUs: readonly number[];
  /** Run pushed at once: events per second from the first send to the last delivery. */
  readonly eventsPerSecond: number;
  /** Run pushed at once: CPU of this process per event, µs. */
  readonly cpuPerEventUs: number;
}

const isPushDone = (message: unknown): message is E2ePushDone => (message as E2ePushDone | undefined)?.type === 'pushed';

function pushOf(server: BenchChild<E2eServerInfo>, request: E2ePushRequest): Push {
  return async () => {
    const done = await server.ask(request, isPushDone);
    if (done.refused !== undefined) throw new Error(`the simulator did not push: ${done.refused}`);
    if (done.sentAtNs.length === 0) throw new Error('the simulator pushed nothing');
    return done.sentAtNs;
  };
}

const sortedMicros = (values: number[]): number[] => values.map((ns) => ns / 1000).sort((a, b) => a - b);

function latencies(sentAtNs: readonly number[], reception: Reception): { latencyUs: number[]; addedUs: number[] } {
  return {
    latencyUs: sortedMicros(reception.deliveredAtNs.map((at, i) => at - (sentAtNs[i] as number))),
    addedUs: sortedMicros(reception.deliveredAtNs.map((at, i) => at - (reception.arrivedAtNs[i] as number))),
  };
}

async function measure(receive: Receiver, server: BenchChild<E2eServerInfo>, size: typeof SIZES.full, seed: number): Promise<RoundFigures> {
  const paced = await receive(pushOf(server, { type: 'push', orders: size.pacedOrders, seed, intervalMs: STEP_INTERVAL_MS }));
  const burst = await receive(pushOf(server, { type: 'push', orders: size.burstOrders, seed: seed + 1, intervalMs: 0 }));
  const events = burst.sentAtNs.length;
  const seconds = ((burst.reception.deliveredAtNs.at(-1) as number) - (burst.sentAtNs[0] as number)) / 1e9;
  return { ...latencies(paced.sentAtNs, paced.reception), eventsPerSecond: events / seconds, cpuPerEventUs: burst.reception.cpuMicros / events };
}

function percentileRow(label: string, p: number, lib: readonly RoundFigures[], raw: readonly RoundFigures[], target?: number): ResultRow {
  const libUs = lib.map((r) => percentile(r.latencyUs, p));
  const rawUs = raw.map((r) => percentile(r.latencyUs, p));
  const ratio = pairedRatio(libUs, rawUs);
  return {
    subject: { label: `userDataStream, ${label} latency, push to subscriber`, unit: 'µs', samples: libUs },
    baseline: { label: 'raw `ws` client', unit: 'µs', samples: rawUs },
    ratio: { value: ratio, text: `${ratio.toFixed(2)}x raw` },
    target: target === undefined ? undefined : { text: `<= ${target}x raw`, met: ratio <= target },
  };
}

/** The end-to-end stream benchmark. */
export const e2eBenchmark: Benchmark = {
  name: 'e2e',
  title: 'User data stream end to end',
  description:
    'The simulator runs in a child process on 127.0.0.1 and trades on one account with its market driver (orders ' +
    'placed, filled in parts, canceled: order, deal and account events on the protobuf channels). Receivers, in ' +
    'alternating order each round: `userDataStream(client, { format: "protobuf" })` with a subscriber, and a raw ' +
    '`ws` client subscribed to the same channels that decodes nothing. Latency: a paced run (' +
    `${SIZES.full.pacedOrders} orders, one session step every ${STEP_INTERVAL_MS} ms, a few events per step), from the ` +
    "moment the child handed each frame to `ws`'s `send` to the subscriber's `next` (library) or the " +
    '`message` listener (raw), both on the monotonic clock shared by the two processes; each round\'s percentile ' +
    'over all its events. Added latency: within the library, from its socket\'s `message` event to the subscriber. ' +
    `Throughput: a run pushed all at once (${SIZES.full.burstOrders} orders), events over the time from the first ` +
    'send to the last delivery (bounded by how fast the simulator trades and sends) and the CPU time of the ' +
    'receiving process per event.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const server = await startBenchChild<E2eServerInfo>(new URL('./e2e-sim-server.ts', import.meta.url));
    try {
      const { info } = server;
      const client = createClient({ baseUrl: info.restUrl, wsUrl: info.wsUrl, apiKey: info.apiKey, secretKey: info.secretKey });
      const library = libraryReceiver(client);
      const raw = rawReceiver(client);
      // Warm-up: both paths compiled and the simulator's session code hot before the first timed round.
      await measure(library, server, size, 1);
      await measure(raw, server, size, 1);
      const lib: RoundFigures[] = [];
      const bare: RoundFigures[] = [];
      for (let round = 0; round < size.rounds; round++) {
        const seed = 1_000 + round * 10;
        await inAlternatingOrder(
          round,
          async () => void lib.push(await measure(library, server, size, seed)),
          async () => void bare.push(await measure(raw, server, size, seed)),
        );
        const l = lib[round] as RoundFigures;
        const r = bare[round] as RoundFigures;
        log(
          `round ${round + 1}: p99 library ${percentile(l.latencyUs, 99).toFixed(0)} µs, raw ${percentile(r.latencyUs, 99).toFixed(0)} µs; ` +
            `library ${Math.round(l.eventsPerSecond)} events/s, raw ${Math.round(r.eventsPerSecond)} events/s`,
        );
      }
      const throughput = pairedRatio(
        lib.map((r) => r.eventsPerSecond),
        bare.map((r) => r.eventsPerSecond),
      );
      const cpu = pairedRatio(
        lib.map((r) => r.cpuPerEventUs),
        bare.map((r) => r.cpuPerEventUs),
      );
      return [
        percentileRow('p50', 50, lib, bare),
        percentileRow('p99', 99, lib, bare, TARGET_P99),
        {
          subject: { label: 'userDataStream, added latency p50, socket message to subscriber', unit: 'µs', samples: lib.map((r) => percentile(r.addedUs, 50)) },
        },
        {
          subject: { label: 'userDataStream, added latency p99, socket message to subscriber', unit: 'µs', samples: lib.map((r) => percentile(r.addedUs, 99)) },
        },
        {
          subject: { label: 'userDataStream, pushed at once: events at the subscriber', unit: 'events/s', samples: lib.map((r) => r.eventsPerSecond) },
          baseline: { label: 'raw `ws` client', unit: 'events/s', samples: bare.map((r) => r.eventsPerSecond) },
          ratio: { value: throughput, text: `${throughput.toFixed(2)}x raw throughput` },
        },
        {
          subject: { label: 'userDataStream, pushed at once: receiving CPU per event', unit: 'µs', samples: lib.map((r) => r.cpuPerEventUs) },
          baseline: { label: 'raw `ws` client', unit: 'µs', samples: bare.map((r) => r.cpuPerEventUs) },
          ratio: { value: cpu, text: `${cpu.toFixed(2)}x raw` },
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
