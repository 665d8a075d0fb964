/**
 * The soak: at least 100,000 market events through one user data stream on a fast clock, with
 * faults injected at random from a seeded generator (drops, stalls, bad frames, refused
 * keepalives, expired keys) and rollovers every 2 clock minutes. Checked round by round against
 * the simulator's push log: every pushed event arrived exactly once or lies inside a reported
 * gap; at the end the balances and the open orders equal the simulator's, and the heap stayed
 * flat. The figures go to test-output/reliability/soak.json (docs/reliability.md quotes them).
 *
 * The fast clock is kept on purpose: real I/O and clock timers interleave at random here, which
 * is how the soak found the races listed in docs/reliability.md. Its checks hold for any
 * interleaving (a late reply is a false stall, reported as a gap like a real one), so a loaded
 * machine changes the figures, not the outcome. Its budget is counted in events and rounds, not
 * in real time: sharing the machine makes it slower, never shorter.
 *
 * Re-run with another seed: SOAK_SEED=123 npm run test:all -- test/reliability/soak.test.ts
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { compareDecimal } from '../../src/decimal/arithmetic.js';
import { isTerminalStatus } from '../../src/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { coverage, eventKey } from './support/coverage.js';
import { guardAgainstCrashes } from './support/crash-guard.js';
import { collectsGarbage, heapUsed, quarterMedians } from './support/heap.js';
import { between, pick, seeded } from './support/prng.js';
import { ACCOUNT, MINUTE, SECOND, waitFor } from './support/row.js';
import { FAULT_WEIGHTS, inject, type SoakFault } from './support/soak-faults.js';
import { startSoakStream, type SoakStream } from './support/soak-stream.js';

guardAgainstCrashes();

const SEED = Number(process.env['SOAK_SEED'] ?? 20261108);
/** Clock ms per real ms: 20 clock seconds (the stream's PING period) in 100 real ms. */
const SPEED = 200;
const TARGET_EVENTS = 100_000;
/** Rounds at most (each is a trading batch with at most one fault); the target is met well before. */
const MAX_ROUNDS = 600;
/** Real ms a recovery or a sentinel may take: a bound against a hang, far beyond a loaded machine's delays. */
const WAIT_LIMIT_MS = 30_000;
/** Heap samples: one every few rounds. */
const SAMPLE_EVERY = 4;
/** Heap growth tolerated between the first and the last quarter (medians), bytes: generous on purpose. */
const HEAP_GROWTH_LIMIT = 48 * 1024 * 1024;

let stream: SoakStream | undefined;
afterAll(async () => {
  await stream?.stop();
});

/** What the stream did lately and the account's last connections, for a failure message. */
function lately(s: SoakStream): string {
  return `lately: ${JSON.stringify(s.recent.slice(-8))}; faults: ${s.notes.slice(-3).join(', ')}; counts: ${JSON.stringify([...s.counts])}; connections: ${JSON.stringify(s.sim.ws.connections({ account: ACCOUNT }).slice(-3))}`;
}

/** Waits like {@link waitFor}, and on a time-out says what the stream did lately. */
async function waitExplained(s: SoakStream, what: string, condition: () => boolean): Promise<void> {
  await waitFor(what, condition, WAIT_LIMIT_MS).catch((error: unknown) => {
    throw new Error(`${String(error)}; ${lately(s)}`);
  });
}

/** Pushes one small balance change and waits until it arrived, or fell inside a gap (then again). */
async function sentinel(s: SoakStream): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    s.sim.admin.fund(ACCOUNT, 'USDT', '0.01');
    const push = s.sim.ws.pushes(ACCOUNT).at(-1)!;
    const key = eventKey(push.event);
    const at = push.event.sendTime;
    await waitExplained(s, 'the sentinel', () => s.peekRound().some((e) => eventKey(e) === key) || s.gaps.some((g) => g.from <= at && at <= g.to));
    if (s.peekRound().some((e) => eventKey(e) === key)) return;
  }
  throw new Error('five sentinels in a row fell inside gaps');
}

describe('soak', () => {
  it(`carries ${TARGET_EVENTS} events through random faults (seed ${SEED}) with nothing lost outside reported gaps`, async () => {
    const started = Date.now();
    // One generator for what the test does (faults, trading), another for the stream's backoff
    // jitter: the same seed gives the same faults and orders, whatever the timing.
    const random = seeded(SEED);
    const jitter = seeded(SEED ^ 0x5eed);
    const s = (stream = await startSoakStream({
      speed: SPEED,
      sim: { ws: { pushLogLimit: 20_000 } },
      maxTerminalOrders: 1_000,
      stream: {
        random: jitter,
        // At this speed a real millisecond is 200 clock ms, and a trading batch keeps the process
        // busy for tens of real ms: timeouts short in clock time would see stalls that are not.
        pingIntervalMs: 20 * SECOND,
        pingTimeoutMs: 60 * SECOND,
        keepAliveIntervalMs: 30 * SECOND,
        rolloverAfterMs: 2 * MINUTE,
        rolloverOverlapMs: 20 * SECOND,
        backoff: { initialDelayMs: 500, maxDelayMs: 5 * SECOND },
      },
    }));
    await waitFor('the first connection', () => s.count('connected') === 1);
    const clockStart = s.sim.clock.now();
    await sentinel(s);
    s.takeRound();
    let lastSeq = s.sim.ws.pushes(ACCOUNT).at(-1)?.seq ?? 0;

    const injected = new Map<SoakFault, number>();
    const problems: string[] = [];
    const heap: number[] = [];
    const totals = { pushed: 0, delivered: 0, received: 0, missedInGaps: 0, deliveredButMissed: 0, outOfOrder: 0 };
    let previous: readonly string[] = [];
    let rounds = 0;
    for (; rounds < MAX_ROUNDS && totals.pushed < TARGET_EVENTS; rounds++) {
      const fault = pick(random, FAULT_WEIGHTS);
      const orders = between(random, 40, 80);
      const half = Math.floor(orders / 2);
      s.sim.market.runSession({ account: ACCOUNT, orders: half, seed: between(random, 1, 2 ** 30) });
      const recovered = inject(s, fault, random);
      if (recovered) injected.set(fault, (injected.get(fault) ?? 0) + 1);
      s.sim.market.runSession({ account: ACCOUNT, orders: orders - half, seed: between(random, 1, 2 ** 30) });
      if (recovered) await waitExplained(s, `recovery from ${fault} in round ${rounds}`, recovered);
      await sentinel(s);

      const pushes = s.sim.ws.pushes(ACCOUNT).filter((p) => p.seq > lastSeq);
      lastSeq = pushes.at(-1)?.seq ?? lastSeq;
      const c = coverage(pushes, s.takeRound(), s.gaps);
      if (c.unexpected.length > 0) {
        const late = c.unexpected.filter((key) => previous.includes(key)).length;
        problems.push(`round ${rounds} (${fault}): ${c.unexpected.length} events received twice or never pushed (${late} pushed in the round before): ${c.unexpected.join(' | ').slice(0, 600)}; ${lately(s)}`);
      }
      previous = pushes.map((p) => eventKey(p.event));
      if (c.uncovered.length > 0) problems.push(`round ${rounds} (${fault}): pushes ${c.uncovered.join(', ')} neither received nor inside a gap`);
      totals.pushed += c.pushed;
      totals.delivered += c.delivered;
      totals.received += c.received;
      totals.missedInGaps += c.missedInGaps;
      totals.deliveredButMissed += c.deliveredButMissed;
      totals.outOfOrder += c.outOfOrder;
      if (rounds % SAMPLE_EVERY === 0) heap.push(heapUsed());
    }

    // After the last round: the books are fresh and equal the simulator's.
    const balancesOfSim = (): string =>
      JSON.stringify(s.sim.admin.balances(ACCOUNT, 'SPOT').map((b) => [b.asset, b.free, b.locked]));
    const balancesOfStream = (): string =>
      JSON.stringify([...(s.snapshots.balances?.balances.values() ?? [])].sort((a, b) => (a.asset < b.asset ? -1 : 1)).map((b) => [b.asset, b.free, b.frozen]));
    await waitFor('fresh balances', () => s.snapshots.balances?.stale === false && balancesOfStream() === balancesOfSim(), 10_000).catch(() => undefined);
    const openOfSim = s.sim.market.orders(ACCOUNT).filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED');
    const book = s.snapshots.book;
    const { first, last } = quarterMedians(heap);
    const unknownOutcomes = [...(book?.orders.values() ?? [])].filter((order) => order.status === 'UNKNOWN_OUTCOME').length;
    const figures = {
      seed: SEED,
      speed: SPEED,
      realMs: Date.now() - started,
      clockMs: s.sim.clock.now() - clockStart,
      rounds,
      faultsInjected: Object.fromEntries([...injected].filter(([kind]) => kind !== 'none')),
      roundsWithoutFault: injected.get('none') ?? 0,
      eventsPushed: totals.pushed,
      eventsDelivered: totals.delivered,
      eventsReceived: totals.received,
      missedInsideGaps: totals.missedInGaps,
      deliveredButLostInFlight: totals.deliveredButMissed,
      receivedOutOfPushOrder: totals.outOfOrder,
      gapsReported: s.count('gap'),
      reconnects: s.count('reconnecting'),
      connections: s.count('connected'),
      rollovers: s.count('rolled-over'),
      keysReplaced: s.count('key-replaced'),
      diagnostics: Object.fromEntries([...s.counts].filter(([kind]) => kind.startsWith('diagnostic:'))),
      heap: { collectsGarbage, samples: heap.length, firstQuarterMedianMB: first / 2 ** 20, lastQuarterMedianMB: last / 2 ** 20 },
      ordersEndedUnknownOutcome: unknownOutcomes,
      problems,
    };
    await mkdir('test-output/reliability', { recursive: true });
    await writeFile('test-output/reliability/soak.json', `${JSON.stringify(figures, null, 2)}\n`);

    expect(problems).toEqual([]);
    expect(s.error).toBeUndefined();
    expect(totals.pushed).toBeGreaterThanOrEqual(TARGET_EVENTS);
    expect(totals.received + totals.missedInGaps).toBe(totals.pushed);
    // Every fault that cuts a connection left a gap behind it; every refused keepalive a new key.
    const cuts = (injected.get('drop') ?? 0) + (injected.get('stall') ?? 0) + (injected.get('expire-key') ?? 0);
    expect(cuts).toBeGreaterThan(10);
    expect(s.count('gap')).toBeGreaterThanOrEqual(cuts);
    expect(s.count('key-replaced') + s.count('connected')).toBeGreaterThan(injected.get('refuse-keepalive') ?? 0);
    expect(s.count('rolled-over')).toBeGreaterThan(0);
    expect(balancesOfStream()).toBe(balancesOfSim());
    expect(s.snapshots.balances?.stale).toBe(false);
    expect(book?.stale).toBe(false);
    for (const order of openOfSim) expect([order.orderId, book?.orders.get(order.orderId)?.status]).toEqual([order.orderId, order.status]);
    for (const order of book?.orders.values() ?? []) {
      const known = s.sim.market.order(order.orderId);
      if (order.status === 'UNKNOWN_OUTCOME') {
        // Its last reports fell inside a reported gap (the coverage above holds that), and the
        // repair after it no longer found it open: the book says it ended without knowing how.
        // It did end, and nothing the book holds of it goes beyond what the service did.
        expect([order.orderId, known !== undefined && isTerminalStatus(known.status)]).toEqual([order.orderId, true]);
        expect([order.orderId, compareDecimal(order.cumulativeQuantity, known?.filledQuantity ?? '0') <= 0]).toEqual([order.orderId, true]);
        continue;
      }
      expect([order.orderId, order.status, order.cumulativeQuantity]).toEqual([order.orderId, known?.status, known?.filledQuantity]);
    }
    expect(last - first).toBeLessThan(HEAP_GROWTH_LIMIT);
    // About 40 s alone on two cores; a bound against a hang, wide enough to share the machine.
  }, 600_000);
});
