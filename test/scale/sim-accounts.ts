/**
 * Sub-accounts on the simulator for the scale and bridge tests: each funded, with its own API key
 * and a client acting as it (on the simulator's clock and scheduler).
 */
import { createClient, type Client, type ClientConfig } from '../../src/index.js';
import type { PushRecord, Simulator } from '../../src/simulator/index.js';

/**
 * Names `prefix` + a zero-padded number: 8 to 32 letters and digits, as the service wants.
 *
 * @example
 * ```ts
 * accountNames(2); // ['sub00000', 'sub00001']
 * ```
 */
export function accountNames(count: number, prefix = 'sub'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);
}

/**
 * A client of `sim` acting with the given key (`overrides` win).
 *
 * @example
 * ```ts
 * const client = simClient(sim, sim.admin.createApiKey('sub00000'));
 * ```
 */
export function simClient(sim: Simulator, keys: { readonly apiKey: string; readonly secretKey: string }, overrides: ClientConfig = {}): Client {
  return createClient({
    baseUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    apiKey: keys.apiKey,
    secretKey: keys.secretKey,
    clock: () => sim.clock.now(),
    scheduler: sim.scheduler,
    recvWindow: 60_000,
    ...overrides,
  });
}

/**
 * Creates `names` as broker sub-accounts (brokers have no sub-account limit), funds each with
 * USDT and BTC, and returns a client per account, by name.
 *
 * @example
 * ```ts
 * const clients = createSubAccounts(sim, accountNames(10));
 * ```
 */
export function createSubAccounts(sim: Simulator, names: readonly string[]): Map<string, Client> {
  const clients = new Map<string, Client>();
  for (const name of names) {
    sim.admin.createSubAccount(sim.broker.name, name);
    sim.admin.fund(name, 'USDT', '1000000');
    sim.admin.fund(name, 'BTC', '100');
    clients.set(name, simClient(sim, sim.admin.createApiKey(name)));
  }
  return clients;
}

/**
 * Waits (real time, polling every 5 ms) until `condition` holds; rejects after `timeoutMs` naming `what`.
 *
 * @example
 * ```ts
 * await waitUntil('ten events', () => events.length >= 10);
 * ```
 */
export async function waitUntil(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * A market event without its channel (to compare with the simulator's push log).
 *
 * @example
 * ```ts
 * expect(withoutChannel(event)).toEqual(push.event);
 * ```
 */
export function withoutChannel<E extends { readonly channel: unknown }>(event: E): Omit<E, 'channel'> {
  const { channel: _channel, ...rest } = event;
  return rest;
}

/**
 * The events the simulator pushed to at least one connection of `account` (funding before any connection is left out).
 *
 * @example
 * ```ts
 * deliveredPushes(sim, 'sub00000').map((r) => r.event);
 * ```
 */
export function deliveredPushes(sim: Simulator, account: string): PushRecord[] {
  return sim.ws.pushes(account).filter((r) => r.deliveries.length > 0);
}
