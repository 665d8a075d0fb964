/**
 * The cost of recording metrics: the end-to-end stream run (the simulator in a child process
 * pushing a burst of order, deal and account events) received by `userDataStream` of a client
 * given an OpenTelemetry SDK `MeterProvider`, against the same run received by a client with no
 * provider (the API's no-op global), round by round in alternating order. CPU time of the
 * receiving process per event, and the ratio of the two.
 *
 * @module
 */
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { createClient } from '../src/client/create-client.js';
import type { Benchmark } from './benchmark.js';
import { startBenchChild, type BenchChild } from './child-process.js';
import { libraryReceiver, type Receiver } from './e2e-receivers.js';
import type { E2ePushDone, E2eServerInfo } from './e2e-sim-server.js';
import { inAlternatingOrder, pairedRatio } from './stats.js';

const SIZES = {
  full: { rounds: 10, orders: 4_000 },
  quick: { rounds: 2, orders: 500 },
};
/** Most the CPU per event with a provider may be, as a multiple of the run without. */
const TARGET = 1.05;

/** A reader collected by hand (an exporter's period, minutes, would collect a handful of times per hour). */
class ManualReader extends MetricReader {
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }

  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const isPushDone = (message: unknown): message is E2ePushDone => (message as E2ePushDone | undefined)?.type === 'pushed';

/** One burst through `receive`: CPU µs per event, and how many events. */
async function burst(receive: Receiver, server: BenchChild<E2eServerInfo>, orders: number, seed: number): Promise<{ cpuPerEventUs: number; events: number }> {
  const { sentAtNs, reception } = await receive(async () => {
    const done = await server.ask({ type: 'push', orders, seed, intervalMs: 0 }, isPushDone);
    if (done.refused !== undefined) throw new Error(`the simulator did not push: ${done.refused}`);
    return done.sentAtNs;
  });
  return { cpuPerEventUs: reception.cpuMicros / sentAtNs.length, events: sentAtNs.length };
}

/** The total of `mexc_rx.stream.events` the reader collects now. */
async function eventsCounted(reader: MetricReader): Promise<number> {
  const { resourceMetrics } = await reader.collect();
  const metric = resourceMetrics.scopeMetrics.flatMap((s) => s.metrics).find((m) => m.descriptor.name === 'mexc_rx.stream.events');
  return (metric?.dataPoints ?? []).reduce((sum, point) => sum + (typeof point.value === 'number' ? point.value : 0), 0);
}

/** The metrics benchmark. */
export const metricsBenchmark: Benchmark = {
  name: 'metrics',
  title: 'Recording metrics',
  description:
    'The end-to-end workload (the simulator in a child process on 127.0.0.1 trades on one account and pushes a burst of ' +
    `${SIZES.full.orders} orders' order, deal and account events on the protobuf channels) received by \`userDataStream\` ` +
    'of a client given an OpenTelemetry SDK `MeterProvider` (@opentelemetry/sdk-metrics 2, a reader collected after each ' +
    'round, which also checks that `mexc_rx.stream.events` counted every event), against the same burst received by a ' +
    'client given none (the API\'s no-op global), in alternating order each round. CPU time of the receiving process per ' +
    'event; ratio: the median of the per-round ratios.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const server = await startBenchChild<E2eServerInfo>(new URL('./e2e-sim-server.ts', import.meta.url));
    const reader = new ManualReader();
    const provider = new MeterProvider({ readers: [reader] });
    try {
      const { info } = server;
      const base = { baseUrl: info.restUrl, wsUrl: info.wsUrl, apiKey: info.apiKey, secretKey: info.secretKey };
      const recording = libraryReceiver(createClient({ ...base, meterProvider: provider }));
      const bare = libraryReceiver(createClient(base));
      // Warm-up: both paths compiled before the first timed round.
      await burst(recording, server, size.orders, 1);
      await burst(bare, server, size.orders, 1);
      const withProvider: number[] = [];
      const without: number[] = [];
      for (let round = 0; round < size.rounds; round++) {
        const seed = 2_000 + round * 10;
        const before = await eventsCounted(reader);
        await inAlternatingOrder(
          round,
          async () => {
            const { cpuPerEventUs, events } = await burst(recording, server, size.orders, seed);
            const counted = (await eventsCounted(reader)) - before;
            if (counted !== events) throw new Error(`mexc_rx.stream.events counted ${counted} of ${events} events`);
            withProvider.push(cpuPerEventUs);
          },
          async () => void without.push((await burst(bare, server, size.orders, seed)).cpuPerEventUs),
        );
        log(`round ${round + 1}: ${withProvider[round]?.toFixed(2)} µs per event with a provider, ${without[round]?.toFixed(2)} µs without`);
      }
      const ratio = pairedRatio(withProvider, without);
      return [
        {
          subject: { label: 'userDataStream with a MeterProvider: receiving CPU per event', unit: 'µs', samples: withProvider },
          baseline: { label: 'no MeterProvider', unit: 'µs', samples: without },
          ratio: { value: ratio, text: `${ratio.toFixed(3)}x without` },
          target: { text: `<= ${TARGET}x without`, met: ratio <= TARGET },
        },
      ];
    } finally {
      await provider.shutdown();
      await server.stop();
    }
  },
};
