/**
 * The identity of market events (`IdentityGate`): every push of one account gets its own id, even
 * when its content repeats an earlier push (A, B, A′ in one millisecond); every copy of one push
 * gets the same id, whichever worker saw it; and a worker that cannot know how many identical
 * pushes came before its view began says so with a gap instead of guessing.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { IdentityGate, type Admitted } from '../../src/bridge/identity-gate.js';
import type { ScaleEvent, TaggedEvent } from '../../src/scale/tagged-event.js';
import type { AccountEvent, MarketEvent, OrderEvent } from '../../src/stream/events.js';
import { materialize, pushOps } from './push-script.js';

const ACCOUNT = 'strategy01';
const MEMORY = 60_000;

/** A worker's gate, on a clock the test moves. */
function worker(maxClockSkewMs = 0): { gate: IdentityGate; clock: { now: number }; admit(event: ScaleEvent): Admitted } {
  const clock = { now: 0 };
  const gate = new IdentityGate({ maxClockSkewMs, memoryMs: MEMORY }, () => clock.now);
  return { gate, clock, admit: (event) => gate.admit({ account: ACCOUNT, event }) };
}

const connected = (at: number): ScaleEvent => ({ type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at });

const balance = (free: string, frozen: string, time: number, sendTime = time): AccountEvent => ({
  type: 'account',
  channel: 'spot@private.account.v3.api.pb',
  asset: 'USDT',
  coinId: 'usdt',
  free,
  freeChange: '0',
  frozen,
  frozenChange: '0',
  changeType: 'ENTRUST_PLACE',
  time,
  sendTime,
  createTime: time,
});

const lock = balance('999.9877', '0.0123', 1_000);
const unlock = balance('1000', '0', 1_000);
const lockAgain = { ...lock, sendTime: 1_001 };

const order = (status: OrderEvent['status'], cumulativeQuantity: string, createTime: number, sendTime: number): OrderEvent => ({
  type: 'order',
  channel: 'spot@private.orders.v3.api.pb',
  symbol: 'BTCUSDT',
  orderId: 'C02__1',
  clientOrderId: undefined,
  price: '10',
  quantity: '3',
  amount: '30',
  avgPrice: '10',
  orderType: 'LIMIT',
  side: 'BUY',
  isMaker: true,
  remainAmount: '0',
  remainQuantity: '0',
  lastDealQuantity: undefined,
  cumulativeQuantity,
  cumulativeAmount: '0',
  status,
  statusCode: status === 'NEW' ? 1 : 3,
  createTime,
  sendTime,
});

const idOf = (admitted: Admitted): string | undefined => admitted.marketId;

describe('market event ids', () => {
  it('give A, B and A′ (A again but for sendTime, one millisecond) three ids, the same on every worker that saw them all', () => {
    const [w0, w1] = [worker(), worker()];
    w0.admit(connected(900));
    w1.admit(connected(950));
    const ids0 = [lock, unlock, lockAgain].map((e) => idOf(w0.admit(e)));
    const ids1 = [lock, unlock, lockAgain].map((e) => idOf(w1.admit(e)));
    expect(new Set(ids0).size).toBe(3);
    expect(ids0[2]).toBe(`${ids0[0]}:1`);
    expect(ids1).toEqual(ids0);
  });

  it('are replaced by an `ambiguous-copy` gap when pushes of the same content may have come before the view began', () => {
    const w0 = worker();
    // Subscribed in the millisecond A, B and A′ were settled in: A may have been pushed before.
    w0.admit(connected(1_000));
    expect(w0.admit(unlock)).toEqual({ tagged: { account: ACCOUNT, event: { type: 'gap', from: 1_000, to: 1_000, reason: 'ambiguous-copy' } }, marketId: undefined });
    expect(w0.admit(lockAgain).tagged.event).toEqual({ type: 'gap', from: 1_001, to: 1_001, reason: 'ambiguous-copy' });
    // Settled after the subscription: every push of it is in the view.
    const later = balance('1000', '0', 1_002);
    expect(w0.admit(later).marketId).toMatch(/^mexc1:account:[0-9a-f]{28}$/);
  });

  it('take the service clock to be up to maxClockSkewMs ahead, but never past the first event of the view', () => {
    const skewed = worker(200);
    skewed.admit(connected(900));
    // The view began by 1100 on the service's clock, and by the first event's send time.
    expect(skewed.admit(balance('1', '0', 1_000, 1_050)).tagged.event.type).toBe('gap');
    expect(skewed.admit(balance('2', '0', 1_051)).marketId).toBeDefined();
    const exact = worker(0);
    exact.admit(connected(900));
    expect(exact.admit(balance('1', '0', 1_000, 1_050)).marketId).toBeDefined();
    // Without a `connected`, the view begins with the first event.
    const blind = worker(0);
    expect(blind.admit(balance('1', '0', 1_000)).tagged.event.type).toBe('gap');
    expect(blind.admit(balance('2', '0', 1_001)).marketId).toBeDefined();
  });

  it('count the states of an order created before the view began once a different state of it was seen', () => {
    const [w0, w1] = [worker(), worker()];
    w0.admit(connected(400));
    w1.admit(connected(700));
    const states = [order('NEW', '0', 500, 500), order('PARTIALLY_FILLED', '1', 500, 800), order('PARTIALLY_FILLED', '2', 500, 900), order('PARTIALLY_FILLED', '2', 500, 901)];
    w0.admit(states[0]!);
    const ids0 = states.slice(1).map((e) => idOf(w0.admit(e)));
    const ids1 = states.slice(1).map((e) => w1.admit(e));
    // w1's first state of the order could repeat one pushed before its view: a gap; the next ones count.
    expect(ids1[0]?.tagged.event.type).toBe('gap');
    expect(ids1.slice(1).map(idOf)).toEqual(ids0.slice(1));
    expect(ids0[2]).toBe(`${ids0[1]}:1`);
  });

  it('extend a gap reported after events past its end, and count nothing seen before it as complete', () => {
    const w0 = worker();
    w0.admit(connected(900));
    w0.admit(balance('1', '0', 1_000));
    w0.admit(balance('2', '0', 1_010));
    // A connection found stalled when a rollover's overlap ended: the gap ends before the last event.
    expect(w0.admit({ type: 'gap', from: 950, to: 1_005, reason: 'stalled' }).tagged.event).toEqual({ type: 'gap', from: 950, to: 1_010, reason: 'stalled' });
    expect(w0.admit(balance('3', '0', 1_010)).tagged.event.type).toBe('gap');
    expect(w0.admit(balance('4', '0', 1_011)).marketId).toBeDefined();
    // A gap that ends after everything seen is passed as it is.
    const plain: ScaleEvent = { type: 'gap', from: 1_011, to: 2_000, reason: 'closed-by-server' };
    expect(w0.admit(plain).tagged.event).toBe(plain);
  });

  it('treat a forgotten content that comes again as unknown, never as new', () => {
    const w0 = worker();
    w0.admit(connected(900));
    const first = idOf(w0.admit(lock));
    expect(first).toBeDefined();
    w0.clock.now = MEMORY + 1;
    // Another event lets the memory be swept; then the old content comes once more.
    expect(w0.admit(balance('5', '0', 70_000)).marketId).toBeDefined();
    expect(w0.admit(lockAgain).tagged.event.type).toBe('gap');
  });

  it('start again after `stopped`: the account comes back as a new view', () => {
    const w0 = worker();
    w0.admit(connected(900));
    expect(idOf(w0.admit(lock))).toBeDefined();
    w0.admit({ type: 'stopped', reason: 'replaced', error: undefined, at: 1_000 });
    // Without a new `connected`, the next event begins the view.
    expect(w0.admit(unlock).tagged.event.type).toBe('gap');
  });
});

/** A worker's views of the pushes: segments [start, end) of push indexes, each after a subscription at `at`. */
interface View {
  readonly start: number;
  readonly end: number;
  readonly at: number;
}

/** Where a worker's views begin and end (fractions of the pushes, in order), and where in its window each subscription falls. */
interface ViewPlan {
  readonly cuts: number[];
  readonly ats: number[];
}

const fraction = fc.integer({ min: 0, max: 1000 }).map((n) => n / 1000);
const viewPlan: fc.Arbitrary<ViewPlan> = fc.record({
  cuts: fc.array(fraction, { minLength: 2, maxLength: 6 }).map((cuts) => cuts.sort((a, b) => a - b)),
  ats: fc.array(fraction, { minLength: 3, maxLength: 3 }),
});

/** Segments [start, end) of push indexes, each subscribed after the push before it and answered a few ms after its first push at most. */
function views(pushes: readonly MarketEvent[], plan: ViewPlan): View[] {
  const out: View[] = [];
  const cuts = plan.cuts.map((c) => Math.round(c * pushes.length));
  for (let i = 0; i + 1 < cuts.length; i += 2) {
    const start = cuts[i] as number;
    const end = cuts[i + 1] as number;
    const before = start === 0 ? (pushes[0]?.sendTime ?? 0) - 5 : (pushes[start - 1] as MarketEvent).sendTime;
    const first = pushes[start]?.sendTime ?? before;
    out.push({ start, end, at: Math.round(before + (first + 3 - before) * (plan.ats[i / 2] ?? 0)) });
  }
  return out;
}

/** What a worker publishes for the pushes it sees: per push index, the id, or the gap at its send time. */
function publishedIds(pushes: readonly MarketEvent[], segments: readonly View[]): Map<number, Admitted> {
  const w = worker();
  const out = new Map<number, Admitted>();
  segments.forEach((segment, k) => {
    const lastSeen = pushes[(segments[k - 1]?.end ?? 0) - 1]?.sendTime ?? segment.at;
    if (k > 0) w.admit({ type: 'gap', from: Math.min(lastSeen, segment.at), to: segment.at, reason: 'closed-by-server' });
    w.admit(connected(segment.at));
    for (let i = segment.start; i < segment.end; i++) out.set(i, w.admit(pushes[i] as MarketEvent));
  });
  return out;
}

describe('market event ids, over random pushes with repeated contents seen by two workers from different points', () => {
  it('never give two pushes one id, give every push seen by both the same id, and replace by a gap only what they cannot count', () => {
    let counted = 0;
    let total = 0;
    fc.assert(
      fc.property(pushOps(60), viewPlan, viewPlan, (ops, a, b) => {
        const pushes = materialize(ops, 1_000);
        const workers = [publishedIds(pushes, views(pushes, a)), publishedIds(pushes, views(pushes, b))];
        const owner = new Map<string, number>();
        for (const published of workers) {
          for (const [index, admitted] of published) {
            total += 1;
            const push = pushes[index] as MarketEvent;
            if (admitted.marketId === undefined) {
              expect(admitted.tagged.event).toEqual({ type: 'gap', from: push.sendTime, to: push.sendTime, reason: 'ambiguous-copy' });
              continue;
            }
            counted += 1;
            expect(admitted.tagged).toEqual({ account: ACCOUNT, event: push } satisfies TaggedEvent);
            // One id, one push: across both workers.
            const known = owner.get(admitted.marketId);
            if (known !== undefined) expect(known).toBe(index);
            owner.set(admitted.marketId, index);
          }
        }
        // A push both workers counted has one id.
        for (const [index, admitted] of workers[0]!) {
          const other = workers[1]!.get(index);
          if (admitted.marketId !== undefined && other?.marketId !== undefined) expect(other.marketId).toBe(admitted.marketId);
        }
      }),
      { numRuns: 400, seed: 19 },
    );
    // Most pushes are counted (the scripts crowd many pushes into each millisecond, so the first
    // millisecond of a view, where a worker cannot count, holds many of them).
    expect(counted / total).toBeGreaterThan(0.5);
  });
});
