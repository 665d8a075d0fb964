/**
 * The simulator for the end-to-end stream benchmark, in a child process: real-time clock, no
 * request budget, the master account funded to trade for hours. Sends {@link E2eServerInfo} to its
 * parent, then on each {@link E2ePushRequest} has the market driver trade on the master account,
 * paced (one step per `intervalMs` of real time) or all at once, and answers {@link E2ePushDone}
 * with the moment every data frame was handed to `ws`'s `send`: `process.hrtime` (the machine's
 * monotonic clock, the same in every process). (Taken after `send` returned, the stamp came later
 * than the raw client's arrival more often than not: framing and the write cost more than loopback.)
 *
 * The stamps come from wrapping the `send` of `ws`'s server-side sockets in this process (the
 * benchmark's own instrument; the simulator is not changed for it). Data frames are binary
 * (protobuf channels); replies to the client (PONG, subscriptions) are text and are not stamped.
 *
 * @module
 */
import { WebSocket } from 'ws';
import { startSimulator } from '../src/simulator/index.js';

/** What the child tells its parent once listening. */
export interface E2eServerInfo {
  readonly type: 'ready';
  readonly restUrl: string;
  readonly wsUrl: string;
  readonly apiKey: string;
  readonly secretKey: string;
}

/** A trading run asked by the parent: `orders` orders of a seeded session, paced or at once. */
export interface E2ePushRequest {
  readonly type: 'push';
  readonly orders: number;
  readonly seed: number;
  /** Real ms between session steps, or `0`: every step at once, in one go. */
  readonly intervalMs: number;
}

/** The answer to an {@link E2ePushRequest}. */
export interface E2ePushDone {
  readonly type: 'pushed';
  /** When each binary frame was handed to `send`, ns of the monotonic clock, in sending order. */
  readonly sentAtNs: readonly number[];
  /** Why nothing was pushed: the stamps are only meaningful with exactly one connection open. */
  readonly refused?: string;
}

const LIFETIME_MS = 15 * 60_000;
/** How long a closing connection of the previous run may take to go. */
const SETTLE_MS = 5_000;

let stamps: number[] | undefined;
const send = WebSocket.prototype.send as (this: WebSocket, ...args: unknown[]) => void;
function stampedSend(this: WebSocket, ...args: unknown[]): void {
  if (stamps !== undefined && typeof args[0] !== 'string') stamps.push(Number(process.hrtime.bigint()));
  send.apply(this, args);
}
WebSocket.prototype.send = stampedSend as WebSocket['send'];

const sim = await startSimulator({
  realtime: true,
  rateLimit: false,
  ws: { pushLogLimit: 1 },
  master: { balances: { USDT: '1000000000000', BTC: '100000000' } },
});

const stop = (code: number): void => {
  void sim.close().then(() => process.exit(code));
};
process.on('disconnect', () => stop(0));
setTimeout(() => stop(1), LIFETIME_MS).unref();

process.on('message', (message: E2ePushRequest) => {
  if (message.type !== 'push') return;
  void (async () => {
    const settleBy = performance.now() + SETTLE_MS;
    while (sim.ws.connections({ open: true }).length !== 1 && performance.now() < settleBy) await new Promise((resolve) => setTimeout(resolve, 2));
    const open = sim.ws.connections({ open: true }).length;
    if (open !== 1) {
      const refused: E2ePushDone = { type: 'pushed', sentAtNs: [], refused: `${open} connections are open, not 1` };
      process.send?.(refused);
      return;
    }
    const sent: number[] = [];
    stamps = sent;
    const session = { account: sim.master.name, orders: message.orders, seed: message.seed };
    if (message.intervalMs > 0) await sim.market.playSession({ ...session, intervalMs: message.intervalMs }).done;
    else sim.market.runSession(session);
    stamps = undefined;
    const done: E2ePushDone = { type: 'pushed', sentAtNs: sent };
    process.send?.(done);
  })();
});

const info: E2eServerInfo = { type: 'ready', restUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey };
if (process.send) process.send(info);
else stop(1);
