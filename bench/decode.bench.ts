/**
 * Frame decoding: what `decodeFrame` costs (decode, validate, normalize into an event) against the
 * bare decode it is built on (protobuf-es `fromBinary` alone, `JSON.parse` alone), over a realistic
 * mix of account, deal and order frames.
 *
 * @module
 */
import { fromBinary } from '@bufbuild/protobuf';
import { PushDataV3ApiWrapperSchema } from '../src/gen/mexc/push_data_v3_pb.js';
import { JSON_CHANNELS, privateChannelKind } from '../src/stream/channels.js';
import { decodeFrame } from '../src/stream/decode-frame.js';
import { encodeJsonFrame, encodePushFrame } from '../src/simulator/ws/encode-frame.js';
import type { MarketEvent } from '../src/stream/events.js';
import type { Benchmark, Measure, ResultRow } from './benchmark.js';
import { MarketWorkload } from './generators.js';
import { inAlternatingOrder, pairedRatio } from './stats.js';

/** Most the library may cost, as a multiple of the bare decode. */
const TARGET_COST = 2;

/** Frames decoded per measurement and rounds, full and quick. */
const SIZES = { full: { frames: 20_000, passes: 10, rounds: 7 }, quick: { frames: 5_000, passes: 4, rounds: 3 } };

function jsonFrameOf(event: MarketEvent): string {
  const kind = privateChannelKind(event.channel);
  return encodeJsonFrame({ ...event, channel: JSON_CHANNELS[kind] });
}

/** Decodes every frame `passes` times; returns frames per second. `decode` returns a number so nothing is optimized away. */
function rate<F>(frames: readonly F[], passes: number, decode: (frame: F) => number, sink: { value: number }): number {
  const start = performance.now();
  let acc = 0;
  for (let pass = 0; pass < passes; pass++) {
    for (let i = 0; i < frames.length; i++) acc += decode(frames[i] as F);
  }
  const seconds = (performance.now() - start) / 1000;
  sink.value += acc;
  return (frames.length * passes) / seconds;
}

const library = (frame: Uint8Array | string): number => (decodeFrame(frame).kind === 'event' ? 1 : 0);
const bareProtobuf = (frame: Uint8Array): number => fromBinary(PushDataV3ApiWrapperSchema, frame).channel.length;
const bareJson = (frame: string): number => (JSON.parse(frame) as { channel: string }).channel.length;

interface Pair {
  readonly label: string;
  readonly baselineLabel: string;
  readonly frames: readonly (Uint8Array | string)[];
  readonly bare: (frame: never) => number;
}

/** The decode benchmark. */
export const decodeBenchmark: Benchmark = {
  name: 'decode',
  title: 'Frame decoding',
  description:
    'A seeded mix of account, deal and order events (about 50% account, 34% order, 16% deal) encoded once with ' +
    '`encodePushFrame` (binary) and `encodeJsonFrame` (JSON channels). Each round decodes every frame several ' +
    'times with `decodeFrame` (decode + validate + normalize to an event) and, back to back in alternating order, ' +
    'with the bare decode alone. Ratio: the bare rate divided by the library rate (how many times the bare decode ' +
    'the library costs), median of the per-round ratios.',
  async run({ quick, log }) {
    const size = quick ? SIZES.quick : SIZES.full;
    const events = new MarketWorkload({ seed: 7 }).take(size.frames);
    const protobuf = events.map((event) => encodePushFrame(event));
    const json = events.map(jsonFrameOf);
    for (const frame of [...protobuf, ...json]) {
      if (decodeFrame(frame).kind !== 'event') throw new Error('a generated frame does not decode to an event');
    }
    const pairs: Pair[] = [
      { label: 'decodeFrame, protobuf frames', baselineLabel: '`fromBinary` alone', frames: protobuf, bare: bareProtobuf },
      { label: 'decodeFrame, JSON frames', baselineLabel: '`JSON.parse` alone', frames: json, bare: bareJson },
    ];
    const sink = { value: 0 };
    const rows: ResultRow[] = [];
    for (const pair of pairs) {
      const bare = pair.bare as (frame: Uint8Array | string) => number;
      rate(pair.frames, 2, library, sink);
      rate(pair.frames, 2, bare, sink);
      const lib: number[] = [];
      const base: number[] = [];
      for (let round = 0; round < size.rounds; round++) {
        await inAlternatingOrder(
          round,
          () => void lib.push(rate(pair.frames, size.passes, library, sink)),
          () => void base.push(rate(pair.frames, size.passes, bare, sink)),
        );
      }
      const cost = pairedRatio(base, lib);
      log(`${pair.label}: ${cost.toFixed(2)}x the bare decode`);
      const subject: Measure = { label: pair.label, unit: 'events/s', samples: lib };
      const baseline: Measure = { label: pair.baselineLabel, unit: 'events/s', samples: base };
      rows.push({
        subject,
        baseline,
        ratio: { value: cost, text: `${cost.toFixed(2)}x the bare cost` },
        target: { text: `<= ${TARGET_COST}x`, met: cost <= TARGET_COST },
      });
    }
    if (sink.value === 0) throw new Error('nothing was decoded');
    return rows;
  },
};
