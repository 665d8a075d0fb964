/**
 * Fault matrix, the service's limits: too many connections for a key (on reconnect and on
 * rollover) and refused subscriptions (one channel, or all of them). Each row: no crash or
 * unhandled rejection, the typed events expected, and no committed state lost.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { PROTOBUF_CHANNELS } from '../../src/stream/channels.js';
import { defaultWebSocketFactory } from '../../src/stream/socket.js';
import { guardAgainstCrashes } from './support/crash-guard.js';
import { coverageOf, expectNothingLost, pushesOf, settle } from './support/row-checks.js';
import { ACCOUNT, count, HOUR, lifecycle, MINUTE, ofType, SECOND, startRow, trade, type Row } from './support/row.js';

guardAgainstCrashes();

let row: Row | undefined;
const raws: WebSocket[] = [];
afterEach(async () => {
  for (const raw of raws.splice(0)) raw.terminate();
  await row?.stop();
  row = undefined;
});

/** Opens a bare websocket on `key` (no subscription) and waits until it is open. */
async function occupySlot(r: Row, key: string): Promise<WebSocket> {
  const raw = new WebSocket(`${r.sim.wsUrl}?listenKey=${key}`);
  raws.push(raw);
  await new Promise<void>((resolve, reject) => {
    raw.once('open', () => resolve());
    raw.once('error', reject);
  });
  return raw;
}

describe('fault matrix: too many connections for a key', () => {
  it('a refused reconnect is retried with growing backoff until a slot frees; one gap covers the outage', async () => {
    const r = (row = await startRow({
      rules: { connectionsPerKey: 2, unsubscribedTimeoutMs: HOUR, idleTimeoutMs: HOUR },
      stream: { backoff: { initialDelayMs: 5 * SECOND, maxDelayMs: 20 * SECOND } },
    }));
    trade(r, 2, 21);
    await settle(r);
    const key = r.sim.admin.listenKeys(ACCOUNT)[0]!.key;
    const streamConnection = r.sim.ws.connections({ account: ACCOUNT, open: true })[0]!.id;
    await occupySlot(r, key);
    expect(r.sim.ws.drop({ connection: streamConnection })).toBe(1);
    // The dropped connection's slot is taken before the stream's first retry (5 clock seconds later).
    const squatter = await occupySlot(r, key);
    r.sim.admin.fund(ACCOUNT, 'USDT', '11');
    await r.drive.until('three refused attempts', () => count(r, 'reconnecting') >= 4);
    expect(count(r, 'connected')).toBe(1);
    squatter.terminate();
    await r.drive.until('the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 22);
    await settle(r);

    const reconnecting = ofType(r, 'reconnecting');
    expect(reconnecting.map((e) => e.attempt)).toEqual(reconnecting.map((_e, i) => i + 1));
    expect(new Set(reconnecting.map((e) => e.reason))).toEqual(new Set(['closed-by-server']));
    expect(reconnecting[2]!.delayMs).toBeGreaterThan(reconnecting[0]!.delayMs);
    expect(lifecycle(r)).toEqual(['connected', ...reconnecting.map(() => 'reconnecting'), 'gap', 'connected']);
    expect(r.sim.admin.listenKeys(ACCOUNT)).toHaveLength(1);
    expect(expectNothingLost(r).missedInGaps).toBe(1);
  });

  it('a refused rollover leaves the active connection running and is tried again; nothing missed, no gap', async () => {
    let sockets = 0;
    const r = (row = await startRow({
      rules: { connectionsPerKey: 1 },
      stream: {
        // The shortest rollover a stream allows.
        rolloverAfterMs: MINUTE,
        webSocketFactory: (url) => {
          sockets += 1;
          return defaultWebSocketFactory(url);
        },
      },
    }));
    const session = r.sim.market.playSession({ account: ACCOUNT, orders: 100, seed: 23, intervalMs: SECOND });
    await r.drive.until('two refused rollovers', () => sockets >= 3);
    session.stop();
    await session.done;
    await settle(r);

    expect(lifecycle(r)).toEqual(['connected']);
    expect(r.sim.ws.connections({ account: ACCOUNT }).map((c) => c.open)).toEqual([true]);
    const c = expectNothingLost(r);
    expect(c.received).toBe(c.pushed);
    expect(c.pushed).toBeGreaterThan(20);
  });
});

describe('fault matrix: subscription refused', () => {
  it('one channel refused: a diagnostic names it; the other channels flow; only its pushes are missed', async () => {
    const deals = PROTOBUF_CHANNELS.deals;
    const r = (row = await startRow({ before: (sim) => sim.ws.blockChannel(deals) }));
    trade(r, 4, 24);
    await r.drive.until('the orders and balances to catch up', () => r.snapshots.book?.orders.size === r.sim.market.orders(ACCOUNT).length);
    await settle(r, 300);

    expect(lifecycle(r)).toEqual(['connected', 'diagnostic:subscription-refused']);
    expect(ofType(r, 'diagnostic')[0]?.message).toContain(deals);
    expect(r.sim.ws.connections({ account: ACCOUNT })[0]?.channels).toEqual([PROTOBUF_CHANNELS.account, PROTOBUF_CHANNELS.orders]);
    // What is missed is exactly the refused channel's pushes, announced by the diagnostic, not by a gap.
    const c = coverageOf(r);
    expect(c.unexpected).toEqual([]);
    const dealPushes = pushesOf(r).filter((p) => p.kind === 'deals');
    expect(dealPushes.length).toBeGreaterThan(0);
    expect(c.uncovered).toEqual(dealPushes.map((p) => p.seq));
    // Balances and order statuses come from the other two channels: still exact.
    expect(r.snapshots.balances?.balances.get('USDT')?.free).toBe(r.sim.admin.balance(ACCOUNT, 'USDT'));
    for (const order of r.sim.market.orders(ACCOUNT)) expect(r.snapshots.book?.orders.get(order.orderId)?.status).toBe(order.status);
  });

  it('every channel refused on reconnect: diagnostics and retries until allowed again, then one gap; state resynced', async () => {
    const r = (row = await startRow({ stream: { backoff: { initialDelayMs: 2 * SECOND, maxDelayMs: 10 * SECOND } } }));
    trade(r, 2, 25);
    await settle(r);
    const channels = Object.values(PROTOBUF_CHANNELS);
    for (const channel of channels) r.sim.ws.blockChannel(channel);
    r.sim.ws.drop({ account: ACCOUNT });
    r.sim.admin.fund(ACCOUNT, 'BTC', '2');
    await r.drive.until('refused subscriptions', () => ofType(r, 'reconnecting').filter((e) => e.reason === 'subscription-refused').length >= 2);
    for (const channel of channels) r.sim.ws.blockChannel(channel, false);
    await r.drive.until('the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 26);
    await settle(r);

    const reasons = ofType(r, 'reconnecting').map((e) => e.reason);
    expect(reasons[0]).toBe('closed-by-server');
    expect(new Set(reasons.slice(1))).toEqual(new Set(['subscription-refused']));
    expect(ofType(r, 'diagnostic').map((d) => d.code)).toEqual(reasons.slice(1).map(() => 'subscription-refused'));
    expect(lifecycle(r).slice(-2)).toEqual(['gap', 'connected']);
    expect(count(r, 'gap')).toBe(1);
    expect(expectNothingLost(r).missedInGaps).toBe(1);
  });
});
