/**
 * Byte-level mutations of encoded frames, for fuzzing decoders: flip, insert, delete, truncate.
 */
import fc from 'fast-check';

/** One edit of a byte string. */
export interface ByteEdit {
  readonly op: 'flip' | 'insert' | 'delete' | 'truncate';
  readonly at: number;
  readonly value: number;
}

/** One to six byte edits. */
export const byteEdits: fc.Arbitrary<ByteEdit[]> = fc.array(
  fc.record({ op: fc.constantFrom('flip' as const, 'insert' as const, 'delete' as const, 'truncate' as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  { minLength: 1, maxLength: 6 },
);

/** Applies `edits` to a copy of `bytes` (positions wrap around the current length). */
export function mutateBytes(bytes: Uint8Array, edits: readonly ByteEdit[]): Uint8Array {
  let out = Array.from(bytes);
  for (const { op, at, value } of edits) {
    const i = out.length === 0 ? 0 : at % out.length;
    if (op === 'flip') out[i] = value;
    else if (op === 'insert') out.splice(i, 0, value);
    else if (op === 'delete') out.splice(i, 1);
    else out = out.slice(0, i);
  }
  return Uint8Array.from(out);
}
