/**
 * REST: a signed GET through the library (`listSubAccounts`: validate, sign with Web Crypto, send
 * with ky, decode with io-ts, one cold Observable per call) against raw `fetch` with a signature
 * computed by hand (node:crypto `createHmac`), both hitting the same simulator endpoint over
 * loopback.
 *
 * @module
 */
import { createHmac } from 'node:crypto';
import { firstValueFrom } from 'rxjs';
import { createClient } from '../src/client/create-client.js';
import { listSubAccounts } from '../src/operations/master.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { startBenchChild } from './child-process.js';
import { runLoad, type LoadResult } from './load.js';
import type { RestServerInfo } from './rest-server.js';
import { inAlternatingOrder, pairedRatio, percentile } from './stats.js';

const SIZES = { full: { requests: 600, rounds: 15, warmup: 1_000 }, quick: { requests: 300, rounds: 2, warmup: 100 } };
const CONCURRENCY = 16;
const PAGE_SIZE = 10;
/** Least the library's throughput may be, as a fraction of raw fetch's. */
const TARGET_THROUGHPUT = 0.8;
/** The raw request: query, HMAC-SHA256 with node:crypto, global fetch, JSON body. */
function rawRequest(info: RestServerInfo): () => Promise<void> {
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

/** The library's request: `listSubAccounts`, no retries (a failure must show, not be retried away). */
function libraryRequest(info: RestServerInfo): () => Promise<void> {
  const client = createClient({ baseUrl: info.restUrl, apiKey: info.apiKey, secretKey: info.secretKey, retry: { limit: 0 } });
  return async () => {
    const page = await firstValueFrom(listSubAccounts(client, { limit: PAGE_SIZE }));
    if (page.items.length !== PAGE_SIZE) throw new Error(`library request returned ${page.items.length} items`);
  };
}

function latencyRow(label: string, p: number, lib: readonly LoadResult[], raw: readonly LoadResult[]): ResultRow {
  const libMs = lib.map((r) => percentile(r.latencies, p));
  const rawMs = raw.map((r) => percentile(r.latencies, p));
  const ratio = pairedRatio(libMs, rawMs);
  return {
    subject: { label: `listSubAccounts, ${label} latency`, unit: 'ms', samples: libMs },
    baseline: { label: 'raw fetch', unit: 'ms', samples: rawMs },
    ratio: { value: ratio, text: `${ratio.toFixed(2)}x raw` },
  };
}

/** The REST benchmark. */
export const restBenchmark: Benchmark = {
  name: 'rest',
  title: 'REST round trip',
  description:
    `\`listSubAccounts(client, { limit: ${PAGE_SIZE} })\` (M2, a signed GET returning ${PAGE_SIZE} sub-accounts) through ` +
    'the library, against raw `fetch` of the same URL with a hand-computed signature (`createHmac`) and ' +
    '`response.json()`. The simulator runs in a child process on 127.0.0.1 with its real-time clock and a request ' +
    `budget too large to interfere. Each round runs a fixed number of requests, ${CONCURRENCY} in flight, for each ` +
    'side back to back in alternating order, after a warm-up. Client CPU: user + system time of the benchmark ' +
    'process (the client side only) per request.',
  async run({ quick, log }) {
    const sizes = quick ? SIZES.quick : SIZES.full;
    const server = await startBenchChild<RestServerInfo>(new URL('./rest-server.ts', import.meta.url));
    const { info } = server;
    try {
      const library = libraryRequest(info);
      const raw = rawRequest(info);
      await runLoad(library, sizes.warmup, CONCURRENCY);
      await runLoad(raw, sizes.warmup, CONCURRENCY);
      const lib: LoadResult[] = [];
      const bare: LoadResult[] = [];
      for (let round = 0; round < sizes.rounds; round++) {
        await inAlternatingOrder(
          round,
          async () => void lib.push(await runLoad(library, sizes.requests, CONCURRENCY)),
          async () => void bare.push(await runLoad(raw, sizes.requests, CONCURRENCY)),
        );
        log(`round ${round + 1}: library ${Math.round(lib[round]?.rate ?? 0)} req/s, raw ${Math.round(bare[round]?.rate ?? 0)} req/s`);
      }
      const throughput = pairedRatio(
        lib.map((r) => r.rate),
        bare.map((r) => r.rate),
      );
      const cpu = pairedRatio(
        lib.map((r) => r.cpuPerRequestUs),
        bare.map((r) => r.cpuPerRequestUs),
      );
      return [
        {
          subject: { label: 'listSubAccounts through the library', unit: 'requests/s', samples: lib.map((r) => r.rate) },
          baseline: { label: 'raw fetch + createHmac', unit: 'requests/s', samples: bare.map((r) => r.rate) },
          ratio: { value: throughput, text: `${throughput.toFixed(2)}x raw throughput` },
          target: { text: `>= ${TARGET_THROUGHPUT}x raw`, met: throughput >= TARGET_THROUGHPUT },
        },
        latencyRow('p50', 50, lib, bare),
        latencyRow('p99', 99, lib, bare),
        {
          subject: { label: 'listSubAccounts, client CPU per request', unit: 'µs', samples: lib.map((r) => r.cpuPerRequestUs) },
          baseline: { label: 'raw fetch', unit: 'µs', samples: bare.map((r) => r.cpuPerRequestUs) },
          ratio: { value: cpu, text: `${cpu.toFixed(2)}x raw` },
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
