/**
 * The secrets audit: every operation through its public function against the simulator (normally,
 * under every REST fault, and with a transport that echoes the whole request back), and a user data
 * stream through every websocket and REST fault. Everything that came out is scanned: errors,
 * results, lifecycle events and diagnostics, and all that was written to the console, stdout and
 * stderr. No api key, secret key, signature sent or fund password may show anywhere (a result
 * may hold keys, only not the callers' secrets); a listen key shows only masked in lifecycle
 * events and diagnostics. And plain http:// or ws:// to a host other than loopback is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { lastValueFrom, toArray, type Observable, type Subscription } from 'rxjs';
import { createClient, endpointTable, userDataStream, ValidationError, type UserDataEvent } from '../../src/index.js';
import type { FaultKind, MalformedKind } from '../../src/simulator/index.js';
import { PROTOBUF_CHANNELS } from '../../src/stream/channels.js';
import { leaks, shownTexts } from '../support/secrets.js';
import { startAuditWorld, FUND_PASSWORD, type AuditWorld, type EchoMode } from './support/audit-world.js';
import { captureOutput, type OutputCapture } from './support/capture.js';
import { guardAgainstCrashes } from './support/crash-guard.js';
import { SECOND } from './support/row.js';

guardAgainstCrashes();

const REST_FAULTS: readonly FaultKind[] = ['drop', 'status-500', 'drop-after-commit', 'status-500-after-commit', 'refuse', 'status-429', 'hang'];
const ECHOES: readonly EchoMode[] = ['network-error', 'error-body'];

let world: AuditWorld;
let output: OutputCapture;
/** Errors, lifecycle events and diagnostics: nothing secret may show in them. */
const shown: unknown[] = [];
/** Results of successful calls: they may hold keys (a key just created), not the callers' secrets. */
const results: unknown[] = [];
const streamEvents: UserDataEvent[] = [];

const CAPTURE_CHECK = 'output capture check';

beforeAll(async () => {
  output = captureOutput();
  // Proof that the capture hears both the console and the streams (nothing visible is printed).
  console.info(CAPTURE_CHECK);
  process.stderr.write('');
  world = await startAuditWorld();
});
afterAll(async () => {
  output.restore();
  await world.sim.close();
});

let calls = 0;

/** Runs a call to its end, keeping what it gave or the error it failed with. */
async function run(call: () => Observable<unknown>): Promise<'value' | 'error'> {
  calls += 1;
  try {
    results.push(await lastValueFrom(call().pipe(toArray())));
    return 'value';
  } catch (error: unknown) {
    shown.push(error);
    return 'error';
  }
}

/** Runs calls together to their ends, the simulator's clock moved for their retries and pauses. */
async function runAll(all: readonly (() => Observable<unknown>)[]): Promise<('value' | 'error')[]> {
  let ended = 0;
  const outcomes = Promise.all(all.map((call) => run(call).finally(() => (ended += 1))));
  await world.drive.until('every call to end', () => ended === all.length);
  return outcomes;
}

/**
 * Every operation at once, each with `fault` armed first (or none). A `hang` is ended only by the
 * timeout, so its round uses the calls that give up fast; every other round's calls are patient.
 */
async function everyOperation(fault: FaultKind | undefined): Promise<('value' | 'error')[]> {
  world.sim.faults.clear();
  const operations = fault === 'hang' ? world.hastyOperations : world.operations;
  if (fault !== undefined) for (const [id] of operations) world.sim.faults.next(id, fault);
  const outcomes = await runAll(operations.map(([, call]) => call));
  world.sim.faults.clear();
  return outcomes;
}

/** The secrets of the callers: api keys, secret keys, every signature sent, the fund password. */
function secrets(): string[] {
  return [...world.credentials.flatMap((c) => [c.apiKey, c.secretKey]), ...world.signatures, FUND_PASSWORD, FUND_PASSWORD.toUpperCase()];
}

/** Every listen key the simulator ever issued. */
function listenKeys(): string[] {
  return [...world.listenKeys];
}

describe('secrets audit', () => {
  it('every operation, normally and under every REST fault: errors and output show no secret', async () => {
    const normal = await everyOperation(undefined);
    // Only the calls that name a key that does not exist fail.
    const failed = world.operations.filter((_op, i) => normal[i] === 'error').map(([id]) => id);
    expect(failed.sort()).toEqual(['B7', 'L3', 'L4', 'M5']);
    for (const fault of REST_FAULTS) {
      const outcomes = await everyOperation(fault);
      // A refusal is never retried: every call fails with it (the others are partly retried away).
      if (fault === 'refuse') expect(outcomes.filter((o) => o !== 'error')).toEqual([]);
    }
    expect(world.signatures.length).toBeGreaterThan(endpointTable.length * (REST_FAULTS.length + 1));
    expect(leaks(shown, secrets())).toEqual([]);
    expect(leaks(results, secrets().filter((s) => !world.credentials.some((c) => c.apiKey === s)))).toEqual([]);
  });

  it.each(ECHOES)('every operation over a transport that echoes the request (%s): the echo is redacted', async (echo) => {
    const before = shown.length;
    world.echo = echo;
    try {
      const outcomes = await everyOperation(undefined);
      expect(outcomes.every((o) => o === 'error')).toBe(true);
    } finally {
      world.echo = 'off';
    }
    const echoed = shown.slice(before);
    // The echo did carry the request (its URL, redacted), and nothing secret survived it.
    expect(echoed.some((e) => shownTexts(e).some((t) => t.includes('signature=[redacted]')))).toBe(true);
    expect(leaks(echoed, secrets())).toEqual([]);
  });

  it('a user data stream through every fault: events and diagnostics show no secret, listen keys only masked', async () => {
    const { sim, clients } = world;
    const account = sim.master.name;
    let subscription: Subscription | undefined;
    try {
      subscription = userDataStream(clients.master, { keepAliveIntervalMs: 30 * SECOND, backoff: { initialDelayMs: 500, maxDelayMs: 2 * SECOND } }).subscribe({
        next: (event) => streamEvents.push(event),
        error: (error: unknown) => shown.push(error),
      });
      const count = (type: UserDataEvent['type']): number => streamEvents.filter((e) => e.type === type).length;
      const connected = (n: number): Promise<void> => world.drive.until(`connection ${n}`, () => count('connected') >= n);
      await connected(1);
      sim.market.runSession({ account, orders: 3, seed: 1 });
      for (const kind of ['protobuf', 'json', 'text', 'truncated', 'wrong-types', 'oversized', 'unknown-channel'] as MalformedKind[]) {
        sim.ws.sendMalformed({ account }, kind);
      }
      await world.drive.until('seven diagnostics', () => count('diagnostic') >= 7);
      sim.ws.drop({ account });
      await connected(2);
      sim.ws.stall({ account });
      await connected(3);
      const inUse = (): string => sim.ws.connections({ account, open: true }).at(-1)!.listenKey;
      sim.ws.expireKey(inUse());
      await connected(4);
      // Keepalives: refused, then failing over a transport that echoes the URL (with the key in it).
      sim.ws.refuseNextKeepAlive();
      await world.drive.until('a key replacement', () => count('key-replaced') >= 1);
      world.echo = 'network-error';
      await world.drive.until('a keepalive failing with an echo', () => streamEvents.filter((e) => e.type === 'diagnostic' && e.message.includes('ECONNRESET')).length >= 1);
      world.echo = 'off';
      for (const fault of ['status-429', 'status-500', 'hang'] as FaultKind[]) sim.faults.next('L3', fault);
      sim.ws.blockChannel(PROTOBUF_CHANNELS.deals);
      sim.ws.drop({ account });
      await connected(5);
      sim.ws.blockChannel(PROTOBUF_CHANNELS.deals, false);
      sim.faults.next('L1', 'status-500');
      sim.ws.expireKey(inUse());
      await connected(6);
      sim.market.runSession({ account, orders: 3, seed: 2 });
      await world.drive.settle();
    } finally {
      world.echo = 'off';
      subscription?.unsubscribe();
    }

    const lifecycle = streamEvents.filter((e) => e.type !== 'account' && e.type !== 'deal' && e.type !== 'order');
    const codes = new Set(lifecycle.flatMap((e) => (e.type === 'diagnostic' ? [e.code] : [])));
    // A replaced key's DELETE may meet the failing transport too (a `key-close-failed`, checked for leaks like the rest).
    expect([...codes].filter((code) => code !== 'key-close-failed').sort()).toEqual(['keepalive-failed', 'key-create-failed', 'malformed-frame', 'subscription-refused', 'unknown-frame']);
    expect(leaks([...lifecycle, ...shown], secrets())).toEqual([]);
    // Listen keys: never whole in a lifecycle event or a diagnostic, even when an error quoted one.
    const keys = listenKeys();
    expect(keys.length).toBeGreaterThan(3);
    expect(leaks(lifecycle, keys)).toEqual([]);
    const echoed = lifecycle.find((e) => e.type === 'diagnostic' && e.message.includes('ECONNRESET'));
    // The key is a secret of its own calls (L3, L4): their errors, quoting the URL, hold no part of it.
    expect(echoed?.type === 'diagnostic' && echoed.message).toMatch(/listenKey=…&/);
    for (const event of lifecycle) if (event.type === 'connected' || event.type === 'key-replaced') expect(event.listenKey).toMatch(/^\w{4}…\w{4}$/);
  });

  it('nothing written to the console, stdout or stderr showed a secret or a listen key', async () => {
    expect(output.items.slice(0, 2)).toEqual([[CAPTURE_CHECK], '']);
    expect(leaks(output.items, [...secrets(), ...listenKeys()])).toEqual([]);
    const figures = {
      operationCalls: calls,
      signaturesSent: world.signatures.length,
      credentials: world.credentials.length,
      errorsScanned: shown.length,
      resultsScanned: results.length,
      streamEventsScanned: streamEvents.length,
      outputItemsScanned: output.items.length,
      listenKeysChecked: listenKeys().length,
    };
    await mkdir('test-output/reliability', { recursive: true });
    await writeFile('test-output/reliability/secrets-audit.json', `${JSON.stringify(figures, null, 2)}\n`);
  });
});

describe('plain http:// and ws:// only to loopback', () => {
  const base = { apiKey: 'mx0vglAUDITxKEY', secretKey: 'audit-secret-key' };

  it.each([
    ['baseUrl', { baseUrl: 'http://api.example.com' }],
    ['wsUrl', { wsUrl: 'ws://stream.example.com/ws' }],
    ['baseUrl', { baseUrl: 'http://10.0.0.7:8080' }],
    ['wsUrl', { wsUrl: 'ws://192.168.1.20/ws' }],
  ] as const)('refuses %s %j unless allowInsecureHttp', (field, config) => {
    let refused: unknown;
    try {
      createClient({ ...base, ...config });
    } catch (error: unknown) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues.map((i) => i.field)).toEqual([field]);
    expect((refused as ValidationError).message).not.toContain(base.secretKey);
    expect(() => createClient({ ...base, ...config, allowInsecureHttp: true })).not.toThrow();
  });

  it.each([
    { baseUrl: 'https://api.example.com', wsUrl: 'wss://stream.example.com/ws' },
    { baseUrl: 'http://127.0.0.1:8080', wsUrl: 'ws://127.0.0.1:8080/ws' },
    { baseUrl: 'http://localhost:8080', wsUrl: 'ws://localhost/ws' },
    { baseUrl: 'http://[::1]:8080', wsUrl: 'ws://[::1]:8080/ws' },
  ])('accepts %j', (config) => {
    expect(createClient({ ...base, ...config }).wsUrl).toBe(config.wsUrl);
  });
});
