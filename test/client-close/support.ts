/**
 * Set-up of the close tests: a simulator whose clock stands still (the client's scheduler is the
 * simulator's, so nothing waited on it passes unless a test advances it), a client of it whose
 * `fetch` tells the test what went out, and the simulator's view of the listen keys.
 */
import { createClient, createRequestBudget, type Client, type ClientConfig, type FetchLike } from '../../src/index.js';
import { startSimulator, type ListenKeyView, type SimCredentials, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';

/** A simulator on a manual clock (`sim.clock.advance` moves it). */
export function startManualSim(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ ...options, realtime: false });
}

/** One request as it went out. */
export interface SentRequest {
  readonly method: string;
  readonly path: string;
  readonly listenKey: string | null;
}

/** A `fetch` to the simulator that records each request and lets a test await one. */
export interface WatchedFetch {
  readonly fetch: FetchLike;
  readonly sent: SentRequest[];
  /** Resolves once `count` requests of `method` to `path` (a listen-key row: `/api/v3/userDataStream`) have gone out. */
  until(method: string, path: string, count?: number): Promise<void>;
  /** How many requests of `method` to `path` went out. */
  count(method: string, path: string): number;
}

/** The path of the listen-key rows L1-L4. */
export const LISTEN_KEY_PATH = '/api/v3/userDataStream';

/**
 * Records and forwards every request to the global `fetch`.
 *
 * @example
 * ```ts
 * const watched = watchedFetch();
 * await watched.until('DELETE', LISTEN_KEY_PATH);
 * ```
 */
export function watchedFetch(): WatchedFetch {
  const sent: SentRequest[] = [];
  const waiters: { readonly method: string; readonly path: string; readonly count: number; readonly resolve: () => void }[] = [];
  const count = (method: string, path: string): number => sent.filter((r) => r.method === method && r.path === path).length;
  const wake = (): void => {
    for (const waiter of [...waiters]) {
      if (count(waiter.method, waiter.path) < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const fetch: FetchLike = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname, listenKey: url.searchParams.get('listenKey') });
    wake();
    return globalThis.fetch(request);
  };
  return {
    fetch,
    sent,
    count,
    until: (method, path, wanted = 1) =>
      new Promise<void>((resolve) => {
        waiters.push({ method, path, count: wanted, resolve });
        wake();
      }),
  };
}

/**
 * A client of `sim` acting as `keys` (the master by default), on its clock and scheduler, with a
 * request budget of its own, retries at once (no backoff on the standing clock) and `watched` as
 * its `fetch`.
 */
export function closeTestClient(sim: Simulator, watched: WatchedFetch, keys: Pick<SimCredentials, 'apiKey' | 'secretKey'> = sim.master, overrides: ClientConfig = {}): Client {
  return createClient({
    baseUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    apiKey: keys.apiKey,
    secretKey: keys.secretKey,
    clock: () => sim.clock.now(),
    scheduler: sim.scheduler,
    recvWindow: 60_000,
    fetch: watched.fetch,
    transport: 'fetch',
    budget: createRequestBudget({ scheduler: sim.scheduler }),
    retry: { baseDelayMs: 0 },
    ...overrides,
  });
}

/** The listen keys of `account` still valid on the simulator. */
export function validKeys(sim: Simulator, account: string): readonly ListenKeyView[] {
  return sim.admin.listenKeys(account).filter((key) => key.valid);
}
