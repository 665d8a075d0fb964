/**
 * The wire reads against protobuf-es's `BinaryReader`, which they replace in a browser page: each
 * read (uint32, int32, int64, bool, text, tag, skip), from any offset of any bytes, must give the
 * same value and leave the same position, or refuse in the same words. Random bytes are biased
 * towards what breaks varints: continuation bytes, overlong runs, the end of the bytes.
 */
import { describe, expect, it } from '@jest/globals';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import fc from 'fast-check';
import { WIRE_TYPE, WireReader } from '../../src/stream/wire-reader.js';

type Outcome = { readonly value: unknown; readonly pos: number } | { readonly error: string };

function outcome(read: () => unknown, pos: () => number): Outcome {
  try {
    const value = read();
    return { value, pos: pos() };
  } catch (error) {
    return { error: `${(error as { name?: string }).name}: ${(error as { message?: string }).message}` };
  }
}

/** The same read by both readers, from `at`. */
function both(bytes: Uint8Array, at: number, read: (ours: WireReader | BinaryReader, theirs: boolean) => unknown): [Outcome, Outcome] {
  const ours = new WireReader(bytes);
  const theirs = new BinaryReader(bytes);
  ours.pos = at;
  theirs.pos = at;
  return [outcome(() => read(ours, false), () => ours.pos), outcome(() => read(theirs, true), () => theirs.pos)];
}

const varintish = fc.uint8Array({ maxLength: 24 }).chain((tail) =>
  fc.array(fc.oneof(fc.constant(0xff), fc.constant(0x80), fc.constant(0x81), fc.constant(0x0f), fc.constant(0x10), fc.constant(0x00), fc.constant(0x01)), { maxLength: 14 }).map((head) => new Uint8Array([...head, ...tail])),
);
const anyBytes = fc.oneof(varintish, fc.uint8Array({ maxLength: 40 }));

const READS: Record<string, (reader: WireReader | BinaryReader, theirs: boolean) => unknown> = {
  uint32: (r) => r.uint32(),
  int32: (r) => r.int32(),
  int64: (r) => r.int64(),
  bool: (r) => r.bool(),
  string: (r, theirs) => (theirs ? (r as BinaryReader).string(true) : (r as WireReader).string()),
  tag: (r) => r.tag(),
  skip: (r) => {
    const [fieldNo, wireType] = r.tag();
    r.skip(wireType, fieldNo, 3);
    return [fieldNo, wireType];
  },
};

describe('the wire reads', () => {
  for (const [name, read] of Object.entries(READS)) {
    it(`${name}: the same value and position as BinaryReader, or the same refusal`, () => {
      fc.assert(
        fc.property(anyBytes, fc.nat(8), (bytes, offset) => {
          const [ours, theirs] = both(bytes, Math.min(offset, bytes.length), read);
          expect(ours).toEqual(theirs);
        }),
        { numRuns: 1_500 },
      );
    });
  }

  it('reads the extremes of each type as they were written', () => {
    const w = new BinaryWriter();
    w.int64(-(2n ** 63n)).int64(2n ** 63n - 1n).int64(-1n).int32(-(2 ** 31)).uint32(2 ** 32 - 1).bool(true).string('héllo ﻿');
    const reader = new WireReader(w.finish());
    expect([reader.int64(), reader.int64(), reader.int64(), reader.int32(), reader.uint32(), reader.bool(), reader.string()]).toEqual([
      -(2n ** 63n),
      2n ** 63n - 1n,
      -1n,
      -(2 ** 31),
      2 ** 32 - 1,
      true,
      'héllo ﻿',
    ]);
    expect(reader.pos).toBe(reader.len);
  });

  it('refuses groups nested past the limit and a group closed by another field, in BinaryReader words', () => {
    const nested = new BinaryWriter();
    for (let i = 0; i < 5; i++) nested.tag(7, WireType.StartGroup);
    for (let i = 0; i < 5; i++) nested.tag(7, WireType.EndGroup);
    const deep = nested.finish();
    const [tooDeep] = both(deep, 0, (r) => r.skip(WIRE_TYPE.startGroup, 7, 3));
    expect(tooDeep).toEqual({ error: 'Error: maximum recursion depth reached' });
    const crossed = new BinaryWriter().tag(8, WireType.EndGroup).finish();
    const [ours, theirs] = both(crossed, 0, (r) => r.skip(WIRE_TYPE.startGroup, 7, 3));
    expect(ours).toEqual({ error: 'Error: invalid end group tag' });
    expect(theirs).toEqual(ours);
  });
});
