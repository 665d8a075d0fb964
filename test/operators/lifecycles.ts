/**
 * fast-check arbitraries of valid order lifecycles (spec 3.2, 6.2, 6.3): NEW, then fills whose
 * order events carry a growing cumulative quantity, ending FILLED, CANCELED or PARTIALLY_CANCELED;
 * and of the deliveries the protocol allows for them (any reordering, with duplicates).
 */
import fc from 'fast-check';
import type { DealEvent, OrderEvent, OrderStatus } from '../../src/stream/events.js';
import { dealEvent, orderEvent, T0 } from './fixtures.js';

/** One order's events in protocol order, and what its final state must be. */
export interface Lifecycle {
  readonly orderId: string;
  readonly events: readonly (OrderEvent | DealEvent)[];
  readonly finalStatus: OrderStatus;
  readonly finalCumulativeQuantity: string;
  readonly tradeIds: readonly string[];
}

/** `units` of 10^-`scale` as decimal text, e.g. (1500n, 3) → '1.5'. */
export function fixed(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

interface Shape {
  readonly ending: 'FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED';
  /** Fill quantities in 0.001 units. */
  readonly fills: readonly number[];
  /** Unfilled rest, 0.001 units (ignored when FILLED). */
  readonly rest: number;
  /** Price in 0.01 units. */
  readonly price: number;
  /** The deal of a fill comes after its order event instead of before. */
  readonly dealsAfter: readonly boolean[];
  /** Gaps between events, ms. */
  readonly steps: readonly number[];
}

const shape: fc.Arbitrary<Shape> = fc
  .record({
    ending: fc.constantFrom('FILLED' as const, 'CANCELED' as const, 'PARTIALLY_CANCELED' as const),
    fills: fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 5 }),
    rest: fc.integer({ min: 1, max: 20_000 }),
    price: fc.integer({ min: 1, max: 1_000_000 }),
    dealsAfter: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    steps: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 16, maxLength: 16 }),
  })
  .map((s) => (s.ending === 'CANCELED' ? { ...s, fills: [] } : s));

function build(orderId: string, start: number, s: Shape): Lifecycle {
  const filled = s.fills.reduce((a, b) => a + b, 0);
  const quantityUnits = s.ending === 'FILLED' ? filled : filled + s.rest;
  const quantity = fixed(BigInt(quantityUnits), 3);
  const price = fixed(BigInt(s.price), 2);
  const amountOf = (units: number): string => fixed(BigInt(units) * BigInt(s.price), 5);
  let time = start;
  let step = 0;
  const tick = (): number => {
    time += s.steps[step++ % s.steps.length] ?? 1;
    return time;
  };
  const base = { orderId, price, quantity, amount: amountOf(quantityUnits), createTime: start, clientOrderId: `cl-${orderId}` };
  const report = (status: OrderStatus, cumUnits: number): OrderEvent =>
    orderEvent({
      ...base,
      status,
      cumulativeQuantity: fixed(BigInt(cumUnits), 3),
      cumulativeAmount: amountOf(cumUnits),
      remainQuantity: fixed(BigInt(quantityUnits - cumUnits), 3),
      remainAmount: amountOf(quantityUnits - cumUnits),
      avgPrice: cumUnits > 0 ? price : '0',
      sendTime: tick(),
    });
  const events: (OrderEvent | DealEvent)[] = [report('NEW', 0)];
  const tradeIds: string[] = [];
  let cum = 0;
  s.fills.forEach((units, i) => {
    cum += units;
    const tradeId = `${orderId}-T${i}`;
    tradeIds.push(tradeId);
    const makeDeal = (): DealEvent => {
      const dealTime = tick();
      return dealEvent({
        orderId,
        tradeId,
        clientOrderId: `cl-${orderId}`,
        price,
        quantity: fixed(BigInt(units), 3),
        amount: amountOf(units),
        feeAmount: fixed(BigInt(units), 6),
        time: dealTime,
        sendTime: dealTime,
      });
    };
    const status: OrderStatus = i === s.fills.length - 1 && s.ending === 'FILLED' ? 'FILLED' : 'PARTIALLY_FILLED';
    if (s.dealsAfter[i]) {
      const update = report(status, cum);
      events.push(update, makeDeal());
    } else {
      const deal = makeDeal();
      events.push(deal, report(status, cum));
    }
  });
  if (s.ending !== 'FILLED') events.push(report(s.ending, cum));
  return { orderId, events, finalStatus: s.ending, finalCumulativeQuantity: fixed(BigInt(cum), 3), tradeIds };
}

/** One valid lifecycle of order `orderId`, its first event at `start`. */
export function lifecycle(orderId: string, start = T0): fc.Arbitrary<Lifecycle> {
  return shape.map((s) => build(orderId, start, s));
}

/** 1 to `max` lifecycles of distinct orders, their events overlapping in time. */
export function lifecycles(max: number): fc.Arbitrary<readonly Lifecycle[]> {
  return fc
    .array(fc.tuple(shape, fc.integer({ min: 0, max: 100 })), { minLength: 1, maxLength: max })
    .map((list) => list.map(([s, offset], i) => build(`C02__${5059790174390026 + i}`, T0 + offset, s)));
}

/** The events of several lifecycles in protocol order: each order's in sequence, interleaved by send time. */
export function inOrder(orders: readonly Lifecycle[]): (OrderEvent | DealEvent)[] {
  // Each order's send times increase along its sequence, so sorting by send time keeps it.
  const tagged = orders.flatMap((o, n) => o.events.map((event, i) => ({ event, n, i })));
  tagged.sort((a, b) => a.event.sendTime - b.event.sendTime || a.n - b.n || a.i - b.i);
  return tagged.map((t) => t.event);
}

/** A delivery of `events`: any order, with up to `maxDuplicates` extra copies anywhere. */
export function delivery<E>(events: readonly E[], maxDuplicates = 6): fc.Arbitrary<E[]> {
  return fc
    .tuple(
      fc.shuffledSubarray([...events], { minLength: events.length, maxLength: events.length }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: maxDuplicates }),
    )
    .map(([shuffled, copies]) => {
      const out = [...shuffled];
      for (const [which, where] of copies) {
        const copy = events[which % events.length];
        if (copy !== undefined) out.splice(where % (out.length + 1), 0, copy);
      }
      return out;
    });
}
