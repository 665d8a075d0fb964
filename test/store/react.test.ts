/**
 * @jest-environment jest-fixed-jsdom
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 *
 * The store the way React uses it: `useSyncExternalStore(store.subscribe, store.getSnapshot,
 * store.getServerSnapshot)` in a `StrictMode` tree rendered by react-dom (development build, in a
 * DOM), against the simulator on a manual clock. StrictMode mounts, unmounts and mounts again:
 * with the store's linger that is one listen key for the component's life (without it, two), the
 * live numbers are rendered, and the key is DELETEd once the linger has passed after unmounting.
 * Server rendering (`renderToString`) creates no key, and hydration takes the server snapshot.
 * (Modules resolve as on Node: the simulator and the client's websocket are Node's. jest's jsdom
 * environment leaves out Node's web globals, `TextDecoder`, `ReadableStream`, `fetch` and the rest,
 * which undici, the client's Node sender, needs when it loads: jest-fixed-jsdom puts them back.)
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, createElement, StrictMode, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { balanceSnapshots, createClient, toStore, userDataStream, type BalanceSnapshot, type Store } from '../../src/index.js';
import { createSimClock, startSimulator, type Simulator } from '../../src/simulator/index.js';
import { waitFor } from '../stream-integration/support.js';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const LINGER = 1000;

let sim: Simulator | undefined;
let root: Root | undefined;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(async () => {
  const mounted = root;
  root = undefined;
  if (mounted) act(() => mounted.unmount());
  await sim?.close();
  sim = undefined;
});

async function balanceStore(linger: number): Promise<{ readonly s: Simulator; readonly store: Store<BalanceSnapshot | undefined>; readonly account: string }> {
  const s = (sim = await startSimulator({ clock: createSimClock({ start: Date.UTC(2025, 2, 14, 12), realtime: false }) }));
  const client = createClient({
    baseUrl: s.restUrl,
    wsUrl: s.wsUrl,
    apiKey: s.master.apiKey,
    secretKey: s.master.secretKey,
    clock: () => s.clock.now(),
    scheduler: s.scheduler,
  });
  const store = toStore(userDataStream(client).pipe(balanceSnapshots()), { linger, scheduler: s.scheduler });
  return { s, store, account: s.master.name };
}

/** The component: the USDT balance, or `waiting` until there is one. */
function Balance({ store }: { readonly store: Store<BalanceSnapshot | undefined> }) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  return createElement('output', null, snapshot?.balances.get('USDT')?.free ?? 'waiting');
}

function strict(store: Store<BalanceSnapshot | undefined>) {
  return createElement(StrictMode, null, createElement(Balance, { store }));
}

/** Waits, inside act (React renders what the stream brings meanwhile), until `condition` holds. */
async function actUntil(what: string, condition: () => boolean): Promise<void> {
  await act(async () => waitFor(what, condition));
}

function mount(store: Store<BalanceSnapshot | undefined>): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const created = (root = createRoot(container));
  act(() => created.render(strict(store)));
  return container;
}

describe('useSyncExternalStore in StrictMode', () => {
  it('holds one listen key for the component’s life, renders live numbers, and DELETEs the key once linger has passed after unmount', async () => {
    const { s, store, account } = await balanceStore(LINGER);
    const container = mount(store);
    expect(container.textContent).toBe('waiting');
    await actUntil('the stream to subscribe', () => s.ws.connections({ account, open: true }).some((c) => c.channels.length === 3));

    s.admin.fund(account, 'USDT', '25');
    await actUntil('the balance to render', () => container.textContent !== 'waiting');
    const shown = Number(container.textContent);
    s.admin.fund(account, 'USDT', '5');
    await actUntil('the new balance to render', () => Number(container.textContent) === shown + 5);

    const keys = s.admin.listenKeys(account);
    expect(keys).toHaveLength(1);
    expect(keys[0]?.valid).toBe(true);

    const mounted = root!;
    root = undefined;
    act(() => mounted.unmount());
    act(() => s.clock.advance(LINGER - 1));
    expect(store.getStatus()).toBe('open');
    act(() => s.clock.advance(1));
    expect(store.getStatus()).toBe('idle');
    await waitFor('the key to be DELETEd', () => s.admin.listenKey(keys[0]!.key)?.closed === true);
    expect(s.admin.listenKeys(account)).toHaveLength(1);
  });

  it('without a linger, StrictMode’s second mount makes a second key (what the linger saves)', async () => {
    const { s, store, account } = await balanceStore(0);
    mount(store);
    await actUntil('two keys, the first DELETEd', () => s.admin.listenKeys(account).length === 2 && s.admin.listenKeys(account).some((k) => k.closed));
    expect(s.admin.listenKeys(account).filter((k) => k.valid)).toHaveLength(1);
  });
});

describe('server rendering', () => {
  it('renderToString shows the server snapshot and creates no listen key; hydration takes it, then subscribes', async () => {
    const { s, store, account } = await balanceStore(LINGER);
    const html = renderToString(strict(store));
    expect(html).toBe('<output>waiting</output>');
    expect(store.getStatus()).toBe('idle');
    expect(s.admin.listenKeys(account)).toHaveLength(0);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    act(() => {
      root = hydrateRoot(container, strict(store), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    await actUntil('the stream to subscribe', () => s.ws.connections({ account, open: true }).some((c) => c.channels.length === 3));
    expect(s.admin.listenKeys(account)).toHaveLength(1);
  });
});
