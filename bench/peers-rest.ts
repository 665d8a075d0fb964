/**
 * The REST half of the `peers` benchmark: the same signed GET (`GET /api/v3/sub-account/list`,
 * M2) through ccxt's MEXC client, through the library with each transport, and through raw
 * `fetch`, against one simulator, in the same rounds.
 *
 * @module
 */
import type { ResultRow } from './benchmark.js';
import { startBenchChild } from './child-process.js';
import { runRotatingRounds, type LoadResult, type LoadSide } from './load.js';
import type { Peers } from './peer-packages.js';
import { CONCURRENCY, libraryRequest, PAGE_SIZE, rawRequest, SIZES } from './rest.bench.js';
import type { RestServerInfo } from './rest-server.js';
import { pairedRatio } from './stats.js';

/**
 * ccxt's request: the implicit method of `GET /api/v3/sub-account/list`, its URLs pointed at the
 * simulator, signed with ccxt's own MEXC signing (what the service checks), its client-side rate
 * limiter off (the library's request budget runs, its limits raised out of the way as the
 * simulator's are: its bookkeeping is measured, its waiting never happens).
 */
function ccxtRequest(peers: Peers, info: RestServerInfo): () => Promise<void> {
  const exchange = peers.makeRest({ apiKey: info.apiKey, secret: info.secretKey, enableRateLimit: false });
  exchange.urls.api.spot.public = info.restUrl;
  exchange.urls.api.spot.private = info.restUrl;
  return async () => {
    const body = await exchange.spotPrivateGetSubAccountList({ limit: PAGE_SIZE });
    if (body.subAccounts?.length !== PAGE_SIZE) throw new Error(`ccxt request returned ${String(body.subAccounts?.length)} sub-accounts`);
  };
}

type Side = LoadSide;

function row(side: Side, baseline: Side, what: 'throughput' | 'cpu', target?: number): ResultRow {
  const value = what === 'throughput' ? (r: LoadResult) => r.rate : (r: LoadResult) => r.cpuPerRequestUs;
  const unit = what === 'throughput' ? 'requests/s' : 'µs';
  const samples = side.results.map(value);
  const base = baseline.results.map(value);
  const ratio = pairedRatio(samples, base);
  const label = `${side.name}: ${what === 'throughput' ? 'throughput' : 'client CPU per request'}`;
  const met = target === undefined ? undefined : what === 'throughput' ? ratio >= target : ratio <= target;
  return {
    subject: { label, unit, samples },
    baseline: { label: baseline.name, unit, samples: base },
    ratio: { value: ratio, text: `${ratio.toFixed(2)}x ${baseline.name}` },
    target: met === undefined ? undefined : { text: `${what === 'throughput' ? '>=' : '<='} ${String(target)}x ${baseline.name}`, met },
  };
}

/**
 * Runs the REST rounds: each side a fixed number of requests, 16 in flight, the order rotating
 * from round to round, after a warm-up of each.
 *
 * @example
 * ```ts
 * const rows = await restPeerRows(peers, { quick: true, log });
 * ```
 */
export async function restPeerRows(peers: Peers, context: { readonly quick: boolean; readonly log: (line: string) => void }): Promise<ResultRow[]> {
  const sizes = context.quick ? SIZES.quick : SIZES.full;
  const server = await startBenchChild<RestServerInfo>(new URL('./rest-server.ts', import.meta.url));
  try {
    const { info } = server;
    const raw: Side = { name: 'raw fetch', request: rawRequest(info), results: [] };
    const ccxt: Side = { name: `ccxt ${peers.ccxtVersion}`, request: ccxtRequest(peers, info), results: [] };
    const ky: Side = { name: "listSubAccounts, transport 'ky' (default)", request: libraryRequest(info, 'ky'), results: [] };
    const fetch: Side = { name: "listSubAccounts, transport 'fetch'", request: libraryRequest(info, 'fetch'), results: [] };
    const sides = [ccxt, ky, fetch, raw];
    await runRotatingRounds(sides, sizes, CONCURRENCY, (round) => `REST round ${round}`, context.log);
    return [
      row(ccxt, raw, 'throughput'),
      row(ccxt, raw, 'cpu'),
      row(ky, ccxt, 'throughput', 1),
      row(ky, ccxt, 'cpu', 1),
      row(fetch, ccxt, 'throughput'),
      row(fetch, ccxt, 'cpu'),
      row(ky, raw, 'throughput'),
      row(ky, raw, 'cpu'),
    ];
  } finally {
    await server.stop();
  }
}
