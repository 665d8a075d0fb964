/**
 * The program's stream steps inside a runtime, with default settings: the master's user data
 * stream to a decoded account event with the stream's status; then its connection dropped while an
 * order is placed (its push lost), the gap reported and repaired from the account
 * (`balanceSnapshots({ from: client })`, whose fresh snapshot ends `stale` in `streamStatus`).
 *
 * @module
 */
import { shareReplay, Subscription, type Observable } from 'rxjs';
import type * as Root from '../../../src/index.js';
import { control, until } from './kit.js';
import type { ScenarioEnv } from './protocol.js';

type RootModule = typeof Root;

/** What the stream's subscribers saw. */
export interface StreamWatch {
  readonly events$: Root.UserDataStream;
  /** The balances, shared with the latest replayed: the repair signal of the status and of the health (subscribed later). */
  readonly balances$: Observable<Root.BalanceSnapshot>;
  readonly events: Root.UserDataEvent[];
  readonly statuses: Root.StreamStatus[];
  readonly balances: Root.BalanceSnapshot[];
  readonly subscriptions: Subscription;
  error: unknown;
}

/** Subscribes the stream, its status (repaired by the balances) and the balances. */
export function watchStream(root: RootModule, client: Root.Client): StreamWatch {
  const events$ = root.userDataStream(client);
  const balances$ = events$.pipe(root.balanceSnapshots({ from: client }), shareReplay({ bufferSize: 1, refCount: true }));
  const watch: StreamWatch = { events$, balances$, events: [], statuses: [], balances: [], subscriptions: new Subscription(), error: undefined };
  const failed = (error: unknown): void => {
    watch.error ??= error;
  };
  watch.subscriptions.add(events$.subscribe({ next: (event) => watch.events.push(event), error: failed }));
  watch.subscriptions.add(balances$.subscribe({ next: (snapshot) => watch.balances.push(snapshot), error: failed }));
  watch.subscriptions.add(events$.pipe(root.streamStatus({ repairs: balances$ })).subscribe({ next: (status) => watch.statuses.push(status), error: failed }));
  return watch;
}

/** The stream's lifecycle events and statuses so far, for a step that timed out. */
function lifecycleOf(watch: StreamWatch): () => unknown {
  return () => ({ events: watch.events.filter((event) => event.type !== 'account' && event.type !== 'order' && event.type !== 'deal'), statuses: watch.statuses });
}

function healthy(watch: StreamWatch): boolean {
  if (watch.error !== undefined) throw watch.error;
  return true;
}

/** A balance as plain data. */
function balanceOf(snapshot: Root.BalanceSnapshot | undefined, asset: string): { free: string; frozen: string } | undefined {
  const held = snapshot?.balances.get(asset);
  return held === undefined ? undefined : { free: held.free, frozen: held.frozen };
}

/** Step `stream`: connected, live, and an account event decoded after an order locks USDT. */
export async function streamStep(env: ScenarioEnv, watch: StreamWatch): Promise<unknown> {
  await until('the first connection', () => healthy(watch) && watch.events.some((event) => event.type === 'connected'), lifecycleOf(watch));
  await until("the status 'live'", () => healthy(watch) && watch.statuses.at(-1) === 'live', lifecycleOf(watch));
  await until('the balances seeded from the account', () => watch.balances.some((snapshot) => !snapshot.stale), lifecycleOf(watch));
  const placed = await control(env, 'place-order');
  await until('an account event', () => healthy(watch) && watch.events.some((event) => event.type === 'account'), lifecycleOf(watch));
  const account = watch.events.find((event): event is Root.AccountEvent => event.type === 'account');
  const connected = watch.events.find((event): event is Root.ConnectedEvent => event.type === 'connected');
  return {
    placed,
    connected: { connection: connected?.connection, listenKey: connected?.listenKey },
    account: { asset: account?.asset, free: account?.free, frozen: account?.frozen, channel: account?.channel },
    statuses: [...watch.statuses],
  };
}

/** Step `gap`: the connection dropped while an order is placed; the gap, its repair, live again. */
export async function gapStep(env: ScenarioEnv, watch: StreamWatch): Promise<unknown> {
  const firstEvent = watch.events.length;
  const firstStatus = watch.statuses.length;
  const firstBalance = watch.balances.length;
  const placed = await control(env, 'drop-and-place');
  await until('a gap event', () => healthy(watch) && watch.events.slice(firstEvent).some((event) => event.type === 'gap'), lifecycleOf(watch));
  const repaired = (): boolean => {
    const after = watch.balances.slice(firstBalance);
    return after.some((snapshot) => snapshot.cause === 'gap') && after.at(-1)?.cause === 'resync' && after.at(-1)?.stale === false;
  };
  await until('the balances repaired from the account', () => healthy(watch) && repaired(), lifecycleOf(watch));
  await until("the status 'live' again", () => healthy(watch) && watch.statuses.at(-1) === 'live', lifecycleOf(watch));
  const gap = watch.events.slice(firstEvent).find((event): event is Root.GapEvent => event.type === 'gap');
  const last = watch.balances.at(-1);
  return {
    placed,
    gap: { reason: gap?.reason, ordered: gap === undefined ? undefined : gap.from <= gap.to },
    lifecycle: watch.events.slice(firstEvent).flatMap((event) => (event.type === 'connected' || event.type === 'reconnecting' || event.type === 'gap' ? [event.type] : [])),
    statuses: watch.statuses.slice(firstStatus),
    balances: { USDT: balanceOf(last, 'USDT'), BTC: balanceOf(last, 'BTC') },
    cause: last?.cause,
  };
}
