/**
 * The Worker example (examples/worker) in workerd against the simulator, with the bindings its
 * wrangler.toml declares and the secrets given here as a deployment would hold them: a page's
 * stream on keys from the Worker (created, streamed on, closed when the stream stops), the repair
 * routes, a key renewed and closed over separate requests reaching its one broker, a request from
 * another site refused, and no answer that shows the secret; without its secrets it says which
 * are missing. Real time (workerd is its own process), every wait bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Subscription } from 'rxjs';
import { remoteListenKeys, userDataStream, type UserDataEvent } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { bundleExample, startExample, type ExampleWorker } from './harness/example-worker.js';
import { tables } from './harness/wrangler.js';

const WAIT_MS = 20_000;
const ORDER = { symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' } as const;

let sim: Simulator;
let example: ExampleWorker | undefined;
let bundle: string;
/** Every answer's text, to look for the secret in. */
const answers: string[] = [];

async function eventually(what: string, holds: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function running(): ExampleWorker {
  if (example === undefined) throw new Error('the Worker did not start');
  return example;
}

const brokerPath = (): string => tables().get('vars')?.[0]?.['BROKER_PATH'] ?? '/missing';
const route = (name: string): string => new URL(`${brokerPath()}/${name}`, running().url).href;
const validKeys = (): string[] => sim.admin.listenKeys(sim.master.name).filter((key) => key.valid).map((key) => key.key);

async function call(name: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(route(name), { ...init, signal: AbortSignal.timeout(WAIT_MS) });
  const text = await response.text();
  answers.push(text);
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

beforeAll(async () => {
  sim = await startSimulator();
  bundle = await bundleExample();
  example = await startExample(bundle, { MEXC_API_KEY: sim.master.apiKey, MEXC_API_SECRET: sim.master.secretKey, MEXC_BASE_URL: sim.restUrl });
}, 60_000);

afterAll(async () => {
  await example?.worker.dispose();
  await sim.close();
});

describe('the Worker example in workerd', () => {
  it("gives a page's stream its keys: created, streamed on, and closed when the stream stops", async () => {
    const events: UserDataEvent[] = [];
    const page = new Subscription();
    page.add(userDataStream(remoteListenKeys(new URL(brokerPath(), running().url).href), { wsUrl: sim.wsUrl }).subscribe((event) => events.push(event)));
    try {
      await eventually('the stream connected', () => events.some((event) => event.type === 'connected'));
      expect(validKeys().length).toBe(1);
      sim.market.placeOrder({ account: sim.master.name, ...ORDER });
      await eventually('an account event', () => events.some((event) => event.type === 'account'));
    } finally {
      page.unsubscribe();
    }
    await eventually('the key closed through the Worker', () => validKeys().length === 0);
  }, 60_000);

  it("answers the repair routes with the account's balances and open orders", async () => {
    const placed = sim.market.placeOrder({ account: sim.master.name, ...ORDER });
    const balances = await call('balances');
    expect(balances.status).toBe(200);
    const held = sim.admin.balances(sim.master.name, 'SPOT').map(({ asset, free, locked }) => ({ asset, free, locked }));
    expect(balances.body['balances']).toEqual(expect.arrayContaining(held));
    const open = await call('open-orders?symbols=BTCUSDT');
    expect(open.status).toBe(200);
    expect((open.body['orders'] as { orderId?: string }[]).map((order) => order.orderId)).toContain(placed.orderId);
  }, 60_000);

  it('renews and closes a key over separate requests, each reaching the one broker', async () => {
    const created = await call('listen-key', { method: 'POST' });
    expect(created.status).toBe(201);
    const listenKey = String(created.body['listenKey']);
    expect(validKeys()).toEqual([listenKey]);
    const json = { 'Content-Type': 'application/json' };
    expect((await call('listen-key', { method: 'PUT', headers: json, body: JSON.stringify({ listenKey }) })).status).toBe(200);
    expect((await call('listen-key', { method: 'DELETE', headers: json, body: JSON.stringify({ listenKey }) })).status).toBe(200);
    expect(validKeys()).toEqual([]);
    // Closed already: the broker no longer knows it.
    expect((await call('listen-key', { method: 'PUT', headers: json, body: JSON.stringify({ listenKey }) })).body['error']).toBe('unknown-listen-key');
  }, 60_000);

  it('refuses a request from another site and makes no key for it', async () => {
    const refused = await call('listen-key', { method: 'POST', headers: { Origin: 'https://evil.example' } });
    expect([refused.status, refused.body['error']]).toEqual([403, 'origin-refused']);
    expect(validKeys()).toEqual([]);
    const outside = await fetch(new URL('/elsewhere', running().url), { signal: AbortSignal.timeout(WAIT_MS) });
    expect(outside.status).toBe(404);
  }, 60_000);

  it('never shows the API key or secret in an answer', () => {
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((text) => text.includes(sim.master.secretKey) || text.includes(sim.master.apiKey))).toEqual([]);
  });

  it('without its secrets answers 500 naming the missing bindings, and makes no key', async () => {
    const bare = await startExample(bundle, { MEXC_BASE_URL: sim.restUrl });
    try {
      const response = await fetch(new URL(`${brokerPath()}/listen-key`, bare.url), { method: 'POST', signal: AbortSignal.timeout(WAIT_MS) });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: 'not-configured', message: 'the Worker has no MEXC_API_KEY or MEXC_API_SECRET secret' });
      expect(validKeys()).toEqual([]);
    } finally {
      await bare.worker.dispose();
    }
  }, 60_000);
});
