/**
 * The `handwritten` benchmark's pair for JSON numbers read exactly: `parseJsonExactly` (the
 * engine's `JSON.parse`, and for a body with a number a double would change, the same parse again
 * with those numbers marked) against `lossless-json`'s `parse` handing each number's text to the
 * same rule.
 *
 * @module
 */
import { parse as parseLossless } from 'lossless-json';
import { JsonNumberText, parseJsonExactly } from '../src/decimal/exact-json.js';
import { keepsValueAsDouble } from '../src/decimal/json-number.js';
import type { AccountEvent } from '../src/stream/events.js';
import { MarketWorkload } from './generators.js';
import { sameResults, versionOf, type CpuPair } from './handwritten-pair.js';

const SEED = 31;
/** Balances in one account body. */
const BALANCES_PER_BODY = 20;

/**
 * Account bodies as the service may send them with amounts as bare JSON numbers: every balance's
 * `free` with more digits than a double keeps (so every body takes the exact path), `locked` as
 * text, and the usual counts and times.
 */
function accountBodies(count: number): readonly string[] {
  const workload = new MarketWorkload({ seed: SEED });
  const bodies: string[] = [];
  while (bodies.length < count) {
    const balances: string[] = [];
    while (balances.length < BALANCES_PER_BODY) {
      const event = workload.next();
      if (event.type !== 'account') continue;
      const { asset, free, frozen } = event as AccountEvent;
      const exact = free.includes('.') ? `${free}00000000000000000001` : `${free}.00000000000000000001`;
      balances.push(`{"asset":"${asset}","free":${exact},"locked":"${frozen}"}`);
    }
    bodies.push(`{"makerCommission":0,"takerCommission":0,"canTrade":true,"updateTime":1736417034332,"accountType":"SPOT","balances":[${balances.join(',')}],"permissions":["SPOT"]}`);
  }
  return bodies;
}

/** The rule `parseJsonExactly` applies to each number, given to lossless-json. */
const exactNumber = (text: string): number | JsonNumberText => (keepsValueAsDouble(text) ? Number(text) : new JsonNumberText(text));

/** Counts what a parsed body holds, so that a pass returns a number depending on every result. */
function balancesIn(parsed: unknown): number {
  return (parsed as { readonly balances: readonly unknown[] }).balances.length;
}

/**
 * Exact JSON numbers: account bodies, each with numbers a double would change, parsed to values.
 *
 * @example
 * ```ts
 * const pair = exactJsonPair(2_000);
 * pair.verify();
 * ```
 */
export function exactJsonPair(count: number): CpuPair {
  const bodies = accountBodies(count);
  const lossless = (text: string): unknown => parseLossless(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
  return {
    piece: 'exact JSON numbers',
    label: `parseJsonExactly, ${count.toLocaleString('en-US')} account bodies of ${BALANCES_PER_BODY} balances, each with a number a double changes`,
    library: `lossless-json ${versionOf('lossless-json')} \`parse\` with the same rule per number`,
    unit: 'bodies',
    ops: bodies.length,
    ours: () => bodies.reduce((acc, body) => acc + balancesIn(parseJsonExactly(body)), 0),
    theirs: () => bodies.reduce((acc, body) => acc + balancesIn(lossless(body)), 0),
    verify: () => sameResults('exact JSON numbers', bodies, parseJsonExactly, lossless),
  };
}
