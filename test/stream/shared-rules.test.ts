/**
 * Protobuf and JSON frames carry the same fields (spec section 6), so the same values must get the
 * same verdict whichever encoding brought them: the same event, or a refusal naming the same
 * field. Every field of every body and envelope is tried with values of its wire type, valid and
 * not. Then the JSON fallback: the service's other spellings are read, several in one frame, and
 * what is still wrong is named; a number or `null` where text belongs is refused.
 */
import { describe, expect, it } from '@jest/globals';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import type { FrameResult } from '../../src/stream/frame-result.js';
import { accountBody, accountFrame, dealBody, dealFrame, orderBody, orderFrame, type Envelope } from './wire.js';

type Kind = 'account' | 'deals' | 'orders';
type Value = string | number | bigint | boolean | undefined;
type Fields = Readonly<Record<string, Value>>;

const SETUPS = {
  account: { body: accountBody, bodyField: 'privateAccount', envelope: { createTime: 1736417034305n, sendTime: 1736417034307n }, protobuf: accountFrame },
  deals: { body: dealBody, bodyField: 'privateDeals', envelope: { symbol: 'MXUSDT', sendTime: 1736417034332n }, protobuf: dealFrame },
  orders: { body: orderBody, bodyField: 'privateOrders', envelope: { symbol: 'MXUSDT', sendTime: 1736417034332n }, protobuf: orderFrame },
} as const;

const TEXTS: Value[] = ['', '0', '10', '1.50', '-0.25', '+1', '1e-8', '.5', '007', ' 1', 'USDT', 'C02__505979017439002624115'];
const CODES: Value[] = [-1, 0, 1, 2, 3, 4, 5, 6, 100, 101];
const TIMES: Value[] = [-1n, 0n, 1n, 1736417034280n, 2n ** 53n - 1n, 2n ** 53n];
const FLAGS: Value[] = [true, false];

/** Values of a field's wire type (protobuf's declaration). */
function valuesFor(value: Value): Value[] {
  if (typeof value === 'bigint') return TIMES;
  if (typeof value === 'number') return CODES;
  if (typeof value === 'boolean') return FLAGS;
  return TEXTS;
}

/** The same frame as JSON text: the kind's JSON channel, int64 as numbers, absent fields left out. */
function jsonFrame(kind: Kind, body: Fields, envelope: Fields): string {
  const plain = (fields: Fields): Record<string, unknown> =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value]));
  const channel = `spot@private.${kind === 'deals' ? 'deals' : kind === 'orders' ? 'orders' : 'account'}.v3.api`;
  return JSON.stringify({ channel, ...plain(envelope), [SETUPS[kind].bodyField]: plain(body) });
}

/** What a result says, without the encoding: the event (channel aside), or the refused field's path. */
function verdict(result: FrameResult): unknown {
  if (result.kind === 'event') return { event: { ...result.event, channel: undefined } };
  if (result.kind === 'malformed') return { refused: result.reason.replace(/^(protobuf|json): /, '').split(': expected')[0] };
  return result;
}

function both(kind: Kind, body: Fields, envelope: Fields): { protobuf: unknown; json: unknown } {
  const setup = SETUPS[kind];
  const bytes = setup.protobuf(body as never, envelope as Envelope);
  const protobuf = verdict(decodeFrame(bytes));
  const json = verdict(decodeFrame(jsonFrame(kind, { ...setup.body, ...body }, { ...setup.envelope, ...envelope })));
  return { protobuf, json };
}

describe('protobuf and JSON frames: one verdict for the same values', () => {
  for (const kind of ['account', 'deals', 'orders'] as const) {
    it(`gives the same verdict on every ${kind} body field, for values valid and not`, () => {
      let refused = 0;
      for (const [field, valid] of Object.entries(SETUPS[kind].body)) {
        for (const value of valuesFor(valid)) {
          const { protobuf, json } = both(kind, { [field]: value }, {});
          expect([field, value, json]).toEqual([field, value, protobuf]);
          if ((protobuf as { refused?: string }).refused !== undefined) refused += 1;
        }
      }
      // The values reached the rules: some were accepted, many refused.
      expect(refused).toBeGreaterThan(10);
    });

    it(`gives the same verdict on the ${kind} envelope`, () => {
      for (const [field, valid] of Object.entries(SETUPS[kind].envelope)) {
        for (const value of [...valuesFor(valid), undefined]) {
          const { protobuf, json } = both(kind, {}, { [field]: value });
          expect([field, value, json]).toEqual([field, value, protobuf]);
        }
      }
    });
  }

  it('treats an absent and an empty optional order quantity alike, and refuses a bad one, in both', () => {
    for (const value of [undefined, '', '0.5', 'x', '-1']) {
      const { protobuf, json } = both('orders', { lastDealQuantity: value }, {});
      expect([value, json]).toEqual([value, protobuf]);
    }
  });
});

const dealJson = JSON.parse(jsonFrame('deals', dealBody, SETUPS.deals.envelope)) as { privateDeals: Record<string, unknown> } & Record<string, unknown>;
const decodeDeal = (envelope: Record<string, unknown>, body: Record<string, unknown>): FrameResult =>
  decodeFrame(JSON.stringify({ ...dealJson, ...envelope, privateDeals: { ...dealJson.privateDeals, ...body } }));

describe('the JSON fallback for other spellings', () => {
  it('reads every other spelling in one frame, each field in turn', () => {
    const result = decodeDeal(
      { sendTime: '1736417034332' },
      { price: 1.6, quantity: '5', amount: 8, tradeType: '2', isMaker: 'true', isSelfTrade: 'false', feeAmount: -0.0003998, time: '1736417034280' },
    );
    expect(result).toEqual(decodeDeal({}, { isMaker: true, feeAmount: '-0.0003998' }));
    expect(result).toMatchObject({ kind: 'event', event: { price: '1.6', amount: '8', side: 'SELL', isMaker: true, feeAmount: '-0.0003998' } });
  });

  it('names the field still wrong once the others are read', () => {
    expect(decodeDeal({ sendTime: '1736417034332' }, { tradeType: '2', time: '0' })).toEqual({
      kind: 'malformed',
      reason: 'json: privateDeals.time: expected EpochMillis',
      channel: 'spot@private.deals.v3.api',
    });
  });

  it('refuses a number or null where text belongs, and null where a decimal belongs', () => {
    expect(decodeDeal({}, { tradeId: 505979017439002 })).toMatchObject({ kind: 'malformed', reason: 'json: privateDeals.tradeId: expected NonEmptyText' });
    expect(decodeDeal({ symbol: null }, {})).toMatchObject({ kind: 'malformed', reason: 'json: symbol: expected NonEmptyText' });
    expect(decodeDeal({}, { clientOrderId: 7 })).toMatchObject({ kind: 'malformed', reason: 'json: privateDeals.clientOrderId: expected OptionalText' });
    expect(decodeDeal({}, { price: null })).toMatchObject({ kind: 'malformed', reason: 'json: privateDeals.price: expected NonNegativeDecimal' });
  });

  it('never puts a field value in the reason', () => {
    const result = decodeDeal({}, { price: 'secret-looking-value', tradeType: '2' });
    expect(result.kind).toBe('malformed');
    if (result.kind === 'malformed') expect(result.reason).not.toContain('secret-looking-value');
  });
});
