/**
 * A recorder given to one stream, against the simulator (manual clock): it records the stream's
 * key calls itself (under L1, L3, L4 for a client's stream; under `keySource.*` for a key source
 * of your own, the key masked), its frames and lifecycle events. A sink too slow for the session,
 * or one that fails, never holds the stream up: every push is delivered live, and the recording
 * says what it left out (a replay shows a `not-recorded` gap there).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { lastValueFrom, map, toArray } from 'rxjs';
import { createListenKey, createRecorder, replaySession, userDataStream, type Client, type RecorderDiagnostic, type UserDataEvent } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { simClient, waitUntil } from '../scale/sim-accounts.js';
import { readAll, sessionRecordsOf } from './support.js';

let sim: Simulator;
let client: Client;
let counter = 0;

const delivered = (name: string): number => sim.ws.pushes(name).filter((p) => p.deliveries.length > 0).length;
const isMarket = (event: UserDataEvent): boolean => event.type === 'account' || event.type === 'deal' || event.type === 'order';

beforeAll(async () => {
  sim = await startSimulator({ realtime: false, ws: { idleTimeoutMs: 24 * 3_600_000 } });
});
afterAll(() => sim?.close());

/** A fresh funded sub-account and a client of it (no recorder of its own). */
function account(): { readonly name: string; readonly client: Client; readonly keys: { apiKey: string; secretKey: string } } {
  const name = `streamrec${String(++counter).padStart(2, '0')}`;
  sim.admin.createSubAccount(sim.master.name, name);
  sim.admin.fund(name, 'USDT', '1000000');
  sim.admin.fund(name, 'BTC', '100');
  const keys = sim.admin.createApiKey(name);
  client = simClient(sim, keys);
  return { name, client, keys };
}

/** Streams `stream$` through a trading session of `orders` orders; resolves with the live events once all are delivered. */
async function session(name: string, stream$: ReturnType<typeof userDataStream>, orders: number): Promise<UserDataEvent[]> {
  const events: UserDataEvent[] = [];
  const subscription = stream$.subscribe((event) => events.push(event));
  await waitUntil('connected', () => events.some((e) => e.type === 'connected'));
  sim.clock.advance(5);
  sim.market.runSession({ account: name, orders, seed: counter });
  await waitUntil('every push', () => events.filter(isMarket).length === delivered(name));
  subscription.unsubscribe();
  return events;
}

describe('a recorder given to one stream', () => {
  it("records a client's stream with its key calls under L1 and L4, the client's keys kept out", async () => {
    const { name, client: owner, keys } = account();
    const lines: string[] = [];
    const recorder = createRecorder({ sink: (batch) => void lines.push(...batch), secrets: [keys.apiKey, keys.secretKey] });
    const events = await session(name, userDataStream(owner, { recorder, pingIntervalMs: 3_600_000 }), 3);
    await waitUntil('the key DELETE', () => sim.ws.connections({ account: name, open: true }).length === 0);
    await owner.close();
    await recorder.close();
    const records = sessionRecordsOf(readAll(lines));
    expect(records.flatMap((r) => (r.record === 'rest' ? [r.operation] : []))).toEqual(['L1', 'L4']);
    expect(await lastValueFrom(replaySession(lines).pipe(toArray()))).toEqual(events);
    const key = sim.ws.connections({ account: name })[0]?.listenKey ?? '';
    for (const secret of [keys.apiKey, keys.secretKey, key]) expect(lines.join('\n')).not.toContain(secret);
  });

  it('records the calls of a key source of your own under keySource.*, the key masked', async () => {
    const { name, client: owner } = account();
    const lines: string[] = [];
    const recorder = createRecorder({ sink: (batch) => void lines.push(...batch) });
    const keys = { create: () => createListenKey(owner).pipe(map((r) => r.listenKey)) };
    const events = await session(name, userDataStream(keys, { wsUrl: sim.wsUrl, scheduler: sim.scheduler, recorder, pingIntervalMs: 3_600_000 }), 2);
    await recorder.close();
    const records = sessionRecordsOf(readAll(lines));
    const key = sim.ws.connections({ account: name })[0]?.listenKey ?? '';
    expect(records.filter((r) => r.record === 'rest')).toEqual([
      expect.objectContaining({ operation: 'keySource.create', params: {}, reply: { listenKey: `${key.slice(0, 4)}…${key.slice(-4)}` } }),
    ]);
    expect(lines.join('\n')).not.toContain(key);
    expect(events.filter(isMarket).length).toBeGreaterThan(0);
  });

  it('with a sink slower than the session: every push is delivered live, the file says how many records it left out, and a replay shows the gap', async () => {
    const { name, client: owner } = account();
    const lines: string[] = [];
    const diagnostics: RecorderDiagnostic[] = [];
    let release: () => void = () => undefined;
    let held = true;
    const recorder = createRecorder({
      maxBufferedChars: 4096,
      onDiagnostic: (d) => diagnostics.push(d),
      sink: (batch) => {
        if (!held) return void lines.push(...batch);
        return new Promise<void>((resolve) => {
          release = () => {
            lines.push(...batch);
            resolve();
          };
        });
      },
    });
    const events = await session(name, userDataStream(owner, { recorder, pingIntervalMs: 3_600_000 }), 8);
    held = false;
    release();
    await recorder.close();
    expect(events.filter(isMarket).length).toBe(delivered(name));
    expect(events.filter(isMarket).length).toBeGreaterThanOrEqual(20);
    expect(diagnostics.map((d) => d.code)).toEqual(['overflow']);
    const records = sessionRecordsOf(readAll(lines));
    const marker = records.find((r) => r.record === 'overflow');
    expect(marker?.record === 'overflow' ? marker.records : 0).toBe(recorder.report().recordsLeftOut);
    expect(recorder.report().recordsLeftOut).toBeGreaterThan(0);
    const replayed = await lastValueFrom(replaySession(lines).pipe(toArray()));
    expect(replayed.filter((e) => e.type === 'gap')).toEqual([expect.objectContaining({ type: 'gap', reason: 'not-recorded' })]);
  });

  it('with a sink that always throws: every push is delivered live, and the failure is one diagnostic', async () => {
    const { name, client: owner } = account();
    const diagnostics: RecorderDiagnostic[] = [];
    const recorder = createRecorder({
      onDiagnostic: (d) => diagnostics.push(d),
      sink: () => {
        throw new Error('EIO: i/o error, write');
      },
    });
    const events = await session(name, userDataStream(owner, { recorder, pingIntervalMs: 3_600_000 }), 3);
    const report = await recorder.close();
    expect(events.filter(isMarket).length).toBe(delivered(name));
    expect(events.some((e) => e.type === 'diagnostic')).toBe(false);
    expect(diagnostics).toEqual([{ code: 'sink-failed', message: expect.stringContaining('EIO: i/o error, write') as unknown }]);
    expect(report.sinkFailures).toBeGreaterThan(0);
    expect(report.recordsWritten).toBe(0);
  });
});
