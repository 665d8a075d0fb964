/**
 * The reader of binary push frames: the wire reads (`wire-reader.ts`) straight into plain objects
 * with the generated messages' fields and defaults, without the generic `fromBinary`'s reflection
 * (a message object created from its descriptor, a field-reader lookup per field, the oneof's
 * wrapping) and without protobuf-es in a browser page: the generated schema and the reflection
 * layer `fromBinary` needs are 50 KB of minified code, protobuf-es's wire layer alone 6.8 KB, this
 * reader and its wire reads 5.5 KB (docs/performance.md, "What the library adds to a page").
 *
 * It reads every input as `fromBinary` reads it with the schema in
 * tools/proto/mexc/push_data_v3.proto, not only the canonical shape: a field is read as its
 * declaration says whatever wire type its tag gives; a second body of the same kind merges into
 * the first, of another kind replaces it; an unknown field of any wire type (groups included) is
 * skipped with the same depth limit; a field that runs past the end of its message ends it; and
 * what `fromBinary` refuses (bytes cut short, an illegal tag, text that is not UTF-8) is refused
 * with the wire layer's own words. A test holds the two to the same reading, or the same
 * refusal, on generated, mutated and random bytes.
 *
 * @module
 */
import { WIRE_TYPE, WireReader } from './wire-reader.js';
import type { PrivateAccountV3Api, PrivateDealsV3Api, PrivateOrdersV3Api, PushDataV3ApiWrapper } from '../gen/mexc/push_data_v3_pb.js';

/** A generated message's fields, without its type name and unknown fields. */
type Fields<T> = Omit<T, '$typeName' | '$unknown'>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The fields of `PrivateAccountV3Api`. */
export type AccountBody = Fields<PrivateAccountV3Api>;
/** The fields of `PrivateDealsV3Api`. */
export type DealsBody = Fields<PrivateDealsV3Api>;
/** The fields of `PrivateOrdersV3Api`. */
export type OrdersBody = Fields<PrivateOrdersV3Api>;

/** The fields of `PushDataV3ApiWrapper` (the generated message fits this shape, and so does the fast path's object). */
export interface WrapperFields extends Omit<Fields<PushDataV3ApiWrapper>, 'body'> {
  readonly body:
    | { readonly case: 'privateOrders'; readonly value: OrdersBody }
    | { readonly case: 'privateDeals'; readonly value: DealsBody }
    | { readonly case: 'privateAccount'; readonly value: AccountBody }
    | { readonly case: undefined; readonly value?: undefined };
}

/** Nesting depth limit for skipping unknown groups, as `fromBinary`'s (its `recursionLimit`). */
const RECURSION_LIMIT = 100;

/**
 * One array of character codes per text length up to 64, reused by every read: short ASCII text
 * (ids, symbols, decimals, the channel) becomes a string without an array allocated for it, which
 * protobuf-es's own ASCII path does per field. Longer or non-ASCII text goes to the UTF-8 decoder.
 */
const ASCII_CODES: readonly number[][] = Array.from({ length: 65 }, (_, length) => new Array<number>(length).fill(0));

/**
 * A cursor over one message's fields: the next tag's field number and wire type, and the reads of
 * a field as its declaration gives it (like `fromBinary`, whatever wire type the tag says).
 */
class FieldCursor {
  no = 0;
  private wireType = 0;

  constructor(
    private readonly reader: WireReader,
    private readonly bytes: Uint8Array,
    private readonly end: number,
    /** How deep this message is (the wrapper is 1), for the skip's depth limit. */
    private readonly depth: number,
  ) {}

  /** Moves to the next field; false at the end of the message (or past it, as `fromBinary`). */
  next(): boolean {
    const reader = this.reader;
    if (reader.pos >= this.end) return false;
    const start = reader.pos;
    const tag = reader.uint32();
    const read = reader.pos - start;
    this.no = tag >>> 3;
    this.wireType = tag & 7;
    // What WireReader.tag() refuses (a tag longer than a uint32, field 0, wire type 6 or 7),
    // read again by it, so that the refusal is in its words. (tag() itself returns an array.)
    if (read > 5 || (read === 5 && (this.bytes[reader.pos - 1] as number) > 0x0f) || this.no === 0 || this.wireType > WIRE_TYPE.bit32) {
      reader.pos = start;
      reader.tag();
    }
    return true;
  }

  text(): string {
    const reader = this.reader;
    const at = reader.pos;
    const length = reader.uint32();
    const start = reader.pos;
    const end = start + length;
    const codes = ASCII_CODES[length];
    if (codes === undefined || end > reader.len) {
      reader.pos = at;
      return reader.string();
    }
    const bytes = this.bytes;
    for (let i = 0; i < length; i++) {
      const byte = bytes[start + i] as number;
      if (byte > 0x7f) {
        reader.pos = at;
        return reader.string();
      }
      codes[i] = byte;
    }
    reader.pos = end;
    return String.fromCharCode(...codes);
  }

  int64(): bigint {
    return this.reader.int64();
  }

  int32(): number {
    return this.reader.int32();
  }

  bool(): boolean {
    return this.reader.bool();
  }

  /** The length of a nested message. */
  nested(): number {
    return this.reader.uint32();
  }

  /** Skips a field this reader does not know, groups included, with `fromBinary`'s depth limit. */
  skip(): void {
    this.reader.skip(this.wireType, this.no, RECURSION_LIMIT - this.depth);
  }
}

// Field numbers and types as declared in tools/proto/mexc/push_data_v3.proto; defaults as the
// generated messages have them (proto3: empty text, zero, false; `optional` fields absent, here
// `undefined`). Every field the normalizers read is in the object literal from the start, in wire
// order, so all frames of a kind share one hidden class, also with JSON bodies of the same fields:
// the shared normalizer's property reads stay fast (bench/, frame decoding).

function readAccount(reader: WireReader, bytes: Uint8Array, length: number, previous: Mutable<AccountBody> | undefined): AccountBody {
  const b: Mutable<AccountBody> = previous ?? { vcoinName: '', coinId: '', balanceAmount: '', balanceAmountChange: '', frozenAmount: '', frozenAmountChange: '', type: '', time: 0n };
  const f = new FieldCursor(reader, bytes, reader.pos + length, 2);
  while (f.next()) {
    switch (f.no) {
      case 1: b.vcoinName = f.text(); break;
      case 2: b.coinId = f.text(); break;
      case 3: b.balanceAmount = f.text(); break;
      case 4: b.balanceAmountChange = f.text(); break;
      case 5: b.frozenAmount = f.text(); break;
      case 6: b.frozenAmountChange = f.text(); break;
      case 7: b.type = f.text(); break;
      case 8: b.time = f.int64(); break;
      default: f.skip();
    }
  }
  return b;
}

function readDeals(reader: WireReader, bytes: Uint8Array, length: number, previous: Mutable<DealsBody> | undefined): DealsBody {
  const b: Mutable<DealsBody> = previous ?? {
    price: '', quantity: '', amount: '', tradeType: 0, isMaker: false, isSelfTrade: false,
    tradeId: '', clientOrderId: '', orderId: '', feeAmount: '', feeCurrency: '', time: 0n,
  };
  const f = new FieldCursor(reader, bytes, reader.pos + length, 2);
  while (f.next()) {
    switch (f.no) {
      case 1: b.price = f.text(); break;
      case 2: b.quantity = f.text(); break;
      case 3: b.amount = f.text(); break;
      case 4: b.tradeType = f.int32(); break;
      case 5: b.isMaker = f.bool(); break;
      case 6: b.isSelfTrade = f.bool(); break;
      case 7: b.tradeId = f.text(); break;
      case 8: b.clientOrderId = f.text(); break;
      case 9: b.orderId = f.text(); break;
      case 10: b.feeAmount = f.text(); break;
      case 11: b.feeCurrency = f.text(); break;
      case 12: b.time = f.int64(); break;
      default: f.skip();
    }
  }
  return b;
}

function readOrders(reader: WireReader, bytes: Uint8Array, length: number, previous: Mutable<OrdersBody> | undefined): OrdersBody {
  const b: Mutable<OrdersBody> = previous ?? {
    id: '', clientId: '', price: '', quantity: '', amount: '', avgPrice: '', orderType: 0, tradeType: 0, isMaker: false,
    remainAmount: '', remainQuantity: '', lastDealQuantity: undefined, cumulativeQuantity: '', cumulativeAmount: '', status: 0, createTime: 0n,
  };
  const f = new FieldCursor(reader, bytes, reader.pos + length, 2);
  while (f.next()) {
    switch (f.no) {
      case 1: b.id = f.text(); break;
      case 2: b.clientId = f.text(); break;
      case 3: b.price = f.text(); break;
      case 4: b.quantity = f.text(); break;
      case 5: b.amount = f.text(); break;
      case 6: b.avgPrice = f.text(); break;
      case 7: b.orderType = f.int32(); break;
      case 8: b.tradeType = f.int32(); break;
      case 9: b.isMaker = f.bool(); break;
      case 10: b.remainAmount = f.text(); break;
      case 11: b.remainQuantity = f.text(); break;
      case 12: b.lastDealQuantity = f.text(); break;
      case 13: b.cumulativeQuantity = f.text(); break;
      case 14: b.cumulativeAmount = f.text(); break;
      case 15: b.status = f.int32(); break;
      case 16: b.createTime = f.int64(); break;
      case 17: b.market = f.text(); break;
      case 18: b.triggerType = f.int32(); break;
      case 19: b.triggerPrice = f.text(); break;
      case 20: b.state = f.int32(); break;
      case 21: b.ocoId = f.text(); break;
      case 22: b.routeFactor = f.text(); break;
      case 23: b.symbolId = f.text(); break;
      case 24: b.marketId = f.text(); break;
      case 25: b.marketCurrencyId = f.text(); break;
      case 26: b.currencyId = f.text(); break;
      default: f.skip();
    }
  }
  return b;
}

/**
 * Reads a binary push frame, as `fromBinary` reads it with the generated schema (unknown fields
 * skipped); a string, the wire layer's words, when the bytes are undecodable.
 *
 * @example
 * ```ts
 * const message = readPushWrapper(bytes);
 * if (typeof message === 'string') console.log('undecodable:', message);
 * else console.log(message.channel, message.body.case);
 * ```
 */
export function readPushWrapper(bytes: Uint8Array): WrapperFields | string {
  try {
    const reader = new WireReader(bytes);
    const w: Mutable<WrapperFields> = { channel: '', symbol: undefined, symbolId: undefined, createTime: undefined, sendTime: undefined, body: { case: undefined } };
    const f = new FieldCursor(reader, bytes, bytes.length, 1);
    while (f.next()) {
      const body = w.body;
      switch (f.no) {
        case 1: w.channel = f.text(); break;
        case 3: w.symbol = f.text(); break;
        case 4: w.symbolId = f.text(); break;
        case 5: w.createTime = f.int64(); break;
        case 6: w.sendTime = f.int64(); break;
        // A body of the kind already read merges into it; of another kind, replaces it (protobuf's rules).
        case 304: w.body = { case: 'privateOrders', value: readOrders(reader, bytes, f.nested(), body.case === 'privateOrders' ? body.value : undefined) }; break;
        case 306: w.body = { case: 'privateDeals', value: readDeals(reader, bytes, f.nested(), body.case === 'privateDeals' ? body.value : undefined) }; break;
        case 307: w.body = { case: 'privateAccount', value: readAccount(reader, bytes, f.nested(), body.case === 'privateAccount' ? body.value : undefined) }; break;
        default: f.skip();
      }
    }
    return w;
  } catch (error) {
    // Bytes that end inside a field, an illegal tag, bad UTF-8: refused in the wire layer's words.
    // (Not `instanceof Error`: the text decoder's TypeError may come from another realm.)
    return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : 'undecodable bytes';
  }
}
