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
