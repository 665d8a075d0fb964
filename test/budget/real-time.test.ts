/**
 * The request budget against the simulator's own budget, in real time: many clients sharing one
 * IP and one budget send a burst far above the limit (a small window, 20 per second, keeps it
 * short), and the wire sees no 429 at all; the same burst without the budget does.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, forkJoin } from 'rxjs';
import { createClient, createRequestBudget, listSubAccounts, type Client, type FetchLike, type RequestBudget } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';

const LIMIT = 20;
const WINDOW_MS = 1000;
const CLIENTS = 3;
const CALLS_PER_CLIENT = 20;

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** A fetch that counts the statuses it sees. */
function countingFetch(): { readonly fetch: FetchLike; readonly statuses: number[] } {
  const statuses: number[] = [];
  const fetch: FetchLike = async (input, init) => {
    const response = await globalThis.fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  return { fetch, statuses };
}

function clientsOf(s: Simulator, fetch: FetchLike, budget: RequestBudget | false): Client[] {
  return Array.from({ length: CLIENTS }, (_, i) => {
    const keys = s.admin.createAccount('master', `burstmaster${i}`);
    return createClient({ baseUrl: s.restUrl, apiKey: keys.apiKey, secretKey: keys.secretKey, fetch, transport: 'fetch', budget, retry: { limit: 0 } });
  });
}

const burst = (clients: readonly Client[]) =>
  firstValueFrom(forkJoin(clients.flatMap((client) => Array.from({ length: CALLS_PER_CLIENT }, () => listSubAccounts(client, {})))));

describe('against the simulator’s budget in real time', () => {
  it('a shared budget sends a burst three times the limit with no 429 on the wire, in about the least time the limit allows', async () => {
    const s = (sim = await startSimulator({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } }));
    const wire = countingFetch();
    const budget = createRequestBudget({ windowMs: WINDOW_MS, ipLimit: LIMIT, accountLimit: LIMIT, safetyMarginMs: 20 });
    const started = Date.now();
    const pages = await burst(clientsOf(s, wire.fetch, budget));
    const elapsed = Date.now() - started;
    expect(pages).toHaveLength(CLIENTS * CALLS_PER_CLIENT);
    expect(wire.statuses.filter((status) => status !== 200)).toEqual([]);
    expect(wire.statuses).toHaveLength(CLIENTS * CALLS_PER_CLIENT);
    // 60 calls at 20 per second: the last 20 cannot go before two windows have passed.
    expect(elapsed).toBeGreaterThanOrEqual(2 * WINDOW_MS);
  });

  it('the same burst without a budget runs into the simulator’s 429s (the count above can fail)', async () => {
    const s = (sim = await startSimulator({ rateLimit: { limit: LIMIT, windowMs: WINDOW_MS } }));
    const wire = countingFetch();
    await burst(clientsOf(s, wire.fetch, false)).catch(() => undefined);
    expect(wire.statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
