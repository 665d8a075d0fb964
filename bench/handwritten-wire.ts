/**
 * The `handwritten` benchmark's pairs for what comes off the wire: the reader of binary push frames
 * against protobuf-es's own `fromBinary` with the generated schema, and the decimal arithmetic on
 * text against big.js.
 *
 * @module
 */
import { fromBinary } from '@bufbuild/protobuf';
import Big from 'big.js';
import { addDecimal, compareDecimal } from '../src/decimal/arithmetic.js';
import { PushDataV3ApiWrapperSchema } from '../src/gen/mexc/push_data_v3_pb.js';
import { encodePushFrame } from '../src/simulator/ws/encode-frame.js';
import type { AccountEvent } from '../src/stream/events.js';
import { readPushWrapper } from '../src/stream/read-push-wrapper.js';
import { MarketWorkload } from './generators.js';
import { sameResults, versionOf, type CpuPair } from './handwritten-pair.js';

const SEED = 29;

/** A decoded message as plain data: no type names, no unknown fields, no fields left `undefined`. */
function plain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return value.map(plain);
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key !== '$typeName' && key !== '$unknown' && field !== undefined) out[key] = plain(field);
  }
  return out;
}

/** What a pass adds up from a read frame: its channel's length and the kind of body. */
function weigh(message: { readonly channel: string; readonly body: { readonly case: string | undefined } } | string): number {
  return typeof message === 'string' ? 0 : message.channel.length + (message.body.case?.length ?? 0);
}

/**
 * The protobuf reader: `readPushWrapper` (whatever reads the wire inside it) against
 * `fromBinary(PushDataV3ApiWrapperSchema, bytes)`, over `frames` frames of the seeded event mix.
 *
 * @example
 * ```ts
 * const pair = protobufPair(2_000);
 * pair.verify();
 * ```
 */
export function protobufPair(frames: number): CpuPair {
  const bytes = new MarketWorkload({ seed: SEED }).take(frames).map((event) => encodePushFrame(event));
  return {
    piece: 'protobuf reader',
    label: `readPushWrapper, ${frames.toLocaleString('en-US')} mixed frames`,
    library: `@bufbuild/protobuf ${versionOf('@bufbuild/protobuf')} \`fromBinary\`, generated schema`,
    unit: 'frames',
    ops: bytes.length,
    ours: () => {
      let acc = 0;
      for (const frame of bytes) acc += weigh(readPushWrapper(frame));
      return acc;
    },
    theirs: () => {
      let acc = 0;
      for (const frame of bytes) acc += weigh(fromBinary(PushDataV3ApiWrapperSchema, frame));
      return acc;
    },
    verify: () =>
      sameResults(
        'protobuf reader',
        bytes,
        (frame) => plain(readPushWrapper(frame)),
        (frame) => plain(fromBinary(PushDataV3ApiWrapperSchema, frame)),
      ),
  };
}

/** Balance texts of the seeded workload's account events: free and frozen amounts, as the service sends them. */
function balances(count: number): readonly (readonly [string, string])[] {
  const workload = new MarketWorkload({ seed: SEED });
  const pairs: [string, string][] = [];
  while (pairs.length < count) {
    const event = workload.next();
    if (event.type === 'account') pairs.push([event.free, (event as AccountEvent).frozen]);
  }
  return pairs;
}

/**
 * Decimals, two pairs: `addDecimal(free, frozen)` (a balance's total, per account event) against
 * `new Big(free).plus(frozen).toFixed()`, and `compareDecimal` against `Big#cmp`, both from text
 * to text as the library hands amounts out.
 *
 * @example
 * ```ts
 * const [add, compare] = decimalPairs(5_000);
 * ```
 */
export function decimalPairs(count: number): readonly CpuPair[] {
  const pairs = balances(count);
  const library = `big.js ${versionOf('big.js')}`;
  const common = { piece: 'decimals', unit: 'ops', ops: pairs.length } as const;
  const add: CpuPair = {
    ...common,
    label: `addDecimal(free, frozen), ${count.toLocaleString('en-US')} account balances`,
    library: `${library} \`new Big(a).plus(b).toFixed()\``,
    ours: () => pairs.reduce((acc, [a, b]) => acc + addDecimal(a, b).length, 0),
    theirs: () => pairs.reduce((acc, [a, b]) => acc + new Big(a).plus(b).toFixed().length, 0),
    verify: () => sameResults('decimals: add', pairs, ([a, b]) => addDecimal(a, b), ([a, b]) => new Big(a).plus(b).toFixed()),
  };
  const compare: CpuPair = {
    ...common,
    label: `compareDecimal(free, frozen), ${count.toLocaleString('en-US')} account balances`,
    library: `${library} \`new Big(a).cmp(b)\``,
    ours: () => pairs.reduce((acc, [a, b]) => acc + compareDecimal(a, b) + 2, 0),
    theirs: () => pairs.reduce((acc, [a, b]) => acc + new Big(a).cmp(b) + 2, 0),
    verify: () => sameResults('decimals: compare', pairs, ([a, b]) => compareDecimal(a, b), ([a, b]) => new Big(a).cmp(b)),
  };
  return [add, compare];
}
