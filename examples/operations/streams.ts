/**
 * The streams: one client per sub-account, each with its own key and the example's meter
 * provider, all run by one `userDataStreams`, with a subscriber that counts what it receives.
 */
import { BehaviorSubject, filter, firstValueFrom, timeout } from 'rxjs';
import { createClient, userDataStreams, type Client, type UserDataStreams } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import type { SubAccount } from './accounts.js';
import { deliveredTally, type DeliveredCounts } from './delivered.js';
import type { MetricsEndpoint } from './metrics.js';

/** The running streams of every sub-account. */
export interface RunningStreams {
  /** The merged streams: their `health()` feeds the health handler. */
  readonly events$: UserDataStreams;
  /** Market events the subscriber received so far, per kind. */
  delivered(): DeliveredCounts;
  /** Resolves once every account's stream is live; rejects after `timeoutMs`. */
  whenLive(timeoutMs: number): Promise<void>;
  /** Stops every stream (each listen key DELETEd), then closes every client. */
  close(): Promise<void>;
}

/**
 * Starts one stream per account of `accounts` against `sim`, recording into `metrics`.
 *
 * @example
 * ```ts
 * const streams = runStreams(sim, accounts, metrics, console.error);
 * await streams.whenLive(30_000);
 * streams.delivered(); // { account: 0, deal: 0, order: 0 }
 * ```
 */
export function runStreams(sim: Simulator, accounts: readonly SubAccount[], metrics: Pick<MetricsEndpoint, 'meterProvider'>, report: (line: string) => void): RunningStreams {
  // Each account's client is made once: userDataStreams compares the map's values by reference.
  const clients = new Map<string, Client>(
    accounts.map(({ name, apiKey, secretKey }) => [name, createClient({ baseUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey, secretKey, meterProvider: metrics.meterProvider })]),
  );
  const events$ = userDataStreams(new BehaviorSubject<ReadonlyMap<string, Client>>(clients));
  const tally = deliveredTally();
  events$.subscribe({
    next: (tagged) => {
      tally.note(tagged);
      if (tagged.event.type === 'stopped' && tagged.event.reason === 'failed') report(`${tagged.account}: stream failed`);
    },
    error: (error: unknown) => report(`streams ended: ${error instanceof Error ? error.message : String(error)}`),
  });
  return {
    events$,
    delivered: () => tally.counts(),
    async whenLive(timeoutMs) {
      await firstValueFrom(events$.health().pipe(filter(({ summary }) => summary.live === clients.size), timeout({ first: timeoutMs })));
    },
    async close() {
      const { keysNotClosed } = await events$.close();
      if (keysNotClosed.length > 0) report(`${keysNotClosed.length} listen keys left valid`);
      await Promise.all([...clients.values()].map((client) => client.close()));
    },
  };
}
