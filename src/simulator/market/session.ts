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
import type { SimOrder, World } from '../state.js';
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
  place(uid: string, req: { symbol: string; side: Side; price: string; quantity: string; clientOrderId: string | undefined }): SimOrder;
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
  const maxSteps = Number(decimal(options.maxQuantity ?? '0.05') / QUANTITY_STEP);
  if (maxSteps < 1) throw new RangeError('maxQuantity must be at least 0.0001');
  const mid = Number(decimal(options.midPrice ?? '30000') / PRICE_TICK);
  if (mid < 100) throw new RangeError('midPrice must be at least 1');
  const session = new Session(actions, uid, options, maxSteps, mid);
  return { step: () => session.step(), summary: () => session.summary() };
}

/** A session's state and its moves; every random draw in the same order for the same seed. */
class Session {
  private readonly symbol: string;
  private readonly baseAsset: string;
  private readonly quoteAsset: string;
  private readonly random: () => number;
  private readonly open: OpenEntry[] = [];
  private readonly orderIds: string[] = [];
  private placed = 0;
  private steps = 0;
  private fills = 0;
  private cancels = 0;
  private skipped = 0;

  constructor(
    private readonly actions: SessionActions,
    private readonly uid: string,
    private readonly options: SessionOptions,
    private readonly maxSteps: number,
    private mid: number,
  ) {
    this.symbol = options.symbol ?? 'BTCUSDT';
    ({ baseAsset: this.baseAsset, quoteAsset: this.quoteAsset } = parseSymbol(this.symbol));
    this.random = seededRandom(options.seed);
  }

  step(): boolean {
    if (this.placed >= this.options.orders && this.open.length === 0) return false;
    this.steps += 1;
    if (this.placed < this.options.orders && (this.open.length === 0 || (this.open.length < MAX_OPEN && this.random() < 0.45))) this.place();
    else this.act(randomInt(this.random, 0, this.open.length - 1));
    return true;
  }

  summary(): SessionSummary {
    return { steps: this.steps, orderIds: [...this.orderIds], fills: this.fills, cancels: this.cancels, skipped: this.skipped };
  }

  private affordable(side: Side, price: bigint, quantity: bigint): boolean {
    return side === 'BUY'
      ? freeBalance(this.actions.world, this.uid, 'SPOT', this.quoteAsset) >= (price * quantity) / 10n ** 30n
      : freeBalance(this.actions.world, this.uid, 'SPOT', this.baseAsset) >= quantity;
  }

  private place(): void {
    const random = this.random;
    this.placed += 1;
    this.mid = Math.max(100, this.mid + Math.round((random() - 0.5) * this.mid * 0.002));
    const spread = Math.max(1, Math.floor(this.mid / 100));
    const priceTicks = BigInt(this.mid + randomInt(random, -spread, spread));
    const price = priceTicks * PRICE_TICK;
    const first: Side = random() < 0.5 ? 'BUY' : 'SELL';
    const roll = random();
    const fate: Fate = roll < 0.5 ? 'fill' : roll < 0.75 ? 'partial-cancel' : 'cancel';
    const fillsLeft = randomInt(random, 1, 3);
    let quantitySteps = BigInt(randomInt(random, 1, this.maxSteps));
    for (const side of [first, first === 'BUY' ? 'SELL' : 'BUY'] as const) {
      for (let halving = 0; halving < 5 && quantitySteps >= 1n; halving++) {
        const quantity = quantitySteps * QUANTITY_STEP;
        if (this.affordable(side, price, quantity)) {
          const order = this.actions.place(this.uid, {
            symbol: this.symbol,
            side,
            price: ticksText(priceTicks, 2),
            quantity: ticksText(quantitySteps, 4),
            clientOrderId: this.placed % 2 === 0 ? `s${this.options.seed}o${this.placed}` : undefined,
          });
          this.orderIds.push(order.id);
          this.open.push({ id: order.id, fate, fillsLeft });
          return;
        }
        quantitySteps /= 2n;
      }
      quantitySteps = BigInt(randomInt(random, 1, this.maxSteps));
    }
    this.skipped += 1;
  }

  private remainingSteps(id: string): bigint {
    const order = this.actions.world.orders.get(id);
    return order === undefined ? 0n : (order.quantity - order.filledQuantity) / QUANTITY_STEP;
  }

  private partialFill(entry: OpenEntry): void {
    const remaining = this.remainingSteps(entry.id);
    const part = BigInt(Math.floor(Number(remaining) * (0.2 + 0.6 * this.random())));
    const quantity = part < 1n ? 1n : part >= remaining ? remaining - 1n : part;
    this.actions.fill(entry.id, quantity * QUANTITY_STEP);
    this.fills += 1;
  }

  private act(index: number): void {
    const entry = this.open[index];
    if (entry === undefined) return;
    const order = this.actions.world.orders.get(entry.id);
    if (order === undefined || (order.status !== 'NEW' && order.status !== 'PARTIALLY_FILLED')) {
      // Someone else filled or canceled it: nothing left to do with it.
      this.open.splice(index, 1);
      return;
    }
    const canSplit = this.remainingSteps(entry.id) >= 2n;
    if (entry.fate === 'fill') {
      if (entry.fillsLeft > 1 && canSplit) {
        entry.fillsLeft -= 1;
        this.partialFill(entry);
        return;
      }
      this.actions.fill(entry.id, undefined);
      this.fills += 1;
    } else if (entry.fate === 'partial-cancel' && order.filledQuantity === 0n && canSplit) {
      this.partialFill(entry);
      return;
    } else {
      this.actions.cancel(entry.id);
      this.cancels += 1;
    }
    this.open.splice(index, 1);
  }
}
