/**
 * A 48-hour run on the simulator's manual clock, moved by the test from timer to timer with the
 * I/O settled in between (sim-drive.ts): the market driver trades all along, the stream keeps its
 * key alive (every 30 minutes) and rolls over twice (at 23 and 46 hours) before the service's
 * 24-hour cut; every event the simulator pushed arrives exactly once, in order, with no gap. The
 * library's defaults throughout but one: the stream pings every 20 minutes, and the service's idle
 * limit is an hour to match (8,640 pings at the default 20 s would only make the run longer).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Simulator } from '../../src/simulator/index.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { clientOf, HOUR, MINUTE, record, type Recording } from './support.js';

let sim: Simulator | undefined;
let recording: Recording | undefined;
afterEach(async () => {
  recording?.subscription.unsubscribe();
  await sim?.close();
});

describe('48 hours against the simulator', () => {
  it('delivers every pushed event exactly once across two rollovers, with the key kept alive and no gap', async () => {
    const { sim: s, drive } = await startDrivenSim({ ws: { idleTimeoutMs: HOUR } });
    sim = s;
    const account = s.master.name;
    const overlapOrders: string[] = [];
    const rec = (recording = record(clientOf(s), { pingIntervalMs: 20 * MINUTE }, (event) => {
      // Trade while both connections are open: these events are pushed on both.
      if (event.type === 'rolled-over') {
        overlapOrders.push(s.market.placeOrder({ account, symbol: 'BTCUSDT', side: 'BUY', price: '1000', quantity: '0.01' }).orderId);
      }
    }));
    await drive.until('the connection', () => rec.events.some((e) => e.type === 'connected'));
    const session = s.market.playSession({ account, orders: 400, seed: 48, intervalMs: 10 * MINUTE });
    await drive.advance(48 * HOUR);
    session.stop();
    const summary = await session.done;
    const pushed = s.ws.pushes(account);
    await drive.until('every pushed event', () => rec.market().length >= pushed.length);

    expect(summary.steps).toBeGreaterThan(250);
    expect(pushed.length).toBeGreaterThan(800);
    // Exactly once, in order: what the subscriber got is the simulator's push log.
    expect(rec.market()).toEqual(pushed.map((r) => r.event));
    expect(rec.error).toBeUndefined();
    expect(rec.lifecycle().filter((t) => t !== 'diagnostic')).toEqual(['connected', 'rolled-over', 'rolled-over']);
    expect(rec.events.filter((e) => e.type === 'diagnostic')).toEqual([]);

    // The events traded during each overlap went out on two connections and arrived once.
    expect(overlapOrders).toHaveLength(2);
    for (const orderId of overlapOrders) {
      const records = pushed.filter((r) => r.event.type === 'order' && r.event.orderId === orderId);
      expect(records).toHaveLength(1);
      const [placed] = records;
      expect(new Set(placed?.deliveries.map((d) => d.connection)).size).toBe(2);
      expect(rec.market().filter((e) => e.type === 'order' && e.orderId === orderId)).toEqual([placed?.event]);
    }

    // One key, kept alive all along; three connections on it, the first two closed by the client
    // (rollover), none cut by the server's 24-hour rule.
    const keys = s.admin.listenKeys(account);
    expect(keys).toHaveLength(1);
    expect(keys[0]?.valid).toBe(true);
    // Kept alive every 30 minutes, so it expires 30 to 60 minutes from now; a key nobody kept
    // alive would have expired an hour after the start.
    expect(keys[0]?.expiresAt).toBeGreaterThanOrEqual(s.clock.now() + 30 * MINUTE);
    const connections = s.ws.connections({ account });
    expect(connections.map((c) => c.open)).toEqual([false, false, true]);
    expect(connections.map((c) => c.closeReason)).toEqual(['client', 'client', undefined]);
    expect(connections[1]!.openedAt - connections[0]!.openedAt).toBeLessThan(24 * HOUR);
    // About a second of CPU per simulated day: room for a loaded machine.
  }, 60_000);
});
