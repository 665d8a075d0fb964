/**
 * Fault matrix, connection rows: what the websocket side does to a running stream (dropped,
 * stalled, key expired, keepalive refused). Each row: no crash or unhandled rejection, the typed
 * lifecycle and diagnostic events expected, and no committed state lost (every push received
 * once or inside a reported gap; balances and orders, resynced after a gap, equal the simulator's).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { guardAgainstCrashes } from './support/crash-guard.js';
import { expectNothingLost, overlapCopiesOf, settle } from './support/row-checks.js';
import { ACCOUNT, count, lifecycle, MINUTE, ofType, SECOND, startRow, trade, type Row } from './support/row.js';

guardAgainstCrashes();

let row: Row | undefined;
afterEach(async () => {
  await row?.stop();
  row = undefined;
});

describe('fault matrix: connections', () => {
  it('connection dropped: reconnecting, a gap covering the missed push, connected; state resynced', async () => {
    const r = (row = await startRow());
    trade(r, 3, 1);
    await settle(r);
    const droppedAt = r.sim.clock.now();
    expect(r.sim.ws.drop({ account: ACCOUNT })).toBe(1);
    r.sim.admin.fund(ACCOUNT, 'USDT', '7');
    const missed = r.sim.ws.pushes(ACCOUNT).at(-1);
    await r.drive.until('the reconnection', () => count(r, 'connected') === 2);
    trade(r, 3, 2);
    await settle(r);

    expect(lifecycle(r)).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    expect(ofType(r, 'reconnecting')[0]?.reason).toBe('closed-by-server');
    const [gap] = ofType(r, 'gap');
    expect(gap?.from).toBeLessThanOrEqual(droppedAt);
    expect(missed?.deliveries).toEqual([]);
    const c = expectNothingLost(r);
    expect(c.missedInGaps).toBe(1);
    expect(r.snapshots.balances?.cause).not.toBe('gap');
  });

  it('socket stalled: found by the missing PONG, replaced, the withheld push inside the gap', async () => {
    const r = (row = await startRow({ stream: { pingIntervalMs: 20 * SECOND, pingTimeoutMs: 10 * SECOND } }));
    trade(r, 2, 3);
    await settle(r);
    const stalledAt = r.sim.clock.now();
    expect(r.sim.ws.stall({ account: ACCOUNT })).toBe(1);
    r.sim.admin.fund(ACCOUNT, 'BTC', '1');
    await r.drive.until('the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 4);
    await settle(r);

    expect(lifecycle(r)).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    const [reconnecting] = ofType(r, 'reconnecting');
    expect(reconnecting?.reason).toBe('stalled');
    // Within one ping period and the ping timeout, with scheduling slack.
    expect(reconnecting!.at - stalledAt).toBeLessThanOrEqual(32 * SECOND);
    expect(r.sim.ws.pushes(ACCOUNT).some((p) => p.withheld.length === 1)).toBe(true);
    expect(expectNothingLost(r).missedInGaps).toBe(1);
    await r.drive.until('the stalled socket to be closed', () => r.sim.ws.connections({ account: ACCOUNT, open: true }).length === 1);
  });

  it('keepalive refused: a diagnostic, the key replaced with overlap, no gap, nothing missed', async () => {
    const r = (row = await startRow({ stream: { keepAliveIntervalMs: 30 * SECOND } }));
    const [oldKey] = r.sim.admin.listenKeys(ACCOUNT);
    r.sim.ws.refuseNextKeepAlive();
    // Trades off the keepalive's 30 s grid, so that some fall inside the 2 s overlap, not on its end.
    const session = r.sim.market.playSession({ account: ACCOUNT, orders: 40, seed: 5, intervalMs: 1_300 });
    await r.drive.until('the key replacement', () => count(r, 'key-replaced') === 1);
    await r.drive.until('the old key to be closed', () => r.sim.admin.listenKey(oldKey!.key)?.closed === true);
    session.stop();
    await session.done;
    await settle(r);

    expect(lifecycle(r)).toEqual(['connected', 'diagnostic:keepalive-failed', 'key-replaced']);
    expect(ofType(r, 'key-replaced')[0]?.reason).toBe('keepalive-failed');
    expect(overlapCopiesOf(r).length).toBeGreaterThan(0);
    expect(r.sim.admin.listenKeys(ACCOUNT).filter((k) => k.valid).map((k) => k.key)).not.toContain(oldKey?.key);
    const c = expectNothingLost(r);
    expect(c.missedInGaps).toBe(0);
    expect(c.received).toBe(c.pushed);
  });

  it('key expired: the connection is cut, the old key refused, a new key, one gap; state resynced', async () => {
    const r = (row = await startRow());
    trade(r, 2, 6);
    await settle(r);
    const [oldKey] = r.sim.admin.listenKeys(ACCOUNT);
    r.sim.ws.expireKey(oldKey!.key);
    r.sim.admin.fund(ACCOUNT, 'USDT', '3');
    await r.drive.until('the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 7);
    await settle(r);

    expect(ofType(r, 'reconnecting').map((e) => e.reason)).toEqual(['closed-by-server', 'invalid-listen-key']);
    expect(lifecycle(r)).toEqual(['connected', 'reconnecting', 'reconnecting', 'gap', 'connected']);
    const valid = r.sim.admin.listenKeys(ACCOUNT).filter((k) => k.valid);
    expect(valid.map((k) => k.key)).not.toContain(oldKey?.key);
    expect(valid).toHaveLength(1);
    expect(expectNothingLost(r).missedInGaps).toBe(1);
  });
});

describe('fault matrix: the service closes connections', () => {
  it('server idle close: with PINGs every 20 s the 60 s idle rule never fires, even with no events', async () => {
    const r = (row = await startRow());
    trade(r, 2, 8);
    await settle(r);
    await r.drive.advance(90 * SECOND);
    trade(r, 1, 9);
    await settle(r);
    expect(lifecycle(r)).toEqual(['connected']);
    expect(r.sim.ws.connections({ account: ACCOUNT }).map((c) => c.open)).toEqual([true]);
    expect(expectNothingLost(r).missedInGaps).toBe(0);
  });

  it('server idle close: a service idle limit shorter than the PING period closes the connection; reconnect with a gap', async () => {
    const r = (row = await startRow({ rules: { idleTimeoutMs: 30 * SECOND }, stream: { pingIntervalMs: 45 * SECOND, pingTimeoutMs: 10 * SECOND } }));
    trade(r, 2, 10);
    await r.drive.until('the idle close and the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 11);
    await settle(r);
    const closed = r.sim.ws.connections({ account: ACCOUNT }).filter((c) => !c.open);
    expect(closed[0]?.closeReason).toBe('idle');
    expect(lifecycle(r).slice(0, 4)).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    expect(ofType(r, 'reconnecting')[0]?.reason).toBe('closed-by-server');
    expectNothingLost(r);
  });

  it('24 h close: the stream rolls over before the service cuts (scaled: a 90-second limit, rollover at a minute, the shortest a stream allows); no gap', async () => {
    const r = (row = await startRow({ rules: { maxLifetimeMs: 90 * SECOND }, stream: { rolloverAfterMs: MINUTE, rolloverOverlapMs: 2 * SECOND } }));
    // Trades off the rollovers' 2 s grid, so that some fall inside each overlap, not on its end.
    const session = r.sim.market.playSession({ account: ACCOUNT, orders: 200, seed: 12, intervalMs: 1_300 });
    await r.drive.until('three rollovers', () => count(r, 'rolled-over') === 3);
    session.stop();
    await session.done;
    await settle(r);

    const rollovers = count(r, 'rolled-over');
    expect(lifecycle(r)).toEqual(['connected', ...Array<string>(rollovers).fill('rolled-over')]);
    const connections = r.sim.ws.connections({ account: ACCOUNT });
    // Every replaced connection was closed by the client (the last one may still be in its overlap), none by the lifetime rule.
    const closed = connections.filter((c) => !c.open).map((c) => c.closeReason);
    expect(closed.length).toBeGreaterThanOrEqual(rollovers - 1);
    expect(new Set(closed)).toEqual(new Set(['client']));
    const c = expectNothingLost(r);
    expect(c.received).toBe(c.pushed);
    expect(overlapCopiesOf(r).length).toBeGreaterThan(0);
  });

  it('24 h close: a service that cuts before the rollover is a reconnect with a gap; state resynced', async () => {
    const r = (row = await startRow({ rules: { maxLifetimeMs: MINUTE } }));
    trade(r, 2, 13);
    await r.drive.until('the lifetime cut and the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 14);
    await settle(r);
    expect(r.sim.ws.connections({ account: ACCOUNT })[0]?.closeReason).toBe('lifetime');
    expect(lifecycle(r).slice(0, 4)).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    expectNothingLost(r);
  });
});
