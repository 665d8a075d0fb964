/**
 * The operations example, in-process: 50 broker sub-accounts made through the API, streaming
 * from the simulator while its market driver trades on them. Its Prometheus scrape must agree
 * with what the streams delivered (per kind, once trading stopped and every pushed frame
 * arrived), count the 50 connected streams and the requests sent, and show no key, secret or
 * listen key; its probes answer 200 while every stream is live; closing it closes both ports.
 * Real I/O on loopback: the waits are real time, bounded.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DeliveredCounts } from '../../examples/operations/delivered.js';
import { startOperationsExample, type OperationsExample } from '../../examples/operations/server.js';
import { parseSamples, total } from './prometheus-text.js';

const ACCOUNTS = 50;
/** Fast trading, so enough events flow within a second or two. */
const TRADE_INTERVAL_MS = 40;
const WAIT_MS = 15_000;
const KINDS = ['account', 'deal', 'order'] as const;

let example: OperationsExample | undefined;
const reports: string[] = [];

function running(): OperationsExample {
  if (example === undefined) throw new Error('the example did not start');
  return example;
}

/** Polls `read` until `accept` holds, then returns the value; fails with the last value after `withinMs`. */
async function eventually<T>(what: string, read: () => Promise<T> | T, accept: (value: T) => boolean, withinMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the simulator sent to a connection, per kind, for every sub-account: its push log. */
function pushedToConnections(ex: OperationsExample): DeliveredCounts {
  const counts = { account: 0, deal: 0, order: 0 };
  for (const { name } of ex.accounts) {
    for (const record of ex.sim.ws.pushes(name)) if (record.deliveries.length > 0) counts[record.event.type] += 1;
  }
  return counts;
}

/** Whether something accepts connections on 127.0.0.1 at `port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  example = await startOperationsExample({ accounts: ACCOUNTS, tradeIntervalMs: TRADE_INTERVAL_MS, report: (line) => reports.push(line) });
}, 40_000);

afterAll(async () => {
  await example?.close();
}, 30_000);

describe('the operations example', () => {
  it('scrapes figures equal to what its subscriber received, per kind, with no credential in them', async () => {
    const ex = running();
    expect(ex.accounts).toHaveLength(ACCOUNTS);
    await eventually('events of every kind', () => ex.delivered(), (d) => d.account >= 200 && d.deal >= 50 && d.order >= 100);
    ex.stopTrading();
    // Trading stopped, the simulator's push log is final: wait for every frame it sent to arrive.
    const pushed = pushedToConnections(ex);
    const delivered = await eventually('every pushed frame delivered', () => ex.delivered(), (d) => KINDS.every((kind) => d[kind] === pushed[kind]));

    const response = await fetch(ex.metricsUrl);
    expect(response.status).toBe(200);
    const scrape = await response.text();
    const samples = parseSamples(scrape);
    for (const kind of KINDS) expect(total(samples, 'mexc_rx_stream_events_total', { kind })).toBe(delivered[kind]);
    expect(total(samples, 'mexc_rx_stream_events_total')).toBe(delivered.account + delivered.deal + delivered.order);
    expect(total(samples, 'mexc_rx_stream_connected')).toBe(ACCOUNTS);
    expect(total(samples, 'mexc_rx_stream_gaps_total')).toBe(0);
    // Each sub-account was created once (B2) and made one listen key (L1), all through the metered clients.
    expect(total(samples, 'mexc_rx_http_requests_total', { operation: 'B2', outcome: 'ok' })).toBe(ACCOUNTS);
    expect(total(samples, 'mexc_rx_http_requests_total', { operation: 'L1', outcome: 'ok' })).toBe(ACCOUNTS);

    const listenKeys = ex.accounts.flatMap(({ name }) => ex.sim.admin.listenKeys(name).map((view) => view.key));
    expect(listenKeys.length).toBeGreaterThanOrEqual(ACCOUNTS);
    const secrets = [...ex.accounts.flatMap(({ apiKey, secretKey }) => [apiKey, secretKey]), ex.sim.broker.apiKey, ex.sim.broker.secretKey, ...listenKeys];
    expect(secrets.filter((secret) => scrape.includes(secret))).toEqual([]);
    expect(reports).toEqual([]);
  }, 40_000);

  it('answers both probes with 200 while every stream is live', async () => {
    const ex = running();
    const ready = await fetch(ex.readinessUrl);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, running: true, summary: { live: ACCOUNTS, connecting: 0, reconnecting: 0, stale: 0, stopped: 0 }, notLive: 0 });
    const live = await fetch(ex.livenessUrl);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ live: true });
  });

  it('closes the metrics and health ports, and every listen key, when closed', async () => {
    const ex = running();
    const ports = [new URL(ex.metricsUrl).port, new URL(ex.readinessUrl).port].map(Number);
    await expect(Promise.all(ports.map(accepts))).resolves.toEqual([true, true]);
    await ex.close();
    await expect(Promise.all(ports.map(accepts))).resolves.toEqual([false, false]);
    const stillValid = ex.accounts.flatMap(({ name }) => ex.sim.admin.listenKeys(name).filter((view) => view.valid));
    expect(stillValid).toEqual([]);
  }, 30_000);
});
