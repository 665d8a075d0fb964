/**
 * Every parameter rule at its exact edges, value by value: the last value a rule accepts and the
 * first it refuses (a length of 256 and 257, a page of 1 and 0, a month of 12 and 13, an IPv4 part
 * of 255 and 256, ...), and how each reads its wire text.
 */
import { describe, expect, it } from '@jest/globals';
import {
  booleanFlag,
  depositStatusCode,
  epochMillis,
  ipList,
  MAX_RECV_WINDOW,
  nonEmptyText,
  pageNumber,
  pageSize,
  permissionList,
  recvWindow,
} from '../../src/params/fields.js';
import type { FieldCodec } from '../../src/params/field.js';

const cases: readonly [string, FieldCodec<unknown>, readonly unknown[], readonly unknown[]][] = [
  ['nonEmptyText', nonEmptyText as FieldCodec<unknown>, ['a', 'x'.repeat(256), 'a b'], ['', 'x'.repeat(257), ' a', 'a ', 7, null]],
  ['pageNumber', pageNumber as FieldCodec<unknown>, [1, 2], [0, -1, 1.5, '1', 2 ** 53]],
  ['pageSize(50)', pageSize(50) as FieldCodec<unknown>, [1, 50], [0, 51, 2.5, '10']],
  ['pageSize(undefined)', pageSize(undefined) as FieldCodec<unknown>, [1, 10_000], [0, -3, '1']],
  ['epochMillis', epochMillis as FieldCodec<unknown>, [0, 1, 1e14 - 1], [-1, 1e14, 0.5, '0']],
  ['booleanFlag', booleanFlag as FieldCodec<unknown>, [true, false], ['true', 0, null]],
  ['depositStatusCode', depositStatusCode as FieldCodec<unknown>, [1, 12], [0, 13, 1.5, '5']],
  ['recvWindow', recvWindow as FieldCodec<unknown>, [1, MAX_RECV_WINDOW], [0, MAX_RECV_WINDOW + 1, 2.5]],
  [
    'ipList(2)',
    ipList(2) as FieldCodec<unknown>,
    [['0.0.0.0'], ['255.255.255.255', '10.0.0.1'], ['199.249.1.9'], ['::1'], ['fe80:0000:0000:0000:0204:61ff:fe9d:f156']],
    [
      [],
      ['1.1.1.1', '1.1.1.1'],
      ['1.1.1.1', '2.2.2.2', '3.3.3.3'],
      ['256.1.1.1'],
      ['1.1.1.256'],
      ['1.250.1.1x'],
      ['x1.1.1.1'],
      ['1.1.1.1', 'bad'],
      ['1.1.1.1', 5],
      ['abcd'],
      ['fe80:0000:0000:0000:0204:61ff:fe9d:f156:'],
      ['g::1'],
      [':: 1'],
      '1.1.1.1',
    ],
  ],
  ['permissionList', permissionList(['A', 'B']) as FieldCodec<unknown>, [['A'], ['A', 'B']], [[], ['A', 'A'], ['C'], ['A', 'C'], 'A']],
];

describe('parameter rules at their edges', () => {
  it.each(cases)('%s accepts its last good values and refuses the first bad ones', (_name, codec, good, bad) => {
    for (const value of good) expect([value, codec.is(value)]).toEqual([value, true]);
    for (const value of bad) expect([value, codec.is(value)]).toEqual([value, false]);
  });

  it('a safe integer only: 2^53 is no page number, 2^53 - 1 is', () => {
    expect(pageNumber.is(2 ** 53 - 1)).toBe(true);
    expect(pageNumber.is(2 ** 53)).toBe(false);
    expect(pageNumber.is(Number.NaN)).toBe(false);
  });

  it('reads wire text: booleans only from true and false, numbers only from plain digits, lists at the commas', () => {
    expect(booleanFlag.fromWire('true')).toBe(true);
    expect(booleanFlag.fromWire('false')).toBe(false);
    expect(booleanFlag.fromWire('TRUE')).toBe('TRUE');
    expect(pageNumber.fromWire('12')).toBe(12);
    expect(pageNumber.fromWire('-3')).toBe(-3);
    for (const text of ['1.5', '12x', 'x12', '1'.repeat(17), '']) expect(pageNumber.fromWire(text)).toBe(text);
    expect(ipList(2).fromWire('1.1.1.1,2.2.2.2')).toEqual(['1.1.1.1', '2.2.2.2']);
  });
});
