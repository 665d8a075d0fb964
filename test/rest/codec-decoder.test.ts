/**
 * Response decoders (`src/codecs/decoder.ts`): a raw codec then a normalization, and refusals
 * printed as one line per path in the body (`path: expected Type`), without the union and
 * intersection branch markers io-ts puts in its paths, deduplicated, at most 20, never a value.
 */
import { describe, expect, it } from '@jest/globals';
import * as t from 'io-ts';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describeDecodeErrors, normalized } from '../../src/codecs/decoder.js';

/** The lines a refusal of `input` by `codec` prints. */
function linesOf(codec: t.Any, input: unknown): string[] {
  const result = codec.decode(input);
  if (!isLeft(result)) throw new Error('accepted');
  return describeDecodeErrors(result.left);
}

describe('describeDecodeErrors', () => {
  it('prints a refusal of the whole body as (root), with the type expected', () => {
    expect(linesOf(t.string, 5)).toEqual(['(root): expected string']);
    expect(linesOf(t.type({ a: t.string }, 'RawA'), null)).toEqual(['(root): expected RawA']);
  });

  it('joins the keys of the path with dots, keeping array indices', () => {
    expect(linesOf(t.type({ items: t.array(t.type({ a: t.string })) }), { items: [{ a: 'x' }, { a: 2 }] })).toEqual(['items.1.a: expected string']);
  });

  it('drops the branch markers of a union and of an intersection, so that a path is the path in the body', () => {
    const member = t.union([t.type({ a: t.string }), t.type({ b: t.number })]);
    expect(linesOf(t.type({ items: t.array(member) }), { items: [{ a: 1 }] })).toEqual(['items.0.a: expected string', 'items.0.b: expected number']);
    const both = t.intersection([t.type({ a: t.string }), t.type({ b: t.number })]);
    expect(linesOf(both, { a: 1, b: 'x' })).toEqual(['a: expected string', 'b: expected number']);
    expect(linesOf(t.type({ data: both }), { data: { a: 'x', b: 'y' } })).toEqual(['data.b: expected number']);
  });

  it('prints the same line once', () => {
    const either = t.union([t.type({ a: t.string, b: t.string }), t.type({ a: t.string, c: t.number })]);
    expect(linesOf(either, { a: 1 })).toEqual(['a: expected string', 'b: expected string', 'c: expected number']);
  });

  it('stops at 20 lines', () => {
    const lines = linesOf(t.array(t.string), Array.from({ length: 25 }, (_, i) => i));
    expect(lines).toEqual(Array.from({ length: 20 }, (_, i) => `${i}: expected string`));
  });

  it('prints the errors of a codec validated within a context of its own, which does not start at the root', () => {
    const result = t.number.validate('x', [{ key: 'createTime', type: t.number, actual: 'x' }]);
    expect(isLeft(result) && describeDecodeErrors(result.left)).toEqual(['createTime: expected number']);
  });

  it('prints an error without context as (root): expected unknown', () => {
    expect(describeDecodeErrors([{ value: 1, context: [] }])).toEqual(['(root): expected unknown']);
  });

  it('never prints the refused value', () => {
    const lines = linesOf(t.type({ secretKey: t.number }), { secretKey: 'do-not-print-me' });
    expect(lines).toEqual(['secretKey: expected number']);
  });
});

describe('normalized', () => {
  const raw = t.type({ id: t.string }, 'RawReceipt');
  const decoder = normalized(raw, (value) => ({ withdrawalId: value.id }));

  it('is named after its raw codec', () => {
    expect(decoder.name).toBe('RawReceipt');
  });

  it('normalizes what the raw codec accepts', () => {
    const result = decoder.decode({ id: 'w1', extra: true });
    expect(isRight(result) && result.right).toStrictEqual({ withdrawalId: 'w1' });
  });

  it('hands on the raw codec refusal as it is, without normalizing', () => {
    const input = { id: 7 };
    expect(decoder.decode(input)).toEqual(raw.decode(input));
    const result = decoder.decode(input);
    expect(isLeft(result) && describeDecodeErrors(result.left)).toEqual(['id: expected string']);
  });
});
