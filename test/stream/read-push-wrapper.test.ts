/**
 * The specialized push-wrapper reader against protobuf-es's generic `fromBinary`: on every frame
 * the fast path takes, the two must read the same fields; on frames outside the canonical shape
 * (a repeated body, a wrong wire type, a group, bytes cut short, bad UTF-8) the fast path must step
 * aside, so that `fromBinary` decides.
 */
import { describe, expect, it } from '@jest/globals';
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import {
  PrivateAccountV3ApiSchema,
  PrivateDealsV3ApiSchema,
  PrivateOrdersV3ApiSchema,
  PushDataV3ApiWrapperSchema,
  type PushDataV3ApiWrapper,
} from '../../src/gen/mexc/push_data_v3_pb.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { readPushWrapper } from '../../src/stream/read-push-wrapper.js';
import { anyCodePoints, marketEventArbitrary } from './arbitraries.js';
import { byteEdits, mutateBytes } from './mutations.js';
import { accountFrame } from './wire.js';

const RUNS = 3_000;

/** A message's fields as plain data: `$typeName` and `$unknown` dropped at every level. */
function fieldsOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fieldsOf);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => key !== '$typeName' && key !== '$unknown' && v !== undefined)
      .map(([key, v]) => [key, fieldsOf(v)]),
  );
}

/** `fromBinary`'s reading of `bytes`, or the error it throws. */
function generic(bytes: Uint8Array): { readonly message?: PushDataV3ApiWrapper; readonly error?: unknown } {
  try {
    return { message: fromBinary(PushDataV3ApiWrapperSchema, bytes, { readUnknownFields: false }) };
  } catch (error) {
    return { error };
  }
}

/** Plain data as text, 64-bit integers included. */
const shown = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

/**
 * Whenever the fast path answers, `fromBinary` reads the same (else throws, showing both
 * readings); returns whether it answered. Checked in plain code, not with matchers: it runs
 * about 10,000 times, and a matcher builds an error with a stack trace at each call.
 */
function agrees(bytes: Uint8Array): boolean {
  const fast = readPushWrapper(bytes);
  if (fast === undefined) return false;
  const slow = generic(bytes);
  if (slow.error !== undefined) throw new Error(`the fast path read ${shown(fieldsOf(fast))} where fromBinary refuses: ${String(slow.error)}`);
  const [fastFields, slowFields] = [fieldsOf(fast), fieldsOf(slow.message)];
  if (!isDeepStrictEqual(fastFields, slowFields)) throw new Error(`the fast path read ${shown(fastFields)}, fromBinary ${shown(slowFields)}`);
  return true;
}

// Every field of every body, any value its type allows (text in any script, empty included).
const anyText = anyCodePoints(40);
const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined });

const account = fc.record({
  vcoinName: anyText,
  coinId: anyText,
  balanceAmount: anyText,
  balanceAmountChange: anyText,
  frozenAmount: anyText,
  frozenAmountChange: anyText,
  type: anyText,
  time: int64,
});
const deals = fc.record({
  price: anyText,
  quantity: anyText,
  amount: anyText,
  tradeType: int32,
  isMaker: fc.boolean(),
  isSelfTrade: fc.boolean(),
  tradeId: anyText,
  clientOrderId: anyText,
  orderId: anyText,
  feeAmount: anyText,
  feeCurrency: anyText,
  time: int64,
});
const orders = fc.record(
  {
    id: anyText,
    clientId: anyText,
    price: anyText,
    quantity: anyText,
    amount: anyText,
    avgPrice: anyText,
    orderType: int32,
    tradeType: int32,
    isMaker: fc.boolean(),
    remainAmount: anyText,
    remainQuantity: anyText,
    lastDealQuantity: maybe(anyText),
    cumulativeQuantity: anyText,
    cumulativeAmount: anyText,
    status: int32,
    createTime: int64,
    market: maybe(anyText),
    triggerType: maybe(int32),
    triggerPrice: maybe(anyText),
    state: maybe(int32),
    ocoId: maybe(anyText),
    routeFactor: maybe(anyText),
    symbolId: maybe(anyText),
    marketId: maybe(anyText),
    marketCurrencyId: maybe(anyText),
    currencyId: maybe(anyText),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  account.map((value) => ({ case: 'privateAccount' as const, value: create(PrivateAccountV3ApiSchema, value) })),
  deals.map((value) => ({ case: 'privateDeals' as const, value: create(PrivateDealsV3ApiSchema, value) })),
  orders.map((value) => ({ case: 'privateOrders' as const, value: create(PrivateOrdersV3ApiSchema, value) })),
  fc.constant({ case: undefined }),
);
const wrapperBytes: fc.Arbitrary<Uint8Array> = fc
  .record({ channel: anyText, symbol: maybe(anyText), symbolId: maybe(anyText), createTime: maybe(int64), sendTime: maybe(int64), body })
  .map((init) => toBinary(PushDataV3ApiWrapperSchema, create(PushDataV3ApiWrapperSchema, init)));

/** `frame` followed by more fields written with `write`. */
function withFields(frame: Uint8Array, write: (writer: BinaryWriter) => void): Uint8Array {
  const writer = new BinaryWriter();
  writer.raw(frame);
  write(writer);
  return writer.finish();
}

describe('readPushWrapper', () => {
  it(`reads ${RUNS} generated frames (every field of every body, any values) exactly as fromBinary does`, () => {
    fc.assert(
      fc.property(wrapperBytes, (bytes) => agrees(bytes)),
      { numRuns: RUNS, seed: 20261121 },
    );
  });

  it('reads the frames the library and the simulator send through the fast path', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), (event) => agrees(encodePushFrame(event))),
      { numRuns: 500, seed: 20261122 },
    );
  });

  it(`agrees with fromBinary whenever it answers, on ${RUNS} mutated frames and ${RUNS} random byte strings`, () => {
    let answered = 0;
    let declined = 0;
    const count = (took: boolean): void => void (took ? answered++ : declined++);
    fc.assert(
      fc.property(wrapperBytes, byteEdits, (bytes, edits) => count(agrees(mutateBytes(bytes, edits)))),
      { numRuns: RUNS, seed: 20261123 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => count(agrees(bytes))),
      { numRuns: RUNS, seed: 20261124 },
    );
    // Both paths are exercised: some edits keep a frame canonical, others break it.
    expect(answered).toBeGreaterThan(RUNS / 10);
    expect(declined).toBeGreaterThan(RUNS / 10);
  });

  it('skips fields it does not know, of every wire type but groups', () => {
    const bytes = withFields(accountFrame(), (w) => {
      w.tag(2, WireType.LengthDelimited).string('a public body');
      w.tag(9, WireType.Varint).int64(-5n);
      w.tag(10, WireType.Bit32).fixed32(7);
      w.tag(11, WireType.Bit64).fixed64(8n);
      w.tag(399, WireType.LengthDelimited).bytes(new Uint8Array([1, 2, 3]));
    });
    expect(agrees(bytes)).toBe(true);
  });

  it('steps aside for a second body, which protobuf merges into the first', () => {
    const second = toBinary(PrivateAccountV3ApiSchema, create(PrivateAccountV3ApiSchema, { balanceAmount: '99' }));
    const bytes = withFields(accountFrame(), (w) => w.tag(307, WireType.LengthDelimited).bytes(second));
    expect(readPushWrapper(bytes)).toBeUndefined();
    const merged = generic(bytes).message;
    expect(merged?.body.case === 'privateAccount' && merged.body.value).toMatchObject({ vcoinName: 'USDT', balanceAmount: '99' });
    // The frame still decodes, through fromBinary.
    expect(decodeFrame(bytes)).toMatchObject({ kind: 'event', event: { type: 'account', asset: 'USDT', free: '99' } });
  });

  it('steps aside for a known field with another wire type, a group, bad UTF-8 and bytes cut short', () => {
    const frame = accountFrame();
    const cases: Uint8Array[] = [
      withFields(frame, (w) => w.tag(1, WireType.Varint).int32(3)),
      withFields(frame, (w) => w.tag(6, WireType.LengthDelimited).string('1736417034280')),
      withFields(frame, (w) => w.tag(12, WireType.StartGroup).tag(12, WireType.EndGroup)),
      withFields(frame, (w) => w.tag(3, WireType.LengthDelimited).bytes(new Uint8Array([0xc3, 0x28]))),
      frame.subarray(0, frame.length - 3),
    ];
    for (const bytes of cases) expect(readPushWrapper(bytes)).toBeUndefined();
    // Whatever fromBinary makes of them, decodeFrame answers without throwing.
    for (const bytes of cases) expect(['event', 'malformed', 'unknown']).toContain(decodeFrame(bytes).kind);
  });
});
