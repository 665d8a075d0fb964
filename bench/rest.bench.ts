/**
 * REST: a signed GET through the library (`listSubAccounts`: validate, sign, send with ky or with
 * `fetch` directly, decode with io-ts, one cold Observable per call) against raw `fetch` with a signature
 * computed by hand (node:crypto `createHmac`), both hitting the same simulator endpoint over
 * loopback.
 *
 * @module
 */
import { createHmac } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { createRequestBudget } from '../src/budget/request-budget.js';
import { createClient } from '../src/client/create-client.js';
import type { HttpTransport } from '../src/http/transport.js';
import { listSubAccounts } from '../src/operations/master.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { startBenchChild } from './child-process.js';
import { runRotatingRounds, UNLIMITED_BUDGET_LIMIT, type LoadResult, type LoadSide } from './load.js';
import type { RestServerInfo } from './rest-server.js';
import { pairedRatio, percentile } from './stats.js';

/** Requests per round, rounds and warm-up requests per side. */
export const SIZES = { full: { requests: 600, rounds: 15, warmup: 1_000 }, quick: { requests: 300, rounds: 2, warmup: 100 } };
/** Requests in flight. */
export const CONCURRENCY = 16;
/** Sub-accounts per page: the simulator holds ten. */
export const PAGE_SIZE = 10;
/** Least the library's throughput may be, as a fraction of raw fetch's. */
const TARGET_THROUGHPUT = 0.8;
/** The raw request: query, HMAC-SHA256 with node:crypto, global fetch, JSON body. */
export function rawRequest(info: RestServerInfo): () => Promise<void> {
  return async () => {
    const query = `limit=${PAGE_SIZE}&recvWindow=5000&timestamp=${Date.now()}`;
    const signature = createHmac('sha256', info.secretKey).update(query).digest('hex');
    const response = await fetch(`${info.restUrl}/api/v3/sub-account/list?${query}&signature=${signature}`, {
      headers: { 'X-MEXC-APIKEY': info.apiKey, 'Content-Type': 'application/json' },
    });
    const body = (await response.json()) as { subAccounts?: unknown[] };
    if (!response.ok || body.subAccounts?.length !== PAGE_SIZE) throw new Error(`raw request failed: ${response.status}`);
  };
}

/**
 * The library's request: `listSubAccounts`, no retries (a failure must show, not be retried
 * away), through a request budget whose limits are raised out of the way as the simulator's are
 * (its bookkeeping is part of what is measured).
 */
export function libraryRequest(info: RestServerInfo, transport: HttpTransport): () => Promise<void> {
  const budget = createRequestBudget({ ipLimit: UNLIMITED_BUDGET_LIMIT, accountLimit: UNLIMITED_BUDGET_LIMIT });
  const client = createClient({ baseUrl: info.restUrl, apiKey: info.apiKey, secretKey: info.secretKey, retry: { limit: 0 }, transport, budget });
  return async () => {
    const page = await firstValueFrom(listSubAccounts(client, { limit: PAGE_SIZE }));
    if (page.items.length !== PAGE_SIZE) throw new Error(`library request returned ${page.items.length} items`);
  };
}

/** A measured side: the library through one transport, or raw fetch. */
type Side = LoadSide;

const TRANSPORT_LABEL: Readonly<Record<HttpTransport, string>> = { ky: "transport 'ky' (default)", fetch: "transport 'fetch'" };

function pairedRow(label: string, unit: string, value: (r: LoadResult) => number, side: Side, raw: Side, ratioText: (ratio: number) => string): ResultRow {
  const samples = side.results.map(value);
  const baseline = raw.results.map(value);
  const ratio = pairedRatio(samples, baseline);
  return {
    subject: { label: `listSubAccounts, ${side.name}: ${label}`, unit, samples },
    baseline: { label: 'raw fetch', unit, samples: baseline },
    ratio: { value: ratio, text: ratioText(ratio) },
  };
}

function rowsOf(side: Side, raw: Side): ResultRow[] {
  const throughput = pairedRow('throughput', 'requests/s', (r) => r.rate, side, raw, (x) => `${x.toFixed(2)}x raw throughput`);
  return [
    { ...throughput, target: { text: `>= ${TARGET_THROUGHPUT}x raw`, met: (throughput.ratio?.value ?? 0) >= TARGET_THROUGHPUT } },
    pairedRow('p50 latency', 'ms', (r) => percentile(r.latencies, 50), side, raw, (x) => `${x.toFixed(2)}x raw`),
    pairedRow('p99 latency', 'ms', (r) => percentile(r.latencies, 99), side, raw, (x) => `${x.toFixed(2)}x raw`),
    pairedRow('client CPU per request', 'µs', (r) => r.cpuPerRequestUs, side, raw, (x) => `${x.toFixed(2)}x raw`),
  ];
}

/** The REST benchmark. */
export const restBenchmark: Benchmark = {
  name: 'rest',
  title: 'REST round trip',
  description:
    `\`listSubAccounts(client, { limit: ${PAGE_SIZE} })\` (M2, a signed GET returning ${PAGE_SIZE} sub-accounts) through ` +
    "the library, with each transport (`'ky'`, the default, and `'fetch'`), against raw `fetch` of the same URL with a " +
    'hand-computed signature (`createHmac`) and `response.json()`. The simulator runs in a child process on ' +
    '127.0.0.1 with its real-time clock and a request budget too large to interfere; the library\'s clients have a request ' +
    'budget with limits as large (its bookkeeping is measured, its waiting never happens). Each round runs a fixed number ' +
    `of requests, ${CONCURRENCY} in flight, for each of the three sides back to back, the order rotating from round ` +
    'to round, after a warm-up. Client CPU: user + system time of the benchmark process (the client side only) per ' +
    'request.',
  async run({ quick, log }) {
    const sizes = quick ? SIZES.quick : SIZES.full;
    const server = await startBenchChild<RestServerInfo>(new URL('./rest-server.ts', import.meta.url));
    const { info } = server;
    try {
      const transports: readonly HttpTransport[] = ['ky', 'fetch'];
      const library: Side[] = transports.map((t) => ({ name: TRANSPORT_LABEL[t], request: libraryRequest(info, t), results: [] }));
      const raw: Side = { name: 'raw fetch', request: rawRequest(info), results: [] };
      const sides = [...library, raw];
      await runRotatingRounds(sides, sizes, CONCURRENCY, (round) => `round ${round}`, log);
      return library.flatMap((side) => rowsOf(side, raw));
    } finally {
      await server.stop();
    }
  },
};
