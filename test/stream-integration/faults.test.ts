/**
 * The stream's recovery paths against the simulator's websocket faults, with the stream's and the
 * service's default timings, on the simulator's manual clock moved by the test (sim-drive.ts).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Simulator } from '../../src/simulator/index.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { startDrivenSim, type SimDrive } from '../support/sim-drive.js';
import { clientOf, MINUTE, overlapCopies, pushedEvents, record, SECOND, untilEvents, type Recording } from './support.js';

let sim: Simulator | undefined;
let recording: Recording | undefined;
afterEach(async () => {
  recording?.subscription.unsubscribe();
  await sim?.close();
  sim = undefined;
  recording = undefined;
});

async function connected(options: Parameters<typeof record>[1] = {}): Promise<{ s: Simulator; drive: SimDrive; rec: Recording; account: string }> {
  const { sim: s, drive } = await startDrivenSim();
  sim = s;
  const rec = (recording = record(clientOf(s), { random: () => 0.5, ...options }));
  await untilEvents(drive, rec, 'connected');
  return { s, drive, rec, account: s.master.name };
}

/** Moves the clock on until the subscriber has as many market events as the simulator pushed with a delivery. */
async function drained(drive: SimDrive, rec: Recording, account: string): Promise<void> {
  await drive.until('the delivered events', () => rec.market().length >= drive.sim.ws.pushes(account).filter((r) => r.deliveries.length > 0).length);
}

function ofType<T extends UserDataEvent['type']>(rec: Recording, type: T): Extract<UserDataEvent, { type: T }>[] {
  return rec.events.filter((e): e is Extract<UserDataEvent, { type: T }> => e.type === type);
}

describe('faults', () => {
  it('a dropped connection yields reconnecting, a gap covering what was missed, connected, and events flow again', async () => {
    const { s, drive, rec, account } = await connected();
    s.market.runSession({ account, orders: 3, seed: 1 });
    await drained(drive, rec, account);
    const droppedAt = s.clock.now();
    expect(s.ws.drop({ account })).toBe(1);
    // Pushed while no connection is open: recorded, delivered nowhere.
    s.admin.fund(account, 'USDT', '7');
    const missed = s.ws.pushes(account).at(-1);
    expect(missed?.deliveries).toEqual([]);
    await untilEvents(drive, rec, 'connected', 2);
    s.market.runSession({ account, orders: 3, seed: 2 });
    await drained(drive, rec, account);

    expect(rec.lifecycle()).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    expect(ofType(rec, 'reconnecting')[0]).toMatchObject({ attempt: 1, reason: 'closed-by-server' });
    const [gap] = ofType(rec, 'gap');
    expect(gap?.reason).toBe('closed-by-server');
    expect(gap!.from).toBeLessThanOrEqual(droppedAt);
    expect(gap!.to).toBeGreaterThanOrEqual(missed!.event.sendTime);
    expect(gap!.to).toBe(ofType(rec, 'connected')[1]?.at);
    // Everything delivered arrived once, in order; the missed event is exactly what did not.
    const delivered = s.ws.pushes(account).filter((r) => r.deliveries.length > 0);
    expect(rec.market()).toEqual(pushedEvents(delivered));
    expect(rec.market()).not.toContainEqual(missed?.event);
    // The same key, a second connection.
    expect(s.admin.listenKeys(account)).toHaveLength(1);
    expect(s.ws.connections({ account }).map((c) => [c.open, c.closeReason])).toEqual([
      [false, 'dropped'],
      [true, undefined],
    ]);
  });

  it('a stalled socket is found within the ping timeout and replaced', async () => {
    const { s, drive, rec, account } = await connected({ pingIntervalMs: 20 * SECOND, pingTimeoutMs: 10 * SECOND });
    const stalledAt = s.clock.now();
    expect(s.ws.stall({ account })).toBe(1);
    s.admin.fund(account, 'USDT', '1');
    const withheld = s.ws.pushes(account).at(-1);
    await untilEvents(drive, rec, 'connected', 2);
    s.admin.fund(account, 'USDT', '2');
    await drained(drive, rec, account);

    const [reconnecting] = ofType(rec, 'reconnecting');
    expect(reconnecting?.reason).toBe('stalled');
    // At most one ping period plus the ping timeout after the stall, and not before the timeout.
    expect(reconnecting!.at - stalledAt).toBeLessThanOrEqual(30 * SECOND);
    expect(reconnecting!.at - stalledAt).toBeGreaterThanOrEqual(10 * SECOND);
    expect(rec.lifecycle()).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    expect(withheld?.withheld).toEqual([1]);
    expect(withheld?.deliveries).toEqual([]);
    expect(rec.market()).toEqual(pushedEvents(s.ws.pushes(account).filter((r) => r.deliveries.length > 0)));
    expect(rec.market()).toHaveLength(1);
    // The stalled connection was closed by the client, not left open.
    await drive.until('the stalled connection to close', () => s.ws.connections({ account, open: true }).length === 1);
  });

  it('an expired key is replaced by a new one, with the gap reported, and events flow again', async () => {
    const { s, drive, rec, account } = await connected();
    const [oldKey] = s.admin.listenKeys(account);
    s.ws.expireKey(oldKey!.key);
    await untilEvents(drive, rec, 'connected', 2);
    s.market.runSession({ account, orders: 2, seed: 3 });
    await drained(drive, rec, account);

    expect(s.admin.listenKeyOwner(oldKey!.key)).toBeUndefined();
    const valid = s.admin.listenKeys(account).filter((k) => k.valid);
    expect(valid).toHaveLength(1);
    expect(valid[0]?.key).not.toBe(oldKey?.key);
    // The server cut the connection; the retry with the old key was refused; a new key followed.
    expect(ofType(rec, 'reconnecting').map((e) => e.reason)).toEqual(['closed-by-server', 'invalid-listen-key']);
    expect(rec.lifecycle()).toEqual(['connected', 'reconnecting', 'reconnecting', 'gap', 'connected']);
    expect(s.ws.connections({ account }).map((c) => [c.listenKey === oldKey?.key, c.closeReason])).toEqual([
      [true, 'key-expired'],
      [false, undefined],
    ]);
    expect(rec.market()).toEqual(pushedEvents(s.ws.pushes(account)));
    expect(rec.market().length).toBeGreaterThan(0);
  });

  it('a refused keepalive replaces the key with an overlap: no gap, nothing lost, the old key DELETEd', async () => {
    const { s, drive, rec, account } = await connected({ keepAliveIntervalMs: MINUTE });
    const [oldKey] = s.admin.listenKeys(account);
    s.ws.refuseNextKeepAlive();
    // Trade every 1.3 clock seconds through the replacement: off the keepalive's minute grid, so
    // that some trades fall inside the 2 s overlap, not on its end.
    const session = s.market.playSession({ account, orders: 40, seed: 4, intervalMs: 1_300 });
    await untilEvents(drive, rec, 'key-replaced');
    await drive.until('the old key to be closed', () => s.admin.listenKey(oldKey!.key)?.closed === true);
    session.stop();
    await session.done;
    await drained(drive, rec, account);

    expect(rec.lifecycle()).toEqual(['connected', 'diagnostic', 'key-replaced']);
    expect(ofType(rec, 'diagnostic')[0]?.code).toBe('keepalive-failed');
    expect(ofType(rec, 'key-replaced')[0]?.reason).toBe('keepalive-failed');
    const valid = s.admin.listenKeys(account).filter((k) => k.valid);
    expect(valid.map((k) => k.key)).not.toContain(oldKey?.key);
    expect(valid).toHaveLength(1);
    // Every event pushed arrived exactly once, including those pushed on both keys' connections.
    const pushed = s.ws.pushes(account);
    expect(pushed.length).toBeGreaterThan(10);
    expect(rec.market()).toEqual(pushedEvents(pushed));
    expect(overlapCopies(pushed, s.ws.connections({ account })).length).toBeGreaterThan(0);
  });

  it.each(['protobuf', 'json'] as const)('a malformed frame (%s) becomes a diagnostic and the next event still arrives', async (format) => {
    const { s, drive, rec, account } = await connected({ format });
    expect(s.ws.sendMalformed({ account })).toBe(1);
    await untilEvents(drive, rec, 'diagnostic');
    s.admin.fund(account, 'BTC', '0.5');
    await drained(drive, rec, account);

    expect(ofType(rec, 'diagnostic').map((d) => d.code)).toEqual(['malformed-frame']);
    expect(rec.lifecycle()).toEqual(['connected', 'diagnostic']);
    expect(rec.market()).toEqual([expect.objectContaining({ type: 'account', asset: 'BTC', freeChange: '0.5', changeType: 'DEPOSIT' })]);
    expect(rec.events.at(-1)).toMatchObject({ channel: format === 'json' ? 'spot@private.account.v3.api' : 'spot@private.account.v3.api.pb' });
  });
});
