/**
 * The `handwritten` benchmark's HTTP rows: the sender the client uses on Node
 * (`src/http/node-sender.ts`, undici's `Pool#request` behind the library's contract: default
 * headers, body framing, the body bound, the abort's reason) against bare undici 7 `Pool#request`
 * for the one origin, each sending the same signed-looking GET to a node:http server in a child
 * process, 16 in flight, and reading the whole body as text: what the contract costs on top of
 * undici. The hot path is the client's CPU per request (the server's CPU is another process's; the
 * wall-clock rate is shown beside it).
 *
 * @module
 */
import { Pool } from 'undici';
import { nodeSender } from '../src/http/node-sender.js';
import type { ResultRow } from './benchmark.js';
import { startBenchChild } from './child-process.js';
import type { HttpServerInfo } from './handwritten-http-server.js';
import { versionOf } from './handwritten-pair.js';
import { runRotatingRounds, type LoadResult, type LoadSide } from './load.js';
import { pairedRatio } from './stats.js';

/** Requests per round, rounds and warm-up requests per side. */
const SIZES = { full: { requests: 800, rounds: 9, warmup: 800 }, quick: { requests: 200, rounds: 2, warmup: 100 } };
/** Requests in flight, as in the `rest` benchmark. */
const CONCURRENCY = 16;
/** Least a piece kept for speed must be, as a multiple of the library's rate. */
export const KEEP_RATIO = 1.5;

/** Headers of a signed GET, as the client sends them (with what the sender adds unasked). */
const HEADERS: Readonly<Record<string, string>> = {
  'x-mexc-apikey': 'mx0vglbench0000000000',
  'content-type': 'application/json',
  accept: '*/*',
  'user-agent': 'node',
};

type Send = (signal: AbortSignal) => Promise<{ readonly status: number; readonly text: string }>;

/** A request that fails unless it got the server's body: a side that read less would look faster. */
function checked(send: Send, body: string): () => Promise<void> {
  return async () => {
    const response = await send(new AbortController().signal);
    if (response.status !== 200 || response.text !== body) throw new Error(`unexpected response: ${response.status}, ${response.text.length} characters`);
  };
}

function sides(info: HttpServerInfo, pool: Pool): { ours: LoadSide; theirs: LoadSide[] } {
  const node = nodeSender();
  if (node === undefined) throw new Error('undici sender unavailable (process.getBuiltinModule needed)');
  const url = new URL(info.url);
  const path = `${url.pathname}${url.search}`;
  const ours: Send = async (signal) => {
    const response = await node.send('GET', info.url, HEADERS, undefined, signal);
    return { status: response.status, text: await response.text() };
  };
  const viaPool: Send = async (signal) => {
    const response = await pool.request({ method: 'GET', path, headers: HEADERS, signal });
    return { status: response.statusCode, text: await response.body.text() };
  };
  const version = versionOf('undici');
  return {
    ours: { name: 'node-sender.ts `send`', request: checked(ours, info.body), results: [] },
    theirs: [{ name: `undici ${version} \`Pool#request\``, request: checked(viaPool, info.body), results: [] }],
  };
}

/** Requests per second of the client's CPU time. */
const perCpuSecond = (result: LoadResult): number => 1e6 / result.cpuPerRequestUs;

function rowsAgainst(ours: LoadSide, theirs: LoadSide): ResultRow[] {
  const cpu = pairedRatio(ours.results.map(perCpuSecond), theirs.results.map(perCpuSecond));
  const wall = pairedRatio(
    ours.results.map((r) => r.rate),
    theirs.results.map((r) => r.rate),
  );
  const label = `HTTP client: ${ours.name}, GET, ${CONCURRENCY} in flight`;
  return [
    {
      subject: { label: `${label}, per client CPU second`, unit: 'requests/CPU s', samples: ours.results.map(perCpuSecond) },
      baseline: { label: theirs.name, unit: 'requests/CPU s', samples: theirs.results.map(perCpuSecond) },
      ratio: { value: cpu, text: `${cpu.toFixed(2)}x bare undici's rate` },
    },
    {
      subject: { label: `${label}, wall clock`, unit: 'requests/s', samples: ours.results.map((r) => r.rate) },
      baseline: { label: theirs.name, unit: 'requests/s', samples: theirs.results.map((r) => r.rate) },
      ratio: { value: wall, text: `${wall.toFixed(2)}x bare undici's rate` },
    },
  ];
}

/**
 * Runs the HTTP rounds and returns their rows: the sender's rate against bare undici's, per client
 * CPU second (the hot path) and per wall-clock second. No keep-or-replace target: the sender is
 * undici, and the ratio is what the library's contract costs on top of it.
 *
 * @example
 * ```ts
 * const rows = await httpRows(false, console.log);
 * ```
 */
export async function httpRows(quick: boolean, log: (line: string) => void): Promise<ResultRow[]> {
  const server = await startBenchChild<HttpServerInfo>(new URL('./handwritten-http-server.ts', import.meta.url));
  const pool = new Pool(new URL(server.info.url).origin);
  try {
    const { ours, theirs } = sides(server.info, pool);
    await runRotatingRounds([ours, ...theirs], quick ? SIZES.quick : SIZES.full, CONCURRENCY, (round) => `HTTP round ${round}`, log);
    return theirs.flatMap((side) => rowsAgainst(ours, side));
  } finally {
    await pool.close();
    await server.stop();
  }
}
