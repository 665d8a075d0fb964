/**
 * The slot a client keeps its life, reads, metrics and recorder in: found again on the holder and
 * on a spread copy, invisible to the holder's fields and to printing, apart for each slot, and
 * never taking what is not an object for a value.
 */
import { describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import { slot } from '../../src/internal/slot.js';

describe('slot', () => {
  it('finds what was put on the holder and on a spread copy of it, and nothing on another object', () => {
    const life = slot<{ readonly secretKey: string }>('test life');
    const client = life.put({ call: () => 1 }, { secretKey: 'do-not-print' });
    const copy = { ...client, call: () => 2 };
    expect([life.of(client)?.secretKey, life.of(copy)?.secretKey, life.of({ call: () => 3 })]).toEqual(['do-not-print', 'do-not-print', undefined]);
  });

  it('is no field of the holder: keys, JSON and the holder as a string name nothing of it', () => {
    const life = slot<{ readonly secretKey: string }>('test life');
    const client = life.put({ baseUrl: 'https://api.mexc.com' }, { secretKey: 'do-not-print' });
    expect(Object.keys(client)).toEqual(['baseUrl']);
    expect(JSON.stringify(client)).toBe('{"baseUrl":"https://api.mexc.com"}');
    expect(`${String(client)}`).not.toContain('do-not-print');
    expect(inspect(client, { depth: 0 })).not.toContain('do-not-print');
  });

  it('keeps two slots apart, even of one description, and puts nothing for undefined', () => {
    const a = slot<{ readonly n: number }>('same');
    const b = slot<{ readonly n: number }>('same');
    const holder = a.put({}, { n: 1 });
    expect([a.of(holder)?.n, b.of(holder)]).toEqual([1, undefined]);
    expect(Object.getOwnPropertySymbols(b.put({}, undefined))).toHaveLength(0);
  });

  it('takes nothing that is not an object for a value: a null or a number put there by hand reads as nothing', () => {
    const a = slot<{ readonly n: number }>('test');
    const holder = a.put({}, { n: 1 });
    const [key] = Object.getOwnPropertySymbols(holder);
    for (const bad of [null, 5, 'text']) expect(a.of({ [key as symbol]: bad })).toBeUndefined();
  });
});
