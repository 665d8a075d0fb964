/**
 * Leaving the stream: the last unsubscribe closes every socket (even during a rollover overlap,
 * when two are open) and DELETEs the listen key, and leaves no timer behind on the clock. The
 * clock is the simulator's manual one, moved by the test from timer to timer (sim-drive.ts).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { map } from 'rxjs';
import { createListenKey } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { startDrivenSim } from '../support/sim-drive.js';
import { clientOf, MINUTE, record, SECOND, type Recording } from './support.js';

let sim: Simulator | undefined;
let recordings: Recording[] = [];
afterEach(async () => {
  for (const r of recordings) r.subscription.unsubscribe();
  recordings = [];
  await sim?.close();
  sim = undefined;
});

describe('unsubscribing', () => {
  it('DELETEs the key, closes every socket and leaves no timer running', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const account = s.master.name;
    // A rollover after 5 minutes with a 4.5-minute overlap (shorter, as it must be): two sockets
    // are open when we leave.
    const client = clientOf(s);
    const options = { rolloverAfterMs: 5 * MINUTE, rolloverOverlapMs: 270 * SECOND };
    const first = record(client, options);
    recordings.push(first);
    await drive.until('the rollover', () => first.events.some((e) => e.type === 'rolled-over'));
    expect(first.lifecycle()).toEqual(['connected', 'rolled-over']);
    expect(s.ws.connections({ account, open: true })).toHaveLength(2);
    const [key] = s.admin.listenKeys(account);
    expect(key?.valid).toBe(true);

    // A second stream of the same client, left while its key is still being created: the creation
    // is not cancelled (it may have reached the service), and the key is DELETEd when it comes.
    const second = record(client, options);
    recordings.push(second);
    second.subscription.unsubscribe();
    await drive.until("the second stream's key, created and DELETEd", () => s.admin.listenKeys(account).filter((k) => k.closed).length === 1);
    expect(s.admin.listenKeys(account)).toHaveLength(2);
    expect(s.ws.connections({ account, open: true })).toHaveLength(2);

    first.subscription.unsubscribe();
    await drive.until('the key to be DELETEd', () => s.admin.listenKey(key!.key)?.closed === true);
    await drive.until('every socket to close', () => s.ws.connections({ account, open: true }).length === 0);

    expect(s.admin.listenKeyOwner(key!.key)).toBeUndefined();
    expect(s.admin.listenKeys(account).filter((k) => k.valid)).toEqual([]);
    // Closed by the client, or by the server on the DELETE when that arrived first.
    for (const connection of s.ws.connections({ account })) expect(['client', 'key-closed']).toContain(connection.closeReason);
    // Neither the stream nor the websocket side left a timer on the shared clock.
    expect(s.clock.pendingTimers).toBe(0);
  });

  it('closes both sockets of a rollover overlap itself, even when the key source cannot DELETE keys', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const account = s.master.name;
    const client = clientOf(s);
    // A key source that creates keys but leaves closing them to someone else.
    const source = { create: () => createListenKey(client).pipe(map((r) => r.listenKey)) };
    const events: UserDataEvent[] = [];
    const subscription = userDataStream(source, { wsUrl: s.wsUrl, scheduler: s.scheduler, rolloverAfterMs: 5 * MINUTE, rolloverOverlapMs: 270 * SECOND }).subscribe((e) =>
      events.push(e),
    );
    await drive.until('the rollover', () => events.some((e) => e.type === 'rolled-over'));
    expect(s.ws.connections({ account, open: true })).toHaveLength(2);
    subscription.unsubscribe();
    await drive.until('every socket to close', () => s.ws.connections({ account, open: true }).length === 0);

    expect(s.ws.connections({ account }).map((c) => c.closeReason)).toEqual(['client', 'client']);
    // The key was not DELETEd (the source cannot), so it is still valid.
    expect(s.admin.listenKeys(account).filter((k) => k.valid)).toHaveLength(1);
    expect(s.clock.pendingTimers).toBe(0);
  });
});
