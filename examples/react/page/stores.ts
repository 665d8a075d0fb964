/**
 * The page's state, made once, in a module of its own (not in a component): every component that
 * uses a store shares one subscription to the stream, one order book and one listen key.
 *
 * The page holds no API key or secret. Its listen keys come from the backend's broker
 * (`remoteListenKeys`, which also renews them and closes them when the page is left), and so do
 * the reads the state operators start from and repair from after a gap (`remoteRepairSources`).
 * In an app of your own, import from `mexc-rx` instead of the sources.
 */
import { from } from 'rxjs';
import {
  balanceSnapshots,
  reduceOrders,
  remoteListenKeys,
  remoteRepairSources,
  streamStatus,
  toStore,
  userDataStream,
  type StreamStatus,
} from '../../../src/index.js';

/** Where the backend mounted its broker (`createListenKeyBroker`'s `path`). */
const BROKER = '/api/mexc';

/** The websocket's URL, which the backend writes into the page (the real service's is `wss://wbs-api.mexc.com/ws`). */
function websocketUrl(): string {
  const url = document.querySelector<HTMLMetaElement>('meta[name="mexc-ws-url"]')?.content;
  if (url === undefined || url === '' || url.includes('%')) throw new Error('the page has no websocket URL (meta mexc-ws-url)');
  return url;
}

const repairs = remoteRepairSources(BROKER, { symbols: ['BTCUSDT'] });
const events$ = userDataStream(remoteListenKeys(BROKER), { wsUrl: websocketUrl() });

/** The sub-account's balances: `undefined` until the first snapshot. */
export const balances = toStore(events$.pipe(balanceSnapshots(repairs.balances)));

/** The sub-account's orders, open and recently finished: `undefined` until the first snapshot. */
export const orders = toStore(events$.pipe(reduceOrders(repairs.orders)));

/** The connection's state in one word; a gap is `stale` until the balances are read again. */
export const status = toStore(events$.pipe(streamStatus({ repairs: from(balances) })), { initial: 'connecting' as StreamStatus });
