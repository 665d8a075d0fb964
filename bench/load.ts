/**
 * A closed-loop load generator: a fixed number of requests in flight until a fixed total is done,
 * with each request's latency and the client's CPU time.
 *
 * @module
 */

/** What one load run measured. */
export interface LoadResult {
  /** Completed requests per second of wall time. */
  readonly rate: number;
  /** Latency of each request, ms, sorted ascending. */
  readonly latencies: readonly number[];
  /** CPU time of this process (user + system) per request, µs. */
  readonly cpuPerRequestUs: number;
}

/**
 * Runs `total` requests, `concurrency` at a time (each worker starts its next request when the
 * previous one ends). A failed request fails the run.
 *
 * @example
 * ```ts
 * const { rate, latencies } = await runLoad(() => fetch(url).then((r) => r.text()), 2_000, 16);
 * ```
 */
export async function runLoad(request: () => Promise<unknown>, total: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  const worker = async (): Promise<void> => {
    while (issued < total) {
      issued += 1;
      const start = performance.now();
      await request();
      latencies.push(performance.now() - start);
    }
  };
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return { rate: total / seconds, latencies, cpuPerRequestUs: (used.user + used.system) / total };
}

/** A request budget limit no benchmark run comes near: the budget's bookkeeping runs, its waiting never does. */
export const UNLIMITED_BUDGET_LIMIT = 1_000_000_000;

/** One side of a paired load comparison: what it sends, and its result per round. */
export interface LoadSide {
  readonly name: string;
  readonly request: () => Promise<unknown>;
  readonly results: LoadResult[];
}

/**
 * Warms every side up, then runs `rounds` rounds of `requests` requests each, `concurrency` in
 * flight, the sides back to back in an order rotating from round to round; logs each round's rates.
 *
 * @example
 * ```ts
 * await runRotatingRounds([library, raw], { requests: 600, rounds: 15, warmup: 1_000 }, 16, (r) => `round ${r}`, log);
 * ```
 */
export async function runRotatingRounds(
  sides: readonly LoadSide[],
  sizes: { readonly requests: number; readonly rounds: number; readonly warmup: number },
  concurrency: number,
  roundLabel: (round: number) => string,
  log: (line: string) => void,
): Promise<void> {
  for (const side of sides) await runLoad(side.request, sizes.warmup, concurrency);
  for (let round = 0; round < sizes.rounds; round++) {
    for (let i = 0; i < sides.length; i++) {
      const side = sides[(round + i) % sides.length] as LoadSide;
      side.results.push(await runLoad(side.request, sizes.requests, concurrency));
    }
    log(`${roundLabel(round + 1)}: ${sides.map((side) => `${side.name} ${Math.round(side.results[round]?.rate ?? 0)} req/s`).join(', ')}`);
  }
}
