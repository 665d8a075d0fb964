/**
 * A page's DELETE is answered 200 only once the service closed the key: when the service fails the
 * L4 (a 500, its connection dropped) the page is told 502 `upstream-failed`, the key's place stays
 * held, and the page's next DELETE, once the service is back, closes it. The client here does not
 * retry, so one fault fails one close.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import type { FaultKind } from '../../src/simulator/index.js';
import { createListenKeyBroker, type ListenKeyBroker } from '../../src/server/index.js';
import { FORMS, json, settledCount, startWorld, validKeys, type BrokerWorld, type Caller } from './support.js';

const KEYS = '/api/mexc/listen-key';

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let caller: Caller | undefined;

afterEach(async () => {
  await caller?.close();
  await broker?.close();
  await world?.sim.close();
  world = broker = caller = undefined;
});

describe.each(FORMS)('a close the service fails, through the %s handler', (_form, reach) => {
  async function start(): Promise<{ world: BrokerWorld; page: Caller; listenKey: string }> {
    const w = (world = await startWorld({ retry: { limit: 0 } }));
    broker = createListenKeyBroker(w.client, { path: '/api/mexc', maxKeys: 1 });
    const page = (caller = await reach(broker));
    const made = await page.call('POST', KEYS);
    expect(made.status).toBe(201);
    return { world: w, page, listenKey: (made.body as { listenKey: string }).listenKey };
  }

  it.each<FaultKind>(['status-500', 'drop'])('%s: 502 upstream-failed, the place held; the next DELETE closes it', async (fault) => {
    const { world: w, page, listenKey } = await start();
    w.sim.faults.next('L4', fault);
    const failed = await page.call('DELETE', KEYS, { body: json({ listenKey }) });
    expect(failed).toMatchObject({ status: 502, body: { error: 'upstream-failed' } });
    expect(JSON.stringify(failed.body)).not.toContain(listenKey);
    expect(w.sim.faults.pending('L4')).toEqual([]);
    expect(validKeys(w)).toEqual([listenKey]);
    // Its place is held: the service still counts the key.
    expect(await page.call('POST', KEYS)).toMatchObject({ status: 503, body: { error: 'account-key-limit' } });
    // The service is back: the page asks again, and now the key is closed there.
    const closed = await page.call('DELETE', KEYS, { body: json({ listenKey }) });
    expect(closed).toMatchObject({ status: 200, body: { listenKey } });
    expect(w.sim.admin.listenKey(listenKey)?.closed).toBe(true);
    expect(settledCount(w, 'L4')).toBe(2);
    expect((await page.call('DELETE', KEYS, { body: json({ listenKey }) })).status).toBe(404);
    expect((await page.call('POST', KEYS)).status).toBe(201);
  });

  it('a key whose DELETE the service failed is closed on the service when the broker closes', async () => {
    const { world: w, page, listenKey } = await start();
    w.sim.faults.next('L4', 'status-500');
    expect((await page.call('DELETE', KEYS, { body: json({ listenKey }) })).status).toBe(502);
    expect(validKeys(w)).toEqual([listenKey]);
    await broker?.close();
    expect(w.sim.admin.listenKey(listenKey)?.closed).toBe(true);
    expect(settledCount(w, 'L4')).toBe(2);
  });
});
