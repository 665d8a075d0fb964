/**
 * The admin market driver (`sim.market`): places, fills and cancels LIMIT orders for an account,
 * so the user data stream has orders, deals and balance changes to push, all consistent with the
 * simulator's balances. Scripted sessions run at once or paced on the simulator's clock.
 *
 * @module
 */
import { findAccount } from '../accounts.js';
import type { SimClock } from '../clock.js';
import { decimal } from '../../decimal/fixed.js';
import type { World } from '../state.js';
import { orderView, type OrderView } from './order-view.js';
import { cancelOrder, fillOrder, placeOrder, type OrderRequest } from './orders.js';
import { sessionScript, type SessionActions, type SessionOptions, type SessionSummary } from './session.js';

/** An order to place through the market driver. */
export interface MarketOrderRequest extends OrderRequest {
  /** The account (name or uid). */
  readonly account: string;
}

/** A session paced on the clock. */
export interface SessionRun {
  /** Resolves with the summary once the session is over, stopped, or ended by a failing step. */
  readonly done: Promise<SessionSummary>;
  /** The error of the step that ended the session, if one did. */
  readonly error: unknown;
  /** Stops after the current step (the summary says how far it got). */
  stop(): void;
}

/** The market driver. Amounts are decimal text; an unknown account or order throws. */
export interface SimMarket {
  /** Fee charged on each fill, as a fraction of what the account receives (decimal text). */
  readonly feeRate: string;
  /** Places a LIMIT order (a buy locks `price * quantity` of quote, a sell `quantity` of base). */
  placeOrder(req: MarketOrderRequest): OrderView;
  /** Fills `quantity` (default: the rest) of an open order at its price. */
  fill(orderId: string, quantity?: string): OrderView;
  /** Cancels an open order, unlocking what it still holds. */
  cancel(orderId: string): OrderView;
  /** One order, or `undefined`. */
  order(orderId: string): OrderView | undefined;
  /** Every order (of one account when given), oldest first. */
  orders(account?: string): readonly OrderView[];
  /** Runs a whole scripted session now. */
  runSession(options: SessionOptions): SessionSummary;
  /** Runs a scripted session one step every `intervalMs` of clock time. */
  playSession(options: SessionOptions & { readonly intervalMs: number }): SessionRun;
  /** Stops every paced session (the simulator does this when it closes). */
  stopAll(): void;
}

/** What the market driver works on. */
export interface MarketDeps {
  readonly world: World;
  readonly clock: SimClock;
  /** Default `0.001`. */
  readonly feeRate?: string;
}

/**
 * Makes the market driver.
 *
 * @example
 * ```ts
 * const market = createMarket({ world, clock });
 * const order = market.placeOrder({ account: 'simmaster', symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
 * market.fill(order.orderId, '0.004');
 * market.cancel(order.orderId).status; // 'PARTIALLY_CANCELED'
 * ```
 */
export function createMarket(deps: MarketDeps): SimMarket {
  const { world, clock } = deps;
  const feeRateText = deps.feeRate ?? '0.001';
  const feeRate = decimal(feeRateText);
  if (feeRate < 0n || feeRate >= decimal('1')) throw new RangeError('feeRate must be at least 0 and below 1');
  const runs = new Set<() => void>();

  const uidOf = (ref: string): string => {
    const account = findAccount(world, ref);
    if (!account) throw new Error(`no such account: ${ref}`);
    return account.uid;
  };
  const actions: SessionActions = {
    world,
    place: (uid, req) => placeOrder(world, uid, req, clock.now()),
    fill: (id, quantity) => void fillOrder(world, id, quantity, feeRate, clock.now()),
    cancel: (id) => void cancelOrder(world, id, clock.now()),
  };

  return {
    feeRate: feeRateText,
    placeOrder: ({ account, ...req }) => orderView(placeOrder(world, uidOf(account), req, clock.now())),
    fill: (id, quantity) => orderView(fillOrder(world, id, quantity === undefined ? undefined : decimal(quantity), feeRate, clock.now())),
    cancel: (id) => orderView(cancelOrder(world, id, clock.now())),
    order(id) {
      const order = world.orders.get(id);
      return order && orderView(order);
    },
    orders(account) {
      const uid = account === undefined ? undefined : uidOf(account);
      return [...world.orders.values()].filter((o) => uid === undefined || o.uid === uid).map(orderView);
    },
    runSession(options) {
      const script = sessionScript(actions, uidOf(options.account), options);
      const bound = options.orders * 5 + 1;
      for (let i = 0; i < bound && script.step(); i++);
      return script.summary();
    },
    playSession(options) {
      if (!Number.isFinite(options.intervalMs) || options.intervalMs <= 0) throw new RangeError('intervalMs must be positive');
      const script = sessionScript(actions, uidOf(options.account), options);
      let cancelTimer: (() => void) | undefined;
      let finish: (summary: SessionSummary) => void = () => undefined;
      const done = new Promise<SessionSummary>((resolve) => (finish = resolve));
      const stop = (): void => {
        cancelTimer?.();
        cancelTimer = undefined;
        runs.delete(stop);
        finish(script.summary());
      };
      let error: unknown;
      const tick = (): void => {
        cancelTimer = undefined;
        let more = false;
        try {
          more = script.step();
        } catch (failure) {
          // A timer has no caller to throw to: the session ends and keeps the error.
          error = failure;
        }
        if (more) cancelTimer = clock.setTimer(options.intervalMs, tick);
        else stop();
      };
      runs.add(stop);
      cancelTimer = clock.setTimer(options.intervalMs, tick);
      return {
        done,
        stop,
        get error() {
          return error;
        },
      };
    },
    stopAll() {
      for (const stop of [...runs]) stop();
    },
  };
}
