/**
 * The protobuf wire reads the push-wrapper reader needs (varints as `uint32`, `int32`, `int64`
 * and `bool`, length-delimited UTF-8 text, tags, and skipping an unknown field, groups included),
 * written here rather than taken from protobuf-es's `BinaryReader`: its wire layer is 6.8 KB of
 * minified code (2.2 KB gzipped) in every page that streams, and these reads are 1.3 KB
 * (docs/performance.md, "What the library adds to a page").
 *
 * They read and refuse exactly as `BinaryReader` 2.x does (the wire format is fixed; the words are
 * its): bytes that end inside a field are `RangeError('premature EOF')`, a varint longer than ten
 * bytes `invalid varint`, a tag that is no uint32 or names field 0 or wire type 6 or 7
 * `illegal tag: ...`, a group nested past the limit `maximum recursion depth reached`, a group
 * closed by another field's end tag `invalid end group tag`, an end-group tag on its own
 * `cant skip wire type 4`, and text that is not UTF-8 the platform decoder's own error. The
 * reader's test holds it to protobuf-es's `fromBinary` on generated, mutated and random bytes
 * (test/stream/read-push-wrapper.test.ts).
 *
 * Reads past the end see `undefined` bytes, which the bit operations take as 0, as
 * `BinaryReader`'s do: the bounds are checked once a value is read (hence the casts below).
 *
 * @module
 */

/** The wire types (protobuf's encoding: the low three bits of a tag). */
export const WIRE_TYPE = { varint: 0, bit64: 1, lengthDelimited: 2, startGroup: 3, endGroup: 4, bit32: 5 } as const;

/** Strict UTF-8, a leading U+FEFF kept as text (protobuf-es decodes so). */
let utf8: TextDecoder | undefined;

const int64View = new DataView(new ArrayBuffer(8));

/**
 * A position in protobuf bytes, read field by field.
 *
 * @example
 * ```ts
 * const reader = new WireReader(bytes);
 * const [fieldNo, wireType] = reader.tag();
 * const text = reader.string();
 * ```
 */
export class WireReader {
  /** The next byte to read. */
  pos = 0;
  /** Where the bytes end. */
  readonly len: number;
  /** The low and high 32 bits of the last 64-bit varint read. */
  private lo = 0;
  private hi = 0;

  constructor(readonly buf: Uint8Array) {
    this.len = buf.length;
  }

  private assertBounds(): void {
    if (this.pos > this.len) throw new RangeError('premature EOF');
  }

  /** An unsigned 32-bit varint (a longer varint is read to its end, its high bits dropped). */
  uint32(): number {
    const buf = this.buf;
    let result = 0;
    for (let shift = 0; shift < 28; shift += 7) {
      const b = buf[this.pos++] as number;
      result |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) {
        this.assertBounds();
        return result;
      }
    }
    let b = buf[this.pos++] as number;
    result |= (b & 0x0f) << 28;
    for (let read = 5; (b & 0x80) !== 0 && read < 10; read++) b = buf[this.pos++] as number;
    if ((b & 0x80) !== 0) throw new Error('invalid varint');
    this.assertBounds();
    return result >>> 0;
  }

  /** A signed 32-bit varint. */
  int32(): number {
    return this.uint32() | 0;
  }

  /** A signed 64-bit varint. */
  int64(): bigint {
    this.varint64();
    int64View.setInt32(0, this.lo, true);
    int64View.setInt32(4, this.hi, true);
    return int64View.getBigInt64(0, true);
  }

  /** A boolean: a varint is true unless it is zero. */
  bool(): boolean {
    const b = this.buf[this.pos] as number;
    if (b < 0x80) {
      this.pos++;
      return b !== 0;
    }
    this.varint64();
    return this.lo !== 0 || this.hi !== 0;
  }

  /** Length-delimited UTF-8 text, refused when it is not UTF-8. */
  string(): string {
    const length = this.uint32();
    const start = this.pos;
    this.pos += length;
    this.assertBounds();
    utf8 ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return utf8.decode(this.buf.subarray(start, this.pos));
  }

  /** A tag: its field number and wire type, refused when it is no uint32, or names field 0 or wire type 6 or 7. */
  tag(): [fieldNo: number, wireType: number] {
    const start = this.pos;
    const tag = this.uint32();
    const read = this.pos - start;
    if (read > 5 || (read === 5 && (this.buf[this.pos - 1] as number) > 0x0f)) throw new Error('illegal tag: varint overflows uint32');
    const fieldNo = tag >>> 3;
    const wireType = tag & 7;
    if (fieldNo <= 0 || wireType > WIRE_TYPE.bit32) throw new Error(`illegal tag: field no ${fieldNo} wire type ${wireType}`);
    return [fieldNo, wireType];
  }

  /** Skips a field of `wireType` (a group up to the end tag of `fieldNo`, nested at most `recursionLimit` deep). */
  skip(wireType: number, fieldNo: number, recursionLimit: number): void {
    switch (wireType) {
      case WIRE_TYPE.varint:
        while ((this.buf[this.pos++] as number) & 0x80) {
          // to the varint's last byte
        }
        break;
      case WIRE_TYPE.bit64:
        this.pos += 8;
        break;
      case WIRE_TYPE.bit32:
        this.pos += 4;
        break;
      case WIRE_TYPE.lengthDelimited: {
        const length = this.uint32();
        this.pos += length;
        break;
      }
      case WIRE_TYPE.startGroup:
        this.skipGroup(fieldNo, recursionLimit);
        break;
      default:
        throw new Error(`cant skip wire type ${wireType}`);
    }
    this.assertBounds();
  }

  private skipGroup(fieldNo: number, recursionLimit: number): void {
    if (recursionLimit <= 0) throw new Error('maximum recursion depth reached');
    for (;;) {
      const [no, wireType] = this.tag();
      if (wireType === WIRE_TYPE.endGroup) {
        if (no !== fieldNo) throw new Error('invalid end group tag');
        return;
      }
      this.skip(wireType, no, recursionLimit - 1);
    }
  }

  /** Reads a 64-bit varint into {@link lo} and {@link hi}. */
  private varint64(): void {
    const buf = this.buf;
    let lo = 0;
    let hi = 0;
    let b = 0;
    let shift = 0;
    for (; shift < 28; shift += 7) {
      b = buf[this.pos++] as number;
      lo |= (b & 0x7f) << shift;
      if ((b & 0x80) === 0) break;
    }
    if ((b & 0x80) !== 0) {
      b = buf[this.pos++] as number;
      lo |= (b & 0x0f) << 28;
      hi = (b & 0x70) >> 4;
      for (shift = 3; (b & 0x80) !== 0; shift += 7) {
        if (shift > 31) throw new Error('invalid varint');
        b = buf[this.pos++] as number;
        hi |= (b & 0x7f) << shift;
      }
    }
    this.assertBounds();
    this.lo = lo;
    this.hi = hi;
  }
}
