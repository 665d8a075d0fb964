/**
 * A scripted trading session for one account, the same every time for the same seed and starting
 * balances: it places `orders` LIMIT orders around a drifting mid price on one symbol, and lets
 * each one be filled (in one to three parts), partly filled then canceled, or canceled. One step
 * is one action; a session of N orders takes at most 5N steps.
 *
 * @module
 */
import type { Side } from '../../stream/events.js';
import { decimal } from '../../decimal/fixed.js';
import { freeBalance } from '../ledger.js';
import type { OrderRecord, World } from '../state.js';
import { randomInt, seededRandom } from './random.js';
import { parseSymbol } from './symbols.js';

/** Settings of a session. */
export interface SessionOptions {
  /** The account that trades (name or uid). */
  readonly account: string;
  /** How many orders to place, 1 to 100000. */
  readonly orders: number;
  /** Seed of the script. */
  readonly seed: number;
  /** Trading pair. Default `BTCUSDT`. */
  readonly symbol?: string;
  /** Starting mid price, decimal text with at most 2 fraction digits. Default `30000`. */
  readonly midPrice?: string;
  /** Largest order quantity, decimal text with at most 4 fraction digits. Default `0.05`. */
  readonly maxQuantity?: string;
}

/** What a session did. */
export interface SessionSummary {
  /** Actions taken. */
  readonly steps: number;
  /** Ids of the orders placed, in order. */
  readonly orderIds: readonly string[];
  /** Fills made (deals). */
  readonly fills: number;
  /** Cancels made. */
  readonly cancels: number;
  /** Orders not placed because neither side was affordable. */
  readonly skipped: number;
}

/** What a session acts through: the market driver's order operations. */
export interface SessionActions {
  readonly world: World;
  place(uid: string, req: { symbol: string; side: Side; price: string; quantity: string; clientOrderId: string | undefined }): OrderRecord;
  fill(orderId: string, quantity: bigint | undefined): void;
  cancel(orderId: string): void;
}

/** A session, one step at a time. */
export interface SessionScript {
  /** Takes the next action; `false` when the session is over (nothing was done). */
  step(): boolean;
  /** What the session did so far. */
  summary(): SessionSummary;
}

type Fate = 'fill' | 'partial-cancel' | 'cancel';

interface OpenEntry {
  readonly id: string;
  readonly fate: Fate;
  fillsLeft: number;
}

const PRICE_TICK = 10n ** 28n; // 0.01
const QUANTITY_STEP = 10n ** 26n; // 0.0001
const MAX_OPEN = 4;

function ticksText(units: bigint, scaleDigits: number): string {
  const text = units.toString().padStart(scaleDigits + 1, '0');
  return `${text.slice(0, -scaleDigits)}.${text.slice(-scaleDigits)}`;
}

/**
 * Makes the script of a session for the account `uid`.
 *
 * @example
 * ```ts
 * const script = sessionScript(actions, uid, { account: 'simmaster', orders: 10, seed: 7 });
 * while (script.step()) {}
 * script.summary().orderIds.length; // 10, when balances allow
 * ```
 */
export function sessionScript(actions: SessionActions, uid: string, options: SessionOptions): SessionScript {
  if (!Number.isInteger(options.orders) || options.orders < 1 || options.orders > 100_000) {
    throw new RangeError('a session places 1 to 100000 orders');
  }
  const symbol = options.symbol ?? 'BTCUSDT';
  const { baseAsset, quoteAsset } = parseSymbol(symbol);
  const random = seededRandom(options.seed);
  const maxSteps = Number(decimal(options.maxQuantity ?? '0.05') / QUANTITY_STEP);
  if (maxSteps < 1) throw new RangeError('maxQuantity must be at least 0.0001');
  let mid = Number(decimal(options.midPrice ?? '30000') / PRICE_TICK);
  if (mid < 100) throw new RangeError('midPrice must be at least 1');
  const open: OpenEntry[] = [];
  const orderIds: string[] = [];
  let placed = 0;
  let steps = 0;
  let fills = 0;
  let cancels = 0;
  let skipped = 0;

  const affordable = (side: Side, price: bigint, quantity: bigint): boolean =>
    side === 'BUY'
      ? freeBalance(actions.world, uid, 'SPOT', quoteAsset) >= (price * quantity) / 10n ** 30n
      : freeBalance(actions.world, uid, 'SPOT', baseAsset) >= quantity;

  const place = (): void => {
    placed += 1;
    mid = Math.max(100, mid + Math.round((random() - 0.5) * mid * 0.002));
    const spread = Math.max(1, Math.floor(mid / 100));
    const priceTicks = BigInt(mid + randomInt(random, -spread, spread));
    const price = priceTicks * PRICE_TICK;
    const first: Side = random() < 0.5 ? 'BUY' : 'SELL';
    const roll = random();
    const fate: Fate = roll < 0.5 ? 'fill' : roll < 0.75 ? 'partial-cancel' : 'cancel';
    const fillsLeft = randomInt(random, 1, 3);
    let quantitySteps = BigInt(randomInt(random, 1, maxSteps));
    for (const side of [first, first === 'BUY' ? 'SELL' : 'BUY'] as const) {
      for (let halving = 0; halving < 5 && quantitySteps >= 1n; halving++) {
        const quantity = quantitySteps * QUANTITY_STEP;
        if (affordable(side, price, quantity)) {
          const order = actions.place(uid, {
            symbol,
            side,
            price: ticksText(priceTicks, 2),
            quantity: ticksText(quantitySteps, 4),
            clientOrderId: placed % 2 === 0 ? `s${options.seed}o${placed}` : undefined,
          });
          orderIds.push(order.id);
          open.push({ id: order.id, fate, fillsLeft });
          return;
        }
        quantitySteps /= 2n;
      }
      quantitySteps = BigInt(randomInt(random, 1, maxSteps));
    }
    skipped += 1;
  };

  const remainingSteps = (id: string): bigint => {
    const order = actions.world.orders.get(id);
    return order === undefined ? 0n : (order.quantity - order.filledQuantity) / QUANTITY_STEP;
  };

  const partialFill = (entry: OpenEntry): void => {
    const remaining = remainingSteps(entry.id);
    const part = BigInt(Math.floor(Number(remaining) * (0.2 + 0.6 * random())));
    const quantity = part < 1n ? 1n : part >= remaining ? remaining - 1n : part;
    actions.fill(entry.id, quantity * QUANTITY_STEP);
    fills += 1;
  };

  const act = (index: number): void => {
    const entry = open[index];
    if (entry === undefined) return;
    const order = actions.world.orders.get(entry.id);
    if (order === undefined || (order.status !== 'NEW' && order.status !== 'PARTIALLY_FILLED')) {
      // Someone else filled or canceled it: nothing left to do with it.
      open.splice(index, 1);
      return;
    }
    const canSplit = remainingSteps(entry.id) >= 2n;
    if (entry.fate === 'fill') {
      if (entry.fillsLeft > 1 && canSplit) {
        entry.fillsLeft -= 1;
        partialFill(entry);
        return;
      }
      actions.fill(entry.id, undefined);
      fills += 1;
    } else if (entry.fate === 'partial-cancel' && order.filledQuantity === 0n && canSplit) {
      partialFill(entry);
      return;
    } else {
      actions.cancel(entry.id);
      cancels += 1;
    }
    open.splice(index, 1);
  };

  return {
    step() {
      if (placed >= options.orders && open.length === 0) return false;
      steps += 1;
      if (placed < options.orders && (open.length === 0 || (open.length < MAX_OPEN && random() < 0.45))) place();
      else act(randomInt(random, 0, open.length - 1));
      return true;
    },
    summary: () => ({ steps, orderIds: [...orderIds], fills, cancels, skipped }),
  };
}
