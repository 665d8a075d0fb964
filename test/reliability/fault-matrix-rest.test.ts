/**
 * Fault matrix, REST rows: 429 with Retry-After, 5XX and a response slower than the timeout, on
 * each REST call a stream depends on: creating the key (L1, a POST: not retried), keeping it alive
 * (L3, idempotent: retried), the balance resync after a gap (M8, a GET: retried) and closing the
 * key at the end (L4). Each row: no crash or unhandled rejection, the typed diagnostics expected,
 * and no committed state lost. The clients have the default request budget: a 429 is the
 * budget's, which pauses and sends the call again (any call: the refusal came before the service
 * acted) up to `resendsAfterRefusal` (3) times, where the retry policy takes the other faults.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { FAULT_RETRY_AFTER_SECONDS, type FaultKind } from '../../src/simulator/index.js';
import { guardAgainstCrashes } from './support/crash-guard.js';
import { expectNothingLost, settle } from './support/row-checks.js';
import { ACCOUNT, count, lifecycle, MINUTE, ofType, SECOND, startRow, trade, type Row, type SentRequest } from './support/row.js';

guardAgainstCrashes();

let row: Row | undefined;
afterEach(async () => {
  await row?.stop();
  row = undefined;
});

/**
 * Client timeout of the slow-response rows, ms. The client times a request out in real time; the
 * drive holds the simulator's clock still while a request is open, so these rows wait for it.
 */
const TIMEOUT_MS = 200;
/** Attempts of one call before it fails: the budget's first try and 3 resends for a 429, else the first try and 2 retries. */
const attemptsOf = (kind: FaultKind): number => (kind === 'status-429' ? 4 : 3);

const LISTEN_KEY_PATH = '/api/v3/userDataStream';
const ASSETS_PATH = '/api/v3/sub-account/asset';

function sent(r: Row, method: string, path: string): SentRequest[] {
  return r.requests.filter((q) => q.method === method && q.path === path);
}

/** The fault, how it reads in a diagnostic, and the client settings of the row. */
const faults: readonly [string, FaultKind, string, { timeout?: number }][] = [
  ['429 with Retry-After', 'status-429', 'service error 429 (HTTP 429)', {}],
  ['5XX', 'status-500', 'service error 500 (HTTP 500)', {}],
  ['a response slower than the timeout', 'hang', `no response within ${TIMEOUT_MS} ms`, { timeout: TIMEOUT_MS }],
];

describe.each(faults)('fault matrix: %s', (_name, kind, reads, client) => {
  it('on the keepalive (L3): retried, the key kept, nothing surfaces', async () => {
    const r = (row = await startRow({ client, stream: { keepAliveIntervalMs: 30 * SECOND }, before: (sim) => sim.faults.next('L3', kind) }));
    const session = r.sim.market.playSession({ account: ACCOUNT, orders: 30, seed: 41, intervalMs: 2 * SECOND });
    await r.drive.until('the retried keepalive', () => sent(r, 'PUT', LISTEN_KEY_PATH).length >= 2);
    await r.drive.advance(10 * SECOND);
    session.stop();
    await session.done;
    await settle(r);

    const [first, second] = sent(r, 'PUT', LISTEN_KEY_PATH);
    if (kind === 'status-429') expect(second!.at - first!.at).toBeGreaterThanOrEqual(FAULT_RETRY_AFTER_SECONDS * 1000);
    expect(r.sim.faults.pending('L3')).toEqual([]);
    expect(lifecycle(r)).toEqual(['connected']);
    const keys = r.sim.admin.listenKeys(ACCOUNT);
    expect(keys).toHaveLength(1);
    expect(keys[0]?.expiresAt).toBeGreaterThan(second!.at);
    const c = expectNothingLost(r);
    expect(c.received).toBe(c.pushed);
  });

  it('on every attempt of the keepalive: a diagnostic, the key replaced with overlap, no gap', async () => {
    const attempts = attemptsOf(kind);
    const r = (row = await startRow({ client, stream: { keepAliveIntervalMs: 30 * SECOND }, before: (sim) => sim.faults.next('L3', kind, attempts) }));
    const session = r.sim.market.playSession({ account: ACCOUNT, orders: 30, seed: 42, intervalMs: 2 * SECOND });
    await r.drive.until('the key replacement', () => count(r, 'key-replaced') === 1);
    session.stop();
    await session.done;
    await settle(r);

    expect(lifecycle(r)).toEqual(['connected', 'diagnostic:keepalive-failed', 'key-replaced']);
    expect(ofType(r, 'diagnostic')[0]?.message).toContain(reads);
    expect(sent(r, 'PUT', LISTEN_KEY_PATH)).toHaveLength(attempts);
    const c = expectNothingLost(r);
    expect(c.received).toBe(c.pushed);
  });

  it('on creating the key (L1, not retried): a diagnostic, another attempt later, connected; a 429 is sent again after its pause', async () => {
    const r = (row = await startRow({ client, before: (sim) => sim.faults.next('L1', kind) }));
    trade(r, 3, 43);
    await settle(r);

    const creations = sent(r, 'POST', LISTEN_KEY_PATH);
    expect(creations).toHaveLength(2);
    expect(r.sim.admin.listenKeys(ACCOUNT)).toHaveLength(1);
    expectNothingLost(r);
    if (kind === 'status-429') {
      // Refused before the service acted: the budget sends it again once the pause is over.
      expect(lifecycle(r)).toEqual(['connected']);
      expect(creations[1]!.at - creations[0]!.at).toBeGreaterThanOrEqual(FAULT_RETRY_AFTER_SECONDS * 1000);
      return;
    }
    expect(lifecycle(r)).toEqual(['diagnostic:key-create-failed', 'reconnecting', 'gap', 'connected']);
    expect(ofType(r, 'diagnostic')[0]?.message).toContain(reads);
    expect(ofType(r, 'reconnecting')[0]?.reason).toBe('key-unavailable');
  });

  it('on the balance resync after a gap (M8): retried, the balances fresh and right', async () => {
    const r = (row = await startRow({ client }));
    trade(r, 2, 44);
    await settle(r);
    const assetCalls = sent(r, 'GET', ASSETS_PATH).length;
    r.sim.faults.next('M8', kind);
    r.sim.ws.drop({ account: ACCOUNT });
    r.sim.admin.fund(ACCOUNT, 'USDT', '5');
    await r.drive.until('the reconnection', () => count(r, 'connected') === 2);
    trade(r, 2, 45);
    await settle(r);

    expect(sent(r, 'GET', ASSETS_PATH)).toHaveLength(assetCalls + 2);
    expect(r.sim.faults.pending('M8')).toEqual([]);
    expect(lifecycle(r)).toEqual(['connected', 'reconnecting', 'gap', 'connected']);
    expect(r.snapshots.balances?.cause === 'resync' || r.snapshots.balances?.cause === 'event').toBe(true);
    expect(expectNothingLost(r).missedInGaps).toBe(1);
  });

  it('on closing the key at the end (L4): nothing surfaces, nothing is left running', async () => {
    const r = (row = await startRow({ client }));
    trade(r, 2, 46);
    await settle(r);
    expectNothingLost(r);
    const attempts = attemptsOf(kind);
    r.sim.faults.next('L4', kind, attempts);
    const events = r.events.length;
    r.unsubscribe();
    await r.drive.until('every attempt to close the key', () => sent(r, 'DELETE', LISTEN_KEY_PATH).length === attempts);
    // A clock minute on (any retry left would be sent, any open request would end): nothing more.
    await r.drive.advance(MINUTE);

    expect(r.events).toHaveLength(events);
    expect(r.error).toBeUndefined();
    // The key was not closed: it expires by itself within the hour.
    expect(r.sim.admin.listenKeys(ACCOUNT)[0]?.closed).toBe(false);
    await r.drive.until('the socket to be closed', () => r.sim.ws.connections({ account: ACCOUNT, open: true }).length === 0);
  });
});
