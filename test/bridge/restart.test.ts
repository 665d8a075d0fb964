/**
 * A worker killed mid-run and restarted: the reader loses nothing the simulator pushed while the
 * worker's connections were healthy (before the kill, up to the last event the worker stored, and
 * after the restart), and for the rest it gets a `gap` (reported by the restarted worker, from
 * the last message stored for the account to its new connection) covering every missing event.
 * The restarted worker cannot tell an event settled before its new connection was subscribed from
 * a copy of an identical earlier push: each such event is reported by a gap of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NatsConnection } from '@nats-io/nats-core';
import { contentFloor } from '../../src/stream/identity/index.js';
import { isMarketEvent } from '../../src/scale/tagged-event.js';
import { startSimulator, type SessionRun, type Simulator } from '../../src/simulator/index.js';
import type { GapEvent } from '../../src/stream/lifecycle.js';
import { accountNames, createSubAccounts, waitUntil, withoutChannel } from '../scale/sim-accounts.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { connectTo, consumerSettled, createEventStream, startReader, startWorker, STREAM, type Reader, type Worker } from './support.js';

let server: NatsServer;
let sim: Simulator;
let nc: NatsConnection;
const workers: Worker[] = [];
let reader: Reader | undefined;
const sessions: SessionRun[] = [];

beforeAll(async () => {
  server = await startNatsServer();
  nc = await connectTo(server);
  await createEventStream(nc);
  sim = await startSimulator({ realtime: true });
}, 20_000);

afterAll(async () => {
  for (const session of sessions) session.stop();
  reader?.subscription.unsubscribe();
  for (const worker of workers) await worker.kill().catch(() => undefined);
  await nc?.close();
  await sim?.close();
  await server?.stop();
});

/** An event as text, independent of the order of its fields. */
const canonical = (event: object): string =>
  JSON.stringify(Object.entries(event).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)));
const connectedCount = (worker: Worker): number => worker.receipts.filter((r) => r.event.type === 'connected').length;

describe('a worker killed and restarted', () => {
  it('loses nothing pushed while it was healthy, and reports a gap covering everything it missed', async () => {
    const names = accountNames(5, 'restart');
    const clients = createSubAccounts(sim, names);
    // The workers' scheduler is the simulator's clock: no skew between them.
    const publish = { worker: 'w0', resumeFromStream: STREAM, maxClockSkewMs: 0 };
    const streams = { scheduler: sim.scheduler, startsPerSecond: 100 };
    const r = (reader = startReader(nc, { durable: 'restart-audit' }));

    const first = await startWorker(server, clients, publish, streams);
    workers.push(first);
    await waitUntil('the first run connected', () => connectedCount(first) === names.length);
    // Every account trades one step every 4 ms (real time) all through the test. Each phase lasts
    // until every account has pushed so many events in it, however fast the machine is.
    const pushedSoFar = (): number[] => names.map((name) => sim.ws.pushes(name).length);
    const tradeFor = async (what: string, pushes: number): Promise<void> => {
      const from = pushedSoFar();
      await waitUntil(what, () => pushedSoFar().every((count, i) => count - (from[i] ?? 0) >= pushes), 20_000);
    };
    names.forEach((name, i) => sessions.push(sim.market.playSession({ account: name, orders: 150, seed: i + 1, intervalMs: 4 })));
    await tradeFor('trading with the first run', 60);
    // The first run has stored a good part of it (on a busy machine it may lag behind the pushes).
    const storedByFirst = (name: string): number => first.receipts.filter((x) => x.account === name && isMarketEvent(x.event)).length;
    await waitUntil('the first run stored 20 events of every account', () => names.every((name) => storedByFirst(name) >= 20), 20_000);
    await first.kill();
    const killedAt = sim.clock.now();
    await tradeFor('trading while no worker runs', 30);
    const second = await startWorker(server, clients, publish, streams);
    workers.push(second);
    await waitUntil('the second run connected', () => connectedCount(second) === names.length);
    await tradeFor('trading with the second run', 60);
    for (const session of sessions) session.stop();
    const summaries = await Promise.all(sessions.map((s) => s.done));
    expect(summaries.every((s) => s.steps > 30)).toBe(true);

    // Everything pushed to the second run's connections reaches the reader (in order: the last last).
    const secondConnections = new Set(names.flatMap((name) => sim.ws.connections({ account: name, open: true }).map((c) => c.id)));
    const lastPushedToSecond = names.map((name) => sim.ws.pushes(name).filter((p) => p.deliveries.some((d) => secondConnections.has(d.connection))).at(-1));
    const arrived = (name: string, event: object | undefined): boolean =>
      event !== undefined && r.events.some((e) => e.account === name && isMarketEvent(e.event) && canonical(withoutChannel(e.event)) === canonical(event));
    await waitUntil('the last event of every account', () => names.every((name, i) => arrived(name, lastPushedToSecond[i]?.event)), 20_000);
    // Nothing more on its way: the reader was handed and acknowledged all the stream holds.
    await consumerSettled(nc, 'restart-audit');
    expect(second.error).toBeUndefined();
    expect(r.error).toBeUndefined();

    for (const name of names) {
      const got = r.events.filter((e) => e.account === name);
      const firstConnected = got.find((e) => e.event.type === 'connected');
      const since = firstConnected?.event.type === 'connected' ? firstConnected.event.at : Infinity;
      // Everything pushed since the first run connected (the funding before it went to no one).
      const pushes = sim.ws.pushes(name).filter((p) => p.event.sendTime >= since);
      const market = got.flatMap((e) => (isMarketEvent(e.event) ? [canonical(withoutChannel(e.event))] : []));
      const gaps = got.flatMap((e) => (e.event.type === 'gap' ? [e.event] : []));
      // Two restart gaps: the first run's from 0 (the stream held nothing of the account, and
      // cannot tell a first start from a restart after a run that stored nothing), and the one
      // the second run reports before its first `connected`.
      const restartGaps = gaps.filter((g) => g.reason === 'worker-restart');
      expect(restartGaps).toHaveLength(2);
      expect(restartGaps[0]).toEqual({ type: 'gap', from: 0, to: since, reason: 'worker-restart' });
      const gap = restartGaps[1] as GapEvent;
      const gapIndex = got.findIndex((e) => e.event === gap);
      const runOfGap = got[gapIndex]?.delivery.publisher?.run;
      expect(runOfGap).not.toBe(firstConnected?.delivery.publisher?.run);
      const secondConnected = got.slice(gapIndex + 1).find((e) => e.event.type === 'connected');
      expect(secondConnected?.delivery.publisher?.run).toBe(runOfGap);
      expect(got.slice(0, gapIndex).filter((e) => e.event.type === 'connected')).toHaveLength(1);
      // The other gaps stand for single events the second run could not tell from copies: settled
      // (an order: created) no later than its connection was subscribed, and not stored.
      const secondAt = secondConnected?.event.type === 'connected' ? secondConnected.event.at : -Infinity;
      const stored = new Set(got.flatMap((e) => (isMarketEvent(e.event) ? [canonical(withoutChannel(e.event))] : [])));
      for (const other of gaps.filter((g) => g.reason !== 'worker-restart')) {
        expect(other).toMatchObject({ reason: 'ambiguous-copy', from: other.to });
        const dropped = pushes.filter((p) => p.event.sendTime === other.to && !stored.has(canonical(p.event)));
        expect(dropped.some((p) => contentFloor(p.event) <= secondAt)).toBe(true);
      }

      // Exactly once and in order: what arrived is a subsequence of what was pushed, no repeats.
      const pushed = pushes.map((p) => canonical(p.event));
      expect(new Set(market).size).toBe(market.length);
      const positions = market.map((m) => pushed.indexOf(m));
      expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);

      // What is missing lies inside a gap; what lies outside every gap arrived.
      const arrivedHere = new Set(market);
      const missing = pushes.filter((p) => !arrivedHere.has(canonical(p.event)));
      expect(missing.length).toBeGreaterThan(0);
      for (const p of missing) expect(gaps.some((g) => g.from <= p.event.sendTime && p.event.sendTime <= g.to)).toBe(true);
      // The gap starts no earlier than the last event the first run stored, and ends at the
      // second run's connection: events before and after it arrived, many of them.
      const lastStoredByFirst = first.receipts.filter((x) => x.account === name).at(-1);
      expect(gap.from).toBeGreaterThanOrEqual(lastStoredByFirst && isMarketEvent(lastStoredByFirst.event) ? lastStoredByFirst.event.sendTime : 0);
      expect(gap.from).toBeLessThanOrEqual(killedAt);
      expect(pushes.filter((p) => p.event.sendTime < gap.from).length).toBeGreaterThan(10);
      expect(pushes.filter((p) => p.event.sendTime > gap.to).length).toBeGreaterThan(10);
    }
  });
});
