/**
 * `client.close()` when a DELETE does not simply succeed, against the simulator on a clock that
 * stands still: a 500 is retried, a DELETE that never answers is given up at the close's deadline
 * (twice the client's `timeout`, on its scheduler), and a banned IP is not waited out. The keys it
 * could not close are listed, masked; it resolves either way.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { createListenKey, createRequestBudget, listListenKeys } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { maskListenKey } from '../../src/stream/lifecycle.js';
import { closeTestClient, LISTEN_KEY_PATH, startManualSim, validKeys, watchedFetch } from './support.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('client.close() when a DELETE fails', () => {
  it('retries a DELETE answered 500, and resolves once it succeeded', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);
    const { listenKey } = await firstValueFrom(createListenKey(client));
    s.faults.next('L4', 'status-500');

    const result = await client.close();

    expect(watched.count('DELETE', LISTEN_KEY_PATH)).toBe(2);
    expect(s.admin.listenKey(listenKey)?.valid).toBe(false);
    expect(result).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });
  });

  it('lists a key whose DELETE kept failing, masked, and says it is still valid there', async () => {
    const s = (sim = await startManualSim());
    const client = closeTestClient(s, watchedFetch(), s.master, { retry: { limit: 1, baseDelayMs: 0 } });
    const { listenKey } = await firstValueFrom(createListenKey(client));
    s.faults.next('L4', 'status-500', 2);

    const result = await client.close();

    expect(result).toEqual({ keysNotClosed: [maskListenKey(listenKey)], creationsUnanswered: 0 });
    expect(result.keysNotClosed[0]).not.toContain(listenKey);
    expect(s.admin.listenKey(listenKey)?.valid).toBe(true);
  });

  it('gives up a DELETE that never answers at its deadline, twice the timeout, and lists the key', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    // The attempt's own timeout (real time) is far off: only the close's deadline (virtual) ends it.
    const client = closeTestClient(s, watched, s.master, { timeout: 600_000 });
    const { listenKey } = await firstValueFrom(createListenKey(client));
    s.faults.next('L4', 'hang');
    let resolved = false;

    const closing = client.close().then((result) => ((resolved = true), result));
    await watched.until('DELETE', LISTEN_KEY_PATH);
    expect(resolved).toBe(false);
    s.clock.advance(2 * 600_000);
    const result = await closing;

    expect(result).toEqual({ keysNotClosed: [maskListenKey(listenKey)], creationsUnanswered: 0 });
    expect(s.admin.listenKey(listenKey)?.valid).toBe(true);
    expect(watched.count('DELETE', LISTEN_KEY_PATH)).toBe(1);
  });

  it('does not wait out an IP ban: the DELETEs fail at once, the keys are listed, the clock never moved', async () => {
    // One 429 bans the IP for 2 minutes; L2 allows 2 calls per window.
    const s = (sim = await startManualSim({ rateLimit: { limit: 2, windowMs: 10_000 }, ipBan: { after429s: 1 } }));
    const client = closeTestClient(s, watchedFetch());
    const keys = [(await firstValueFrom(createListenKey(client))).listenKey, (await firstValueFrom(createListenKey(client))).listenKey];
    // Another program on the same IP, with no budget worth the name, runs into the limit: the IP is banned.
    const careless = closeTestClient(s, watchedFetch(), s.master, {
      budget: createRequestBudget({ scheduler: s.scheduler, spread: false, resendsAfterRefusal: 0 }),
      retry: { limit: 0 },
    });
    for (let i = 0; i < 3; i++) await firstValueFrom(listListenKeys(careless)).catch(() => undefined);
    const start = s.clock.now();

    const result = await client.close();

    expect(s.clock.now()).toBe(start);
    expect([...result.keysNotClosed].sort()).toEqual(keys.map(maskListenKey).sort());
    expect(validKeys(s, s.master.name).map((k) => k.key).sort()).toEqual([...keys].sort());
  });
});
