/**
 * `remoteListenKeys` in Node, as a page uses it: a fake window (an EventTarget for `pagehide` and
 * `pageshow`, and a location) and a user data stream on its keys, against the real broker (both
 * handler forms) and the simulator on a manual clock shared by the broker, the source and the
 * stream. The page has no lifecycle code: leaving closes its key, coming back from the
 * back-forward cache opens the stream again on a new key, and a key the broker closed while the
 * page was silent is replaced.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, type Subscription } from 'rxjs';
import { remoteListenKeys, userDataStream, ValidationError, type RemoteListenKeySource } from '../../src/index.js';
import { createListenKeyBroker, type ListenKeyBroker, type ListenKeyBrokerOptions } from '../../src/server/index.js';
import { FORMS, settledCount, startWorld, until, validKeys, type BrokerWorld, type Caller } from '../server/support.js';

const MINUTE = 60_000;

/** A window: its lifecycle events and its location. */
class FakePage extends EventTarget {
  constructor(readonly location: { readonly href: string }) {
    super();
  }

  leave(): void {
    this.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
  }

  comeBack(): void {
    this.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  }
}

/** A request the page sent, and whether its answer came. */
interface Sent {
  readonly method: string;
  readonly url: string;
  readonly keepalive: boolean;
  done: boolean;
  status: number | undefined;
}

let world: BrokerWorld | undefined;
let broker: ListenKeyBroker | undefined;
let caller: Caller | undefined;
let subscription: Subscription | undefined;

afterEach(async () => {
  subscription?.unsubscribe();
  await caller?.close();
  await broker?.close();
  await world?.sim.close();
  world = broker = caller = subscription = undefined;
});

describe.each(FORMS)('remoteListenKeys against the broker’s %s handler', (_form, reach) => {
  async function start(options: Partial<ListenKeyBrokerOptions> = {}, timeoutMs?: number): Promise<{ world: BrokerWorld; page: FakePage; keys: RemoteListenKeySource; sent: Sent[] }> {
    world = await startWorld();
    broker = createListenKeyBroker(world.client, { path: '/api/mexc', ...options });
    const reached = (caller = await reach(broker));
    const sent: Sent[] = [];
    const fetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
      const record: Sent = { method: init?.method ?? 'GET', url: String(input), keepalive: init?.keepalive === true, done: false, status: undefined };
      sent.push(record);
      try {
        const response = await reached.fetch(input, init);
        record.status = response.status;
        return response;
      } finally {
        record.done = true;
      }
    };
    const page = new FakePage({ href: `${reached.origin}/dashboard/index.html` });
    const keys = remoteListenKeys('/api/mexc', { fetch, page, scheduler: world.sim.scheduler, timeoutMs });
    return { world, page, keys, sent };
  }

  const allDone = (sent: readonly Sent[]): boolean => sent.every((s) => s.done);

  /** Waits (in real time, bounded) for `condition`, moving the shared clock 100 ms at a time meanwhile (a backoff on it runs out). */
  async function untilAdvancing(w: BrokerWorld, what: string, condition: () => boolean): Promise<void> {
    for (let steps = 0; !condition(); steps += 1) {
      if (steps > 1000) throw new Error(`timed out waiting for ${what}`);
      w.sim.clock.advance(100);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  function subscribedOn(w: BrokerWorld, key: string | undefined): boolean {
    return w.sim.ws.connections({ listenKey: key ?? '', open: true }).some((c) => c.channels.length === 3);
  }

  it('closes the key when the page is left, and opens the stream on a new key when it comes back from the cache', async () => {
    const { world: w, page, keys, sent } = await start();
    const events: string[] = [];
    subscription = userDataStream(keys, { wsUrl: w.sim.wsUrl, scheduler: w.sim.scheduler }).subscribe((event) => events.push(event.type));
    await until('one key', () => validKeys(w).length === 1);
    const [first] = validKeys(w);
    await until('the stream connected on it', () => subscribedOn(w, first) && events.includes('connected'));
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`POST ${caller?.origin ?? ''}/api/mexc/listen-key`]);

    page.leave();
    await until('the key closed on the way out', () => validKeys(w).length === 0 && allDone(sent));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([expect.objectContaining({ keepalive: true, status: 200 })]);

    page.comeBack();
    // The stream reconnects on a new key: at once, or after its backoff if it saw its socket end first.
    await untilAdvancing(w, 'a new key', () => validKeys(w).length === 1);
    const [second] = validKeys(w);
    expect(second).not.toBe(first);
    // Connected again on it: a reconnect if the stream saw its socket end first, else a key replacement.
    const reconnected = (): boolean => events.filter((type) => type === 'connected').length === 2 || events.includes('key-replaced');
    await until('the stream connected on the new key', () => subscribedOn(w, second) && reconnected());

    subscription.unsubscribe();
    await until('the new key closed when the stream stopped', () => validKeys(w).length === 0 && allDone(sent));
    expect(w.sim.admin.listenKey(second ?? '')?.closed).toBe(true);
    // The key closed on the way out is not DELETEd a second time when the stream lets it go.
    expect(sent.map((s) => `${s.method} ${s.status ?? 0}`)).toEqual(['POST 201', 'DELETE 200', 'POST 201', 'DELETE 200']);
  });

  it('renews its key at the interval the broker names, so the broker keeps it past idleCloseMs', async () => {
    const { world: w, keys, sent } = await start({ renewIntervalMs: MINUTE, idleCloseMs: 3 * MINUTE });
    const key = await firstValueFrom(keys.create());
    for (let minute = 1; minute <= 10; minute += 1) {
      w.sim.clock.advance(MINUTE);
      await until(`the renewal of minute ${minute}`, () => sent.filter((s) => s.method === 'PUT').length === minute && allDone(sent));
    }
    expect(sent.filter((s) => s.method === 'PUT').map((s) => s.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(settledCount(w, 'L4')).toBe(0);
    expect(validKeys(w)).toEqual([key]);
    // Closed by the stream: renewals stop.
    await firstValueFrom(keys.close(key), { defaultValue: undefined });
    w.sim.clock.advance(5 * MINUTE);
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(10);
    expect(validKeys(w)).toEqual([]);
  });

  it('reports a key the broker closed while the page was silent as revoked, and the stream replaces it', async () => {
    // The calls' bound is counted on the shared clock, which jumps 3 minutes below: the late
    // renewal's bound must outlast the jump, as a tab's does when it wakes (its timers restart).
    const { world: w, keys, sent } = await start({ renewIntervalMs: MINUTE, idleCloseMs: 3 * MINUTE }, 10 * MINUTE);
    const revoked: string[] = [];
    const watching = keys.revoked.subscribe((key) => revoked.push(key));
    const events: string[] = [];
    // No PING while the clock jumps 3 minutes at once (no PONG could come back meanwhile).
    subscription = userDataStream(keys, { wsUrl: w.sim.wsUrl, scheduler: w.sim.scheduler, pingIntervalMs: 10 * MINUTE }).subscribe((event) => events.push(event.type));
    subscription.add(watching);
    await until('one key', () => validKeys(w).length === 1);
    const [first] = validKeys(w);
    // Connected (its SUBSCRIPTION answered) before the clock moves: no timer of the connection's is left running.
    await until('the stream connected on it', () => subscribedOn(w, first) && events.includes('connected'));
    // A frozen tab: its renewal of the first minute reaches the broker only after the broker,
    // 3 minutes on, closed the silent key; it is told the key is gone.
    w.sim.clock.advance(3 * MINUTE);
    await until('the broker’s close of the silent key', () => settledCount(w, 'L4') === 1);
    await until('the late renewal refused', () => revoked.length === 1);
    expect(revoked).toEqual([first]);
    expect(sent.find((s) => s.method === 'PUT')?.status).toBe(404);
    // The stream replaces the key at once, or after its backoff if it saw its socket end first.
    await untilAdvancing(w, 'a new key', () => validKeys(w).length === 1 && validKeys(w)[0] !== first);
    await until('the stream subscribed on the new key', () => subscribedOn(w, validKeys(w)[0]));
  });

  it('waits to create a key while the page is hidden, until it is shown again', async () => {
    const { world: w, page, keys, sent } = await start();
    page.leave();
    let created: string | undefined;
    const creating = keys.create().subscribe((key) => (created = key));
    await Promise.resolve();
    expect(sent).toEqual([]);
    page.comeBack();
    await until('the key made once the page is shown', () => created !== undefined);
    expect(validKeys(w)).toEqual([created]);
    creating.unsubscribe();
  });
});

describe('remoteListenKeys where the page has no location', () => {
  it('fails a create with a ValidationError (which ends a stream), sending nothing', async () => {
    const sent: string[] = [];
    const keys = remoteListenKeys('/api/mexc', {
      fetch: (input) => {
        sent.push(String(input));
        return Promise.resolve(new Response('{}'));
      },
      page: new EventTarget(),
    });
    await expect(firstValueFrom(keys.create())).rejects.toBeInstanceOf(ValidationError);
    expect(sent).toEqual([]);
  });
});
