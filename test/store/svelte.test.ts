/**
 * The store the way Svelte 5 uses it (`svelte/store`'s `get`, `derived`, `readable`): it is a
 * `Readable` as it is, gives its value synchronously, and makes no key churn: `get` while a
 * listener holds the subscription opens and closes nothing, and `get` with no listener opens the
 * source once, reused by every `get` within the linger (against the simulator: one listen key).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { Subject } from 'rxjs';
import { derived, get, readable, type Readable } from 'svelte/store';
import { createClient, toStore, userDataStream, type UserDataEvent } from '../../src/index.js';
import { createSimClock, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { waitFor } from '../stream-integration/support.js';
import { countedSource, manualTime } from './support.js';

describe('svelte/store over a store', () => {
  it('takes the store as a Readable, and get gives its value synchronously', () => {
    const source = countedSource<number>((subject) => subject.next(42));
    const store: Readable<number | undefined> = toStore(source.source$);
    expect(get(store)).toBe(42);
    expect(get(toStore(new Subject<string>(), { initial: 'nothing yet' }))).toBe('nothing yet');
  });

  it('get, while a listener holds the subscription, opens and closes nothing', () => {
    const { clock, scheduler } = manualTime();
    const source = countedSource<number>();
    const store = toStore(source.source$, { scheduler });
    store.subscribe(() => undefined);
    source.next(1);
    expect([get(store), get(store), get(store)]).toEqual([1, 1, 1]);
    clock.advance(10_000);
    expect(source.opened()).toBe(1);
    expect(source.closed()).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('get with no listener opens the source once; every get within the linger reuses it; after it, the next opens anew', () => {
    const { clock, scheduler } = manualTime();
    let value = 0;
    const source = countedSource<number>((subject) => subject.next(++value));
    const store = toStore(source.source$, { linger: 1000, scheduler });
    expect(get(store)).toBe(1);
    clock.advance(900);
    expect(get(store)).toBe(1);
    clock.advance(900);
    expect(get(store)).toBe(1);
    expect(source.opened()).toBe(1);
    clock.advance(1000);
    expect(source.closed()).toBe(1);
    expect(get(store)).toBe(2);
    expect(source.opened()).toBe(2);
  });

  it('derived gets the first value synchronously and every change, and a failing source stays out of it', () => {
    const source = countedSource<number>((subject) => subject.next(2));
    const store = toStore(source.source$, { initial: 0 });
    const doubled = derived(store, (n) => n * 2);
    const seen: number[] = [];
    const stop = doubled.subscribe((n) => seen.push(n));
    expect(seen).toEqual([4]);
    source.next(5);
    source.error(new Error('stream failed'));
    expect(seen.at(-1)).toBe(10);
    expect(get(doubled)).toBe(10);
    expect(store.getStatus()).toBe('errored');
    stop();
  });

  it('derived over the store and a readable (derived passes its invalidate callback to each) combines both at once', () => {
    const source = countedSource<number>((subject) => subject.next(1));
    const store = toStore(source.source$, { initial: 0 });
    const label = readable('USDT');
    const both = derived([store, label], ([n, name]) => `${n} ${name}`);
    const seen: string[] = [];
    both.subscribe((text) => seen.push(text));
    source.next(3);
    expect(seen).toEqual(['1 USDT', '3 USDT']);
    expect(source.opened()).toBe(1);
  });
});

describe('get on a store of the user data stream (simulator, manual clock)', () => {
  let sim: Simulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('makes one listen key, reused within the linger, and DELETEd after it', async () => {
    const s = (sim = await startSimulator({ clock: createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false }) }));
    const account = s.master.name;
    const client = createClient({
      baseUrl: s.restUrl,
      wsUrl: s.wsUrl,
      apiKey: s.master.apiKey,
      secretKey: s.master.secretKey,
      clock: () => s.clock.now(),
      scheduler: s.scheduler,
    });
    const events = toStore(userDataStream(client), { linger: 1000, scheduler: s.scheduler });
    const types = derived(events, (event: UserDataEvent | undefined) => event?.type ?? 'nothing yet');

    // With no listener, get opens the stream (the key is being made) and leaves it for the linger.
    expect(get(types)).toBe('nothing yet');
    // Reading the snapshot opens nothing: the one subscription is still the first get's.
    await waitFor('the stream to connect', () => events.getSnapshot()?.type === 'connected');
    expect(get(types)).toBe('connected');
    // A component holds it now; every get meanwhile reuses it.
    const stop = types.subscribe(() => undefined);
    s.clock.advance(5_000);
    expect([get(events)?.type, get(types)]).toEqual(['connected', 'connected']);
    expect(s.admin.listenKeys(account)).toHaveLength(1);
    stop();
    s.clock.advance(999);
    expect(get(types)).toBe('connected');
    s.clock.advance(1000);
    expect(events.getStatus()).toBe('idle');
    await waitFor('the key to be DELETEd', () => s.admin.listenKeys(account).every((k) => k.closed));
    expect(s.admin.listenKeys(account)).toHaveLength(1);
  });
});
