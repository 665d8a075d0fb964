/**
 * The state half of the `peers` benchmark: the same protobuf push frames (orders, deals and
 * balance changes of a seeded trading workload) turned into order and balance state, by the
 * library (`decodeFrame`, then `reduceOrders` and `balanceSnapshots` behind a Subject, as an
 * application pipes them) and by ccxt pro (`handleMessage`: protobufjs decode, then its order,
 * trade and balance caches), against the bare protobuf decode, in the same rounds.
 *
 * @module
 */
import { fromBinary } from '@bufbuild/protobuf';
import { Subject, VirtualTimeScheduler, type OperatorFunction } from 'rxjs';
import { PushDataV3ApiWrapperSchema } from '../src/gen/mexc/push_data_v3_pb.js';
import { balanceSnapshots } from '../src/operators/balance-snapshots.js';
import { reduceOrders } from '../src/operators/reduce-orders.js';
import { encodePushFrame } from '../src/simulator/ws/encode-frame.js';
import { decodeFrame } from '../src/stream/decode-frame.js';
import type { MarketEvent } from '../src/stream/events.js';
import type { UserDataEvent } from '../src/stream/user-data-stream.js';
import type { ResultRow } from './benchmark.js';
import { MarketWorkload } from './generators.js';
import type { CcxtProMexc, Peers } from './peer-packages.js';
import { pairedRatio } from './stats.js';

/** Orders placed over the frames (full run), rounds; quick runs are smaller. */
const SIZES = { full: { orders: 5_000, rounds: 7 }, quick: { orders: 1_000, rounds: 2 } };
/** Most the pipeline may cost, as a multiple of the bare decode. */
const TARGET_COST = 3;
/** Events per coalescing window in the coalesced row (one snapshot per operator per window). */
const WINDOW = 25;
const QUOTE = 'USDT';

/** The workload's events until `orders` distinct orders were placed. */
function eventsOverOrders(orders: number): MarketEvent[] {
  const events: MarketEvent[] = [];
  const placed = new Set<string>();
  const workload = new MarketWorkload({ seed: 7 });
  while (placed.size < orders) {
    const event = workload.next();
    events.push(event);
    if (event.type === 'order' && event.status === 'NEW') placed.add(event.orderId);
  }
  return events;
}

/** One measured way of handling every frame once; `run` returns a check value (nothing optimized away). */
interface Side {
  readonly name: string;
  readonly run: (frames: readonly Uint8Array[]) => number;
  readonly costs: number[];
}

/** Wall time per frame of one pass, ns. */
function timePass(side: Side, frames: readonly Uint8Array[], sink: { value: number }): number {
  const start = performance.now();
  sink.value += side.run(frames);
  return ((performance.now() - start) * 1e6) / frames.length;
}

/** decodeFrame into a Subject with `operators` subscribed; `coalescing` flushes one window at a time. */
function pipeline(operators: () => OperatorFunction<UserDataEvent, unknown>[], coalescing?: VirtualTimeScheduler): Side['run'] {
  return (frames) => {
    const subject = new Subject<UserDataEvent>();
    let emitted = 0;
    const latest: unknown[] = [];
    const subscriptions = operators().map((operator, i) =>
      subject.pipe(operator).subscribe((snapshot) => {
        emitted += 1;
        latest[i] = snapshot;
      }),
    );
    for (let i = 0; i < frames.length; i++) {
      const result = decodeFrame(frames[i] as Uint8Array);
      if (result.kind === 'event') subject.next(result.event);
      if (coalescing && i % WINDOW === WINDOW - 1) coalescing.flush();
    }
    coalescing?.flush();
    for (const subscription of subscriptions) subscription.unsubscribe();
    if (latest.length !== subscriptions.length && subscriptions.length > 0) throw new Error('an operator emitted nothing');
    return emitted;
  };
}

/** ccxt pro's markets for the workload's symbols (spot, as MEXC's are). */
function marketsOf(events: readonly MarketEvent[]): object[] {
  const symbols = new Set(events.flatMap((e) => (e.type === 'account' ? [] : [e.symbol])));
  return [...symbols].map((id) => {
    const base = id.slice(0, -QUOTE.length);
    return { id, symbol: `${base}/${QUOTE}`, base, quote: QUOTE, baseId: base, quoteId: QUOTE, type: 'spot', spot: true, active: true, precision: {}, limits: {}, info: {} };
  });
}

/** Waits until ccxt pro has loaded its protobuf module (it does so on its own after construction). */
async function readyPro(exchange: CcxtProMexc, client: unknown, frame: Uint8Array): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      exchange.handleMessage(client, frame);
      return;
    } catch (error: unknown) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The sizes of ccxt pro's caches (order and trade caches, spot balances). */
function cachesOf(exchange: CcxtProMexc): { orders: number; trades: number; quoteBalance: unknown } {
  return { orders: exchange.orders?.length ?? 0, trades: exchange.myTrades?.length ?? 0, quoteBalance: exchange.balance['spot']?.[QUOTE] };
}

function ccxtSide(exchange: CcxtProMexc, client: unknown): Side['run'] {
  return (frames) => {
    exchange.orders = undefined;
    exchange.myTrades = undefined;
    exchange.balance = {};
    for (let i = 0; i < frames.length; i++) exchange.handleMessage(client, frames[i] as Uint8Array);
    const caches = cachesOf(exchange);
    if (caches.orders === 0 || caches.trades === 0 || caches.quoteBalance === undefined) throw new Error('ccxt pro built no state');
    return caches.orders;
  };
}

function costRow(side: Side, baseline: Side, target?: number): ResultRow {
  const ratio = pairedRatio(side.costs, baseline.costs);
  return {
    subject: { label: side.name, unit: 'ns/event', samples: side.costs },
    baseline: { label: baseline.name, unit: 'ns/event', samples: baseline.costs },
    ratio: { value: ratio, text: `${ratio.toFixed(2)}x ${baseline.name}` },
    target: target === undefined ? undefined : { text: `<= ${target}x`, met: ratio <= target },
  };
}

/**
 * Runs the state rounds: every side handles every frame once per round, the order rotating from
 * round to round, after three warm-up passes of each.
 *
 * @example
 * ```ts
 * const rows = await statePeerRows(peers, { quick: true, log });
 * ```
 */
export async function statePeerRows(peers: Peers, context: { readonly quick: boolean; readonly log: (line: string) => void }): Promise<ResultRow[]> {
  const sizes = context.quick ? SIZES.quick : SIZES.full;
  const events = eventsOverOrders(sizes.orders);
  const frames = events.map((event) => encodePushFrame(event));
  const exchange = peers.makePro({});
  exchange.setMarkets(marketsOf(events));
  const client = exchange.client('wss://127.0.0.1/ws');
  await readyPro(exchange, client, frames[0] as Uint8Array);
  const both = (): OperatorFunction<UserDataEvent, unknown>[] => [reduceOrders(), balanceSnapshots()];
  const vts = new VirtualTimeScheduler();
  const bare: Side = { name: `protobufjs ${peers.protobufjsVersion} decode alone`, run: (f) => f.reduce((n, b) => n + peers.wrapper.decode(b).channel.length, 0), costs: [] };
  const sides: Side[] = [
    bare,
    { name: 'protobuf-es `fromBinary` alone', run: (f) => f.reduce((n, b) => n + fromBinary(PushDataV3ApiWrapperSchema, b).channel.length, 0), costs: [] },
    { name: 'decodeFrame', run: pipeline(() => []), costs: [] },
    { name: 'decodeFrame + reduceOrders', run: pipeline(() => [reduceOrders()]), costs: [] },
    { name: 'decodeFrame + reduceOrders + balanceSnapshots', run: pipeline(both), costs: [] },
    {
      name: `decodeFrame + reduceOrders + balanceSnapshots, coalesced (one snapshot per ${WINDOW} events)`,
      run: pipeline(() => [reduceOrders({ coalesce: vts }), balanceSnapshots({ coalesce: vts })], vts),
      costs: [],
    },
    { name: `ccxt pro ${peers.ccxtVersion} handleMessage`, run: ccxtSide(exchange, client), costs: [] },
  ];
  const sink = { value: 0 };
  for (const side of sides) for (let warm = 0; warm < 3; warm++) timePass(side, frames, sink);
  for (let round = 0; round < sizes.rounds; round++) {
    for (let i = 0; i < sides.length; i++) {
      const side = sides[(round + i) % sides.length] as Side;
      side.costs.push(timePass(side, frames, sink));
    }
    context.log(`state round ${round + 1}: ${sides.map((s) => `${s.name.split(',')[0] ?? s.name} ${Math.round(s.costs[round] ?? 0)} ns`).join(', ')}`);
  }
  if (sink.value === 0) throw new Error('nothing was decoded');
  const [, fromBinarySide, decode, orders, pipelineSide, coalesced, ccxt] = sides as [Side, Side, Side, Side, Side, Side, Side];
  return [
    costRow(fromBinarySide, bare),
    costRow(decode, bare),
    costRow(orders, bare),
    costRow(pipelineSide, bare, TARGET_COST),
    costRow(coalesced, bare),
    costRow(coalesced, pipelineSide),
    costRow(ccxt, bare),
    costRow(ccxt, pipelineSide),
  ];
}

/** Frames the state rounds handle per pass, for the description. */
export const STATE_WORKLOAD = `the frames of a seeded trading workload until ${SIZES.full.orders.toLocaleString('en-US')} orders were placed`;
