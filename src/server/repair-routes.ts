/**
 * The broker's read-only routes for repairing a page's state after a gap: `{path}/balances` (A1,
 * `getAccount`) and `{path}/open-orders?symbols=A,B` (A2, `listOpenOrders` per pair), answered as
 * the state operators' seeds. Each read goes through the client's request budget; what a page may
 * ask is bounded (valid pairs, at most `maxSymbols`, only the configured ones when there are), and
 * so is how many reads run at once.
 *
 * @module
 */
import { firstValueFrom } from 'rxjs';
import type { Client } from '../client/types.js';
import { getAccount, listOpenOrders } from '../operations/account.js';
import { accountBalancesToSeeds, openOrdersToSeeds } from '../operators/account-seeds.js';
import { tradingSymbol } from '../params/fields.js';
import { SYMBOLS_PARAM, type BalancesAnswer, type OpenOrdersAnswer } from '../remote/protocol.js';
import { jsonResponse, refusal } from './responses.js';
import { upstreamRefusal } from './upstream.js';

/** What a read is answered from. */
export interface RepairContext {
  readonly client: Client;
  /** The pairs a page may read; `undefined`: whichever it names. */
  readonly symbols: readonly string[] | undefined;
  readonly maxSymbols: number;
  readonly reads: ReadGate;
}

/** How many reads may run at once. */
export class ReadGate {
  private running = 0;

  constructor(private readonly max: number) {}

  /** Runs `read` if there is room, else answers 429. */
  async run(read: () => Promise<Response>): Promise<Response> {
    if (this.running >= this.max) return refusal('busy', `at most ${this.max} account reads run at once`, { retryAfterMs: 1000 });
    this.running += 1;
    try {
      return await read();
    } finally {
      this.running -= 1;
    }
  }
}

type SymbolsAsked = { readonly symbols: readonly string[] } | { readonly refused: Response };

function symbolsAsked(url: URL, context: RepairContext): SymbolsAsked {
  const names = [...url.searchParams.keys()];
  if (names.some((name) => name !== SYMBOLS_PARAM) || names.length > 1) return { refused: refusal('bad-request', `the only query parameter is ${SYMBOLS_PARAM}, once`) };
  const given = url.searchParams.get(SYMBOLS_PARAM);
  if (given === null) {
    if (context.symbols !== undefined) return { symbols: context.symbols };
    return { refused: refusal('bad-request', `name the trading pairs: ?${SYMBOLS_PARAM}=BTCUSDT,ETHUSDT`) };
  }
  const symbols = given.split(',');
  if (symbols.length > context.maxSymbols) return { refused: refusal('bad-request', `at most ${context.maxSymbols} trading pairs per read`) };
  if (!symbols.every((symbol) => tradingSymbol.is(symbol)) || new Set(symbols).size !== symbols.length) {
    return { refused: refusal('bad-request', `${SYMBOLS_PARAM}: trading pairs (${tradingSymbol.name}), comma-separated, none twice`) };
  }
  const allowed = context.symbols;
  if (allowed !== undefined && !symbols.every((symbol) => allowed.includes(symbol))) return { refused: refusal('bad-request', `${SYMBOLS_PARAM}: a pair this broker does not serve`) };
  return { symbols };
}

/**
 * `GET {path}/balances`: the account's balances as `balanceSnapshots` seeds.
 *
 * @example
 * ```ts
 * if (pathname === `${path}/balances`) return balancesRoute(request, context, scheduler.now());
 * ```
 */
export function balancesRoute(request: Request, context: RepairContext, now: () => number): Promise<Response> {
  if (new URL(request.url).search !== '') return Promise.resolve(refusal('bad-request', 'the balances take no query'));
  return context.reads.run(async () => {
    try {
      const account = await firstValueFrom(getAccount(context.client));
      const answer: BalancesAnswer = { balances: accountBalancesToSeeds(account) };
      return jsonResponse(200, answer);
    } catch (error) {
      return upstreamRefusal(error, 'reading the balances', now());
    }
  });
}

/**
 * `GET {path}/open-orders?symbols=A,B`: the account's open orders of those pairs (else of the
 * configured ones) as `reduceOrders` seeds.
 *
 * @example
 * ```ts
 * if (pathname === `${path}/open-orders`) return openOrdersRoute(request, context, scheduler.now());
 * ```
 */
export function openOrdersRoute(request: Request, context: RepairContext, now: () => number): Promise<Response> {
  const asked = symbolsAsked(new URL(request.url), context);
  if ('refused' in asked) return Promise.resolve(asked.refused);
  return context.reads.run(async () => {
    try {
      const lists = await Promise.all(asked.symbols.map((symbol) => firstValueFrom(listOpenOrders(context.client, { symbol }))));
      const { seeds, unconverted } = openOrdersToSeeds(lists.flat());
      const answer: OpenOrdersAnswer = { symbols: asked.symbols, orders: seeds, unconverted: unconverted.length };
      return jsonResponse(200, answer);
    } catch (error) {
      return upstreamRefusal(error, 'reading the open orders', now());
    }
  });
}
