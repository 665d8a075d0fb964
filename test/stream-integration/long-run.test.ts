/**
 * A 48-hour run on a fast clock: the market driver trades all along, the stream keeps its key alive
 * (every 30 minutes) and rolls over twice before the service's 24-hour cut; every event the
 * simulator pushed arrives exactly once, in order, with no gap.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Simulator } from '../../src/simulator/index.js';
import { clientOf, HOUR, MINUTE, record, startFastSim, untilClock, waitFor, waitForEvents, type Recording } from './support.js';

/** Clock ms per real ms: 48 hours in about 18 real seconds. */
const SPEED = 10_000;

let sim: Simulator | undefined;
let recording: Recording | undefined;
afterEach(async () => {
  recording?.subscription.unsubscribe();
  await sim?.close();
});

describe('48 hours against the simulator (fast clock)', () => {
  it('delivers every pushed event exactly once across two rollovers, with the key kept alive and no gap', async () => {
    // At this speed a real millisecond is 10 clock seconds, so the timings that real latency eats
    // into are relaxed: the idle rules to the stream's ping period (20 clock minutes, 120 real ms),
    // the receive window by 30 clock minutes, and keepalives come every 10 minutes, not 30.
    const s = (sim = await startFastSim(SPEED, { timestampSlackMs: 30 * MINUTE }, { idleTimeoutMs: 60 * MINUTE, unsubscribedTimeoutMs: 10 * MINUTE }));
    const account = s.master.name;
    const overlapOrders: string[] = [];
    const rec = (recording = record(
      clientOf(s),
      { pingIntervalMs: 20 * MINUTE, pingTimeoutMs: 10 * MINUTE, connectTimeoutMs: 10 * MINUTE, rolloverOverlapMs: 5 * MINUTE, keepAliveIntervalMs: 10 * MINUTE },
      (event) => {
        // Trade while both connections are open: these events are pushed on both.
        if (event.type === 'rolled-over') {
          overlapOrders.push(s.market.placeOrder({ account, symbol: 'BTCUSDT', side: 'BUY', price: '1000', quantity: '0.01' }).orderId);
        }
      },
    ));
    await waitForEvents(rec, 'connected');
    const start = s.clock.now();
    const session = s.market.playSession({ account, orders: 400, seed: 48, intervalMs: 10 * MINUTE });
    await untilClock(s, start + 48 * HOUR);
    session.stop();
    const summary = await session.done;
    const pushed = s.ws.pushes(account);
    await waitFor('every pushed event', () => rec.market().length >= pushed.length);

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
    // Kept alive every 10 clock minutes, so it expires 50 to 60 minutes from now; the fast clock
    // (1 real ms = 10 clock s) runs on while a loaded machine gets here, so allow a wide margin:
    // a key nobody kept alive would be at most minutes from expiry, or gone.
    expect(keys[0]?.expiresAt).toBeGreaterThan(s.clock.now() + 30 * MINUTE);
    const connections = s.ws.connections({ account });
    expect(connections.map((c) => c.open)).toEqual([false, false, true]);
    expect(connections.map((c) => c.closeReason)).toEqual(['client', 'client', undefined]);
    expect(connections[1]!.openedAt - connections[0]!.openedAt).toBeLessThan(24 * HOUR);
  }, 60_000);
});
