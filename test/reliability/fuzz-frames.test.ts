/**
 * Fuzzing the frame decoder: at least 10,000 seeded cases each of random bytes, mutated protobuf
 * frames and mutated JSON frames. The decoder must never throw, and must give back one of its typed
 * results; a frame it accepts must be a fully valid event, its decimals text of the shared vocabulary.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type MarketEvent } from '../../src/index.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { isDecimal, isNonNegativeDecimal } from '../../src/decimal/index.js';
import { type FrameResult } from '../../src/stream/frame-result.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { marketEventArbitrary } from '../stream/arbitraries.js';
import { byteEdits, mutateBytes } from '../stream/mutations.js';

const marketEvent = marketEventArbitrary();

const RUNS = 10_000;

/**
 * Decimal fields of each event kind: quantities and prices never negative; changes, fees and
 * balances signed (the service has sent a negative frozen amount).
 */
const DECIMAL_FIELDS: Readonly<Record<MarketEvent['type'], { readonly nonNegative: readonly string[]; readonly signed: readonly string[] }>> = {
  account: { nonNegative: [], signed: ['free', 'frozen', 'freeChange', 'frozenChange'] },
  deal: { nonNegative: ['price', 'quantity', 'amount'], signed: ['feeAmount'] },
  order: {
    nonNegative: ['price', 'quantity', 'amount', 'avgPrice', 'remainAmount', 'remainQuantity', 'lastDealQuantity', 'cumulativeQuantity', 'cumulativeAmount'],
    signed: [],
  },
};

/** Every decimal of an accepted event is text of the shared vocabulary (docs/concepts.md): the fields that are not. */
function decimalsOutsideVocabulary(event: MarketEvent): string[] {
  const fields = event as unknown as Readonly<Record<string, unknown>>;
  const { nonNegative, signed } = DECIMAL_FIELDS[event.type];
  const badNonNegative = nonNegative.filter((name) => {
    const value = fields[name];
    return (value !== undefined || name !== 'lastDealQuantity') && !(typeof value === 'string' && isNonNegativeDecimal(value));
  });
  return [...badNonNegative, ...signed.filter((name) => !isDecimal(String(fields[name])))];
}
const KINDS = new Set(['event', 'control', 'malformed', 'unknown']);

/** What is wrong with a result (nothing, for a typed result whose event, if any, is complete and normalized). */
function resultProblems(result: FrameResult): string[] {
  if (!KINDS.has(result.kind)) return ['its kind'];
  if (result.kind !== 'event') return [];
  const problems = decimalsOutsideVocabulary(result.event);
  if (!['account', 'deal', 'order'].includes(result.event.type)) problems.push('type');
  if (!Number.isSafeInteger(result.event.sendTime)) problems.push('sendTime');
  return problems;
}

/**
 * What a run saw, so the test can show the fuzzing reached every kind of result. `check` throws
 * (failing the run) on a result that breaks a rule; plain code, not matchers, since it runs
 * 10,000 times per test and a matcher builds an error with a stack trace at each call.
 */
function tally(): { seen: Map<string, number>; check: (result: FrameResult) => void } {
  const seen = new Map<string, number>();
  return {
    seen,
    check(result) {
      const problems = resultProblems(result);
      if (problems.length > 0) throw new Error(`a result breaking ${problems.join(', ')}: ${JSON.stringify(result)}`);
      seen.set(result.kind, (seen.get(result.kind) ?? 0) + 1);
    },
  };
}

describe('frame decoder fuzzing', () => {
  it(`never throws on ${RUNS} random byte strings`, () => {
    const { seen, check } = tally();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => check(decodeFrame(bytes))),
      { numRuns: RUNS, seed: 20261121 },
    );
    expect(seen.get('malformed')).toBeGreaterThan(RUNS / 2);
  });

  it(`never throws on ${RUNS} mutated protobuf frames, and accepts only valid events`, () => {
    const { seen, check } = tally();
    fc.assert(
      fc.property(marketEvent, byteEdits, (event, edits) => check(decodeFrame(mutateBytes(encodePushFrame(event), edits)))),
      { numRuns: RUNS, seed: 20261122 },
    );
    // Mutations both break frames and (changing a value byte inside a text) leave some valid.
    expect(seen.get('malformed')).toBeGreaterThan(0);
    expect(seen.get('event')).toBeGreaterThan(0);
  });

  it(`never throws on ${RUNS} mutated JSON frames`, () => {
    const { seen, check } = tally();
    const textEdits = fc.array(
      fc.record({ op: fc.constantFrom('replace', 'insert', 'delete', 'truncate'), at: fc.nat(), char: fc.string({ minLength: 1, maxLength: 3 }) }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(marketEvent, textEdits, (event, edits) => {
        let text = encodeJsonFrame(event);
        for (const { op, at, char } of edits) {
          const i = text.length === 0 ? 0 : at % text.length;
          if (op === 'replace') text = text.slice(0, i) + char + text.slice(i + 1);
          else if (op === 'insert') text = text.slice(0, i) + char + text.slice(i);
          else if (op === 'delete') text = text.slice(0, i) + text.slice(i + 1);
          else text = text.slice(0, i);
        }
        check(decodeFrame(text));
      }),
      { numRuns: RUNS, seed: 20261123 },
    );
    expect(seen.get('malformed')).toBeGreaterThan(0);
  });
});
