/**
 * Trading pairs of the market driver: a symbol such as `BTCUSDT` is a base asset followed by one
 * of the usual quote assets.
 *
 * @module
 */
import { tradingSymbol } from '../../params/fields.js';

/** A trading pair split into its assets. */
export interface SymbolInfo {
  /** The pair, e.g. `BTCUSDT`. */
  readonly symbol: string;
  /** What is bought and sold, e.g. `BTC`. */
  readonly baseAsset: string;
  /** What prices are in, e.g. `USDT`. */
  readonly quoteAsset: string;
}

/** Quote assets recognized at the end of a symbol, longest first where one ends another. */
export const QUOTE_ASSETS: readonly string[] = ['USDT', 'USDC', 'USDE', 'BUSD', 'TUSD', 'EUR', 'BRL', 'TRY', 'BTC', 'ETH', 'MX'];

/**
 * Splits a symbol into base and quote asset.
 *
 * @throws RangeError when the symbol is not upper-case letters and digits ending in a known quote asset.
 * @example
 * ```ts
 * parseSymbol('BTCUSDT'); // { symbol: 'BTCUSDT', baseAsset: 'BTC', quoteAsset: 'USDT' }
 * parseSymbol('ETHBTC'); // { symbol: 'ETHBTC', baseAsset: 'ETH', quoteAsset: 'BTC' }
 * ```
 */
export function parseSymbol(symbol: string): SymbolInfo {
  // The client's own rule for a symbol parameter (A2), so the two cannot drift.
  if (tradingSymbol.is(symbol)) {
    for (const quote of QUOTE_ASSETS) {
      if (symbol.length > quote.length && symbol.endsWith(quote)) {
        return { symbol, baseAsset: symbol.slice(0, -quote.length), quoteAsset: quote };
      }
    }
  }
  throw new RangeError(`not a known trading pair: ${JSON.stringify(symbol)} (expected a base asset followed by one of ${QUOTE_ASSETS.join(', ')})`);
}
