/**
 * What the state pattern the docs show costs: the operators are cold, so each subscriber of
 * `events$.pipe(balanceSnapshots({ from: client }))` seeds itself with its own `getAccount`
 * (weight 10, at most two a second per account). Shared with `shareReplay({ bufferSize: 1,
 * refCount: true })`, as docs/concepts.md shows it, a renderer and a `firstValueFrom` read one
 * seed between them. And `client.close()` completes the stream: a `firstValueFrom` still waiting
 * then resolves with its `defaultValue`, and without one rejects with rxjs's `EmptyError`. Reads
 * are counted on the requests the client sends to the simulator (on a manual clock: only the HTTP
 * and websocket traffic is waited for in real time).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { EmptyError, filter, firstValueFrom, share, shareReplay, type Observable } from 'rxjs';
import { balanceSnapshots, createClient, userDataStream, type BalanceSnapshot, type Client } from '../../src/index.js';
import { createSimClock, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { waitFor } from '../stream-integration/support.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/** A client of the simulator's master whose `getAccount` reads (GET /api/v3/account) are counted. */
async function countingClient(): Promise<{ readonly client: Client; readonly reads: () => number; readonly sim: Simulator }> {
  const started = (sim = await startSimulator({ clock: createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false }) }));
  let reads = 0;
  const client = createClient({
    baseUrl: started.restUrl,
    wsUrl: started.wsUrl,
    apiKey: started.master.apiKey,
    secretKey: started.master.secretKey,
    clock: () => started.clock.now(),
    scheduler: started.scheduler,
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/api/v3/account') reads += 1;
      return fetch(input, init);
    },
  });
  started.admin.fund(started.master.name, 'ETH', '5');
  return { client, reads: () => reads, sim: started };
}

/** A renderer and a `firstValueFrom` of the first fresh snapshot, both on `balances$`. */
async function renderAndRead(balances$: Observable<BalanceSnapshot>): Promise<{ readonly first: BalanceSnapshot; readonly rendered: BalanceSnapshot }> {
  const seen: BalanceSnapshot[] = [];
  const render = balances$.subscribe((snapshot) => seen.push(snapshot));
  const first = await firstValueFrom(balances$.pipe(filter((snapshot) => !snapshot.stale)));
  await waitFor('the renderer to see a fresh snapshot', () => seen.some((snapshot) => !snapshot.stale));
  render.unsubscribe();
  const rendered = seen.find((snapshot) => !snapshot.stale);
  if (rendered === undefined) throw new Error('the renderer saw no fresh snapshot');
  return { first, rendered };
}

describe('state for two subscribers', () => {
  it('costs one getAccount shared as docs/concepts.md shows it', async () => {
    const { client, reads } = await countingClient();
    const events$ = userDataStream(client).pipe(share());
    const balances$ = events$.pipe(balanceSnapshots({ from: client }), shareReplay({ bufferSize: 1, refCount: true }));
    const { first, rendered } = await renderAndRead(balances$);
    expect(first.balances.get('ETH')?.free).toBe('5');
    expect(rendered).toBe(first);
    expect(reads()).toBe(1);
    await client.close();
  });

  it('costs one getAccount per subscriber unshared', async () => {
    const { client, reads } = await countingClient();
    const events$ = userDataStream(client).pipe(share());
    const balances$ = events$.pipe(balanceSnapshots({ from: client }));
    const { first, rendered } = await renderAndRead(balances$);
    expect(first.balances.get('ETH')?.free).toBe('5');
    expect(rendered.balances.get('ETH')?.free).toBe('5');
    expect(reads()).toBe(2);
    await client.close();
  });
});

describe('a firstValueFrom of the stream pending at client.close()', () => {
  it('resolves with its defaultValue, and rejects with EmptyError without one', async () => {
    const { client } = await countingClient();
    const events$ = userDataStream(client).pipe(share());
    const withDefault = firstValueFrom(events$.pipe(filter((event) => event.type === 'deal')), { defaultValue: undefined });
    // Its rejection is taken at once: left unhandled until after the close, it would end the process.
    const without = firstValueFrom(events$.pipe(filter((event) => event.type === 'deal'))).then(() => 'resolved', (error: unknown) => error);
    await firstValueFrom(events$.pipe(filter((event) => event.type === 'connected')));
    await client.close();
    await expect(withDefault).resolves.toBeUndefined();
    expect(await without).toBeInstanceOf(EmptyError);
  });
});
