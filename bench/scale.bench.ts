/**
 * Broker scale: one process streaming every sub-account of a simulator (time until all are
 * connected, heap per stream, events per second), and the JetStream bridge's publishing rate
 * against the bare NATS client publishing the same events.
 *
 * Needs `nats-server` installed (Debian: `apt-get install -y nats-server`).
 *
 * @module
 */
import type { Benchmark, Measure, ResultRow } from './benchmark.js';
import { newIdMicros, oldIdMicros } from './scale-identity.js';
import { publishBare, publishLibrary, startJetStreamBench, taggedWorkload } from './scale-jetstream.js';
import { heapPerStream, startScaleServer, streamRound, type StreamRound } from './scale-streams.js';
import { inAlternatingOrder, pairedRatio } from './stats.js';

const SIZES = {
  full: { accounts: 200, orders: 5, streamRounds: 3, events: 20_000, publishRounds: 5, idRounds: 15 },
  quick: { accounts: 50, orders: 2, streamRounds: 1, events: 3_000, publishRounds: 2, idRounds: 3 },
} as const;
/** Least the bridge's publishing rate may be, as a fraction of the bare client's. */
const TARGET_PUBLISH = 0.25;
/** Most a paced start of every account may take beyond its pacing floor, ms. */
const PACED_SLACK_MS = 5_000;
const PACED_STARTS_PER_SECOND = 20;

const measure = (label: string, unit: string, samples: readonly number[]): Measure => ({ label, unit, samples });

/** The scale benchmark. */
export const scaleBenchmark: Benchmark = {
  name: 'scale',
  title: 'Broker scale: many accounts in one process, and the JetStream bridge',
  description:
    'A simulator in a child process holds N funded sub-accounts (200; 50 with --quick). Each round, `userDataStreams` ' +
    'starts one stream per account (own listen key, own websocket): once paced (20 starts/s, 8 at once, so at least ' +
    'N/20 s; the default before the request budget paced listen keys) and once unpaced (1000/s, 64 at once); the clients ' +
    'share a request budget with its limits raised out of the way (the simulator counts none here; `thousand` runs ' +
    'against the real budget); the time until every account is connected, then ' +
    'every account trades at once: ' +
    'the events per second the subscriber receives (bounded by how fast the simulator trades) and the CPU time ' +
    'the streaming process spent per event. Heap per stream: all connected (unpaced), full collection, heap; all ' +
    'closed, full collection, heap; the difference over N (meaningful with --expose-gc only). The JetStream rows publish the same seeded tagged events ' +
    '(20,000 over 200 accounts) to a nats-server on loopback: through `publishToJetStream` (dedup id, envelope, ' +
    'one publish in flight per account to keep each account in order) and with the bare client (`js.publish` of ' +
    'the JSON, 256 in flight, no id, no order), in alternating order; ratio: bridge rate over bare rate. The id row ' +
    'gives the same events their deduplication ids, in alternating order: the occurrence identity `publishToJetStream` ' +
    'computes (content hash, occurrence count per account, when the view began) against the id before it (the content ' +
    'hash alone, which let identical pushes share an id); ratio: new cost over old.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const rows: ResultRow[] = [];
    const server = await startScaleServer(size.accounts);
    const paced: StreamRound[] = [];
    const unpaced: StreamRound[] = [];
    const heap: number[] = [];
    try {
      for (let round = 0; round < size.streamRounds; round++) {
        heap.push(await heapPerStream(server));
        paced.push(await streamRound(server, { startsPerSecond: PACED_STARTS_PER_SECOND, maxConcurrentStarts: 8 }, size.orders, round * 2 + 1));
        unpaced.push(await streamRound(server, { startsPerSecond: 1000, maxConcurrentStarts: 64 }, size.orders, round * 2 + 2));
        log(`round ${round + 1}: connected in ${paced.at(-1)?.connectMs.toFixed(0)} ms paced, ${unpaced.at(-1)?.connectMs.toFixed(0)} ms unpaced; ${unpaced.at(-1)?.eventsPerSecond.toFixed(0)} events/s`);
      }
    } finally {
      await server.stop();
    }
    const floorMs = (size.accounts / PACED_STARTS_PER_SECOND) * 1000;
    const pacedMs = paced.map((r) => r.connectMs);
    rows.push({
      subject: measure(`${size.accounts} accounts: until all connected, paced (20/s, 8 at once)`, 'ms', pacedMs),
      target: { text: `<= ${floorMs.toFixed(0)} ms floor + ${PACED_SLACK_MS} ms`, met: Math.max(...pacedMs) <= floorMs + PACED_SLACK_MS },
    });
    rows.push({ subject: measure(`${size.accounts} accounts: until all connected, unpaced (1000/s, 64 at once)`, 'ms', unpaced.map((r) => r.connectMs)) });
    rows.push({ subject: measure('heap per connected, idle stream (listen key, socket, supervisor)', 'KB', heap) });
    rows.push({ subject: measure(`${size.accounts} accounts trading at once: market events at the subscriber`, 'events/s', [...paced, ...unpaced].map((r) => r.eventsPerSecond)) });
    rows.push({ subject: measure('CPU of the streaming process per event (decode, dedup, merge)', 'µs', [...paced, ...unpaced].map((r) => r.cpuMicrosPerEvent)) });

    const bench = await startJetStreamBench();
    try {
      const library: number[] = [];
      const bare: number[] = [];
      await publishLibrary(bench.js, taggedWorkload(1000, 200, 'w'));
      await publishBare(bench.js, taggedWorkload(1000, 200, 'w'));
      for (let round = 0; round < size.publishRounds; round++) {
        await inAlternatingOrder(
          round,
          async () => void library.push(await publishLibrary(bench.js, taggedWorkload(size.events, 200, `l${round}`))),
          async () => void bare.push(await publishBare(bench.js, taggedWorkload(size.events, 200, `b${round}`))),
        );
      }
      const idNew: number[] = [];
      const idOld: number[] = [];
      const idEvents = taggedWorkload(size.events, 200, 'ids');
      newIdMicros(idEvents);
      oldIdMicros(idEvents);
      for (let round = 0; round < size.idRounds; round++) {
        await inAlternatingOrder(
          round,
          () => void idNew.push(newIdMicros(idEvents)),
          () => void idOld.push(oldIdMicros(idEvents)),
        );
      }
      const idRatio = pairedRatio(idNew, idOld);
      log(`deduplication ids: ${idRatio.toFixed(2)}x the cost of the content hash alone`);
      rows.push({
        subject: measure('deduplication id per event: content and occurrence index', 'µs', idNew),
        baseline: measure('content hash alone (the id before)', 'µs', idOld),
        ratio: { value: idRatio, text: `${idRatio.toFixed(2)}x the old id's cost` },
      });
      const ratio = pairedRatio(library, bare);
      log(`publishToJetStream: ${ratio.toFixed(2)}x the bare client's rate`);
      rows.push({
        subject: measure('publishToJetStream (dedup id with occurrence index, per-account order)', 'events/s', library),
        baseline: measure('bare `js.publish`, 256 in flight', 'events/s', bare),
        ratio: { value: ratio, text: `${ratio.toFixed(2)}x the bare rate` },
        target: { text: `>= ${TARGET_PUBLISH}x`, met: ratio >= TARGET_PUBLISH },
      });
    } finally {
      await bench.stop();
    }
    return rows;
  },
};
