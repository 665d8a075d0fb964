/**
 * One decimal vocabulary (docs/concepts.md, "Decimal text"): every place that reads decimal text
 * (parameters, REST decoding, both stream decoders, the bridge, the operators' arithmetic, the
 * simulator's amounts) accepts exactly the same texts, non-negative where the value is a quantity
 * or a balance and signed where it is a change. Each is checked against a reference written here
 * from the rule in words, over hand-picked and random texts.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import { AccountEventCodec, DealEventCodec } from '../../src/stream/event-codecs.js';
import { NonNegativeDecimalJson, SignedDecimalJson } from '../../src/decimal/codec.js';
import { isPositiveDecimal } from '../../src/decimal/text.js';
import { parseDecimal } from '../../src/decimal/fixed.js';
import { M6, M8 } from '../../src/endpoints/master.js';
import { paramFields } from '../../src/endpoints/endpoint.js';
import { addDecimal, isDecimal, isNonNegativeDecimal } from '../../src/decimal/index.js';
import { decodeWireParams } from '../../src/params/decode-wire.js';
import { encodeParams } from '../../src/params/validate.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { accountEvent, dealEvent } from '../stream/fixtures.js';

/** The rule in words, as code: digits (no leading zero but a lone 0), then optionally a point and digits. */
function reference(text: string, signed: boolean): boolean {
  const body = signed && text.startsWith('-') ? text.slice(1) : text;
  const [whole = '', fraction, ...rest] = body.split('.');
  const digits = (s: string): boolean => s.length > 0 && [...s].every((c) => c >= '0' && c <= '9');
  if (rest.length > 0 || !digits(whole) || (whole.length > 1 && whole.startsWith('0'))) return false;
  return fraction === undefined || digits(fraction);
}

const HAND_PICKED = [
  '0', '10', '0.5', '1.50', '21.94210356004384', '-0.25', '-0', '-0.0', '123456789012345678901234567890.5',
  '', ' ', ' 1', '1 ', '+1', '-', '.', '.5', '5.', '-.5', '007', '00', '01.5', '1e3', '1E-8', '1.5e+2',
  '0x10', 'NaN', 'Infinity', '1,5', '1..5', '1.2.3', '--1', '٣', '１',
];

/** Texts near the rule's edges: mostly digits, points, signs and exponent marks. */
const candidate = fc.oneof(
  fc.constantFrom(...HAND_PICKED),
  fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', ' '), maxLength: 8 }),
  fc.tuple(fc.constantFrom('', '-'), fc.nat({ max: 10_000 }), fc.option(fc.stringMatching(/^\d{1,8}$/))).map(
    ([sign, whole, fraction]) => `${sign}${whole}${fraction === null ? '' : `.${fraction}`}`,
  ),
);

/** Every reader of decimal text, as "does it accept this text", for non-negative and signed fields. */
const readers: Record<string, { readonly signed: boolean; readonly accepts: (text: string) => boolean }> = {
  'isNonNegativeDecimal (public)': { signed: false, accepts: isNonNegativeDecimal },
  'isDecimal (public)': { signed: true, accepts: isDecimal },
  'REST codec': { signed: false, accepts: (text) => isRight(NonNegativeDecimalJson.decode(text)) },
  'REST response M8 (balances.locked: a balance, which the service may report negative)': {
    signed: true,
    accepts: (text) => isRight(M8.response.decode({ balances: [{ asset: 'BTC', free: '0', locked: text }] })),
  },
  'JSON frame codec (signed fields)': { signed: true, accepts: (text) => isRight(SignedDecimalJson.decode(text)) },
  'protobuf frame, balanceAmount (a balance, which the service may send negative)': {
    signed: true,
    accepts: (text) => decodeFrame(encodePushFrame({ ...accountEvent, free: text })).kind === 'event',
  },
  'protobuf frame, price': { signed: false, accepts: (text) => decodeFrame(encodePushFrame({ ...dealEvent, price: text })).kind === 'event' },
  'protobuf frame, balanceAmountChange': {
    signed: true,
    accepts: (text) => decodeFrame(encodePushFrame({ ...accountEvent, freeChange: text })).kind === 'event',
  },
  'JSON frame (hand-checked path), frozenAmount (a balance, which the service may send negative)': {
    signed: true,
    accepts: (text) => decodeFrame(encodeJsonFrame({ ...accountEvent, channel: 'spot@private.account.v3.api', frozen: text })).kind === 'event',
  },
  'JSON frame (hand-checked path), quantity': {
    signed: false,
    accepts: (text) => decodeFrame(encodeJsonFrame({ ...dealEvent, channel: 'spot@private.deals.v3.api', quantity: text })).kind === 'event',
  },
  'JSON frame (io-ts path, quoted sendTime), frozenAmountChange': {
    signed: true,
    accepts: (text) => {
      const frame = JSON.parse(encodeJsonFrame({ ...accountEvent, channel: 'spot@private.account.v3.api', frozenChange: text })) as Record<string, unknown>;
      return decodeFrame(JSON.stringify({ ...frame, sendTime: String(frame['sendTime']) })).kind === 'event';
    },
  },
  'bridge codec, frozen (a balance, which the service may send negative)': { signed: true, accepts: (text) => isRight(AccountEventCodec.decode({ ...accountEvent, frozen: text })) },
  'bridge codec, price': { signed: false, accepts: (text) => isRight(DealEventCodec.decode({ ...dealEvent, price: text })) },
  'bridge codec, freeChange': { signed: true, accepts: (text) => isRight(AccountEventCodec.decode({ ...accountEvent, freeChange: text })) },
  'operators arithmetic': {
    signed: true,
    accepts: (text) => {
      try {
        addDecimal(text, '0');
        return true;
      } catch {
        return false;
      }
    },
  },
  'simulator amounts (at most 30 fraction digits)': { signed: true, accepts: (text) => parseDecimal(text) !== undefined },
};

describe('one decimal vocabulary', () => {
  it.each(Object.entries(readers))('%s accepts exactly the texts of the rule', (_name, { signed, accepts }) => {
    for (const text of HAND_PICKED) expect([text, accepts(text)]).toEqual([text, reference(text, signed)]);
    fc.assert(
      fc.property(candidate, (text) => {
        expect([text, accepts(text)]).toEqual([text, reference(text, signed)]);
      }),
      { numRuns: 400, seed: 8 },
    );
  });

  it('amount parameters take the positive part of it, with at most 30 digits each side of the point, from callers and from wire text alike', () => {
    const fields = paramFields(M6);
    const base = { fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT' } as const;
    const positive = (text: string): boolean => reference(text, false) && /[1-9]/.test(text) && text.split('.').every((part) => part.length <= 30);
    fc.assert(
      fc.property(fc.oneof(candidate, fc.constantFrom('0.000', `1${'0'.repeat(30)}`, `0.${'0'.repeat(29)}1`, `0.${'0'.repeat(30)}1`)), (amount) => {
        const fromCaller = !(encodeParams('M6', fields, { ...base, amount }) instanceof Error);
        const fromWire = decodeWireParams(fields, new Map([...Object.entries(base), ['amount', amount]])).ok;
        expect([amount, fromCaller, fromWire]).toEqual([amount, positive(amount), positive(amount)]);
      }),
      { numRuns: 600, seed: 9 },
    );
  });
});

describe('isPositiveDecimal at its digit limits', () => {
  it('counts whole and fraction digits apart, a text without a point having no fraction digits', () => {
    expect(isPositiveDecimal('123', 3, 0)).toBe(true);
    expect(isPositiveDecimal('1234', 3, 8)).toBe(false);
    expect(isPositiveDecimal('123.45', 3, 2)).toBe(true);
    expect(isPositiveDecimal('123.456', 3, 2)).toBe(false);
    expect(isPositiveDecimal('0.001', 1, 3)).toBe(true);
    expect(isPositiveDecimal('0', 1, 0)).toBe(false);
  });
});
