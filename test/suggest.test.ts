import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { didYouMean, editDistance, suggest } from '../src/suggest.js';
import { endpointTable } from '../src/index.js';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['limit', 'limit', 0],
    ['limt', 'limit', 1],
    ['lmiit', 'limit', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['ca', 'abc', 3],
  ])('%j to %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('is at most the longer length, and zero only for equal text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d === 0).toBe(a === b);
      }),
    );
  });
});

describe('suggest', () => {
  const operations = endpointTable.flatMap((row) => [row.name, row.id]);

  it('finds the operation a near miss meant', () => {
    expect(suggest('listSubaccounts', operations)).toEqual(['listSubAccounts']);
    expect(suggest('lstSubAccounts', operations)).toEqual(['listSubAccounts']);
    expect(suggest('createsubaccount', operations)).toEqual(['createSubAccount']);
    expect(suggest('universalTransfers', operations)).toEqual(['universalTransfer']);
  });

  it('suggests nothing for a name far from every known one, nor a short name that differs', () => {
    expect(suggest('deploy', ['call', 'stream', 'simulator'])).toEqual([]);
    expect(suggest('M9', operations)).toEqual([]);
    expect(suggest('m2', operations)).toEqual(['M2']);
  });

  it('lists up to three names equally near', () => {
    expect(suggest('pageX', ['pageA', 'pageB', 'pageC', 'pageD'])).toEqual(['pageA', 'pageB', 'pageC']);
    expect(didYouMean('pageX', ['pageA', 'pageB'], (n) => `--${n}`)).toBe(' (did you mean --pageA or --pageB?)');
    expect(didYouMean('zzz', ['pageA'])).toBe('');
  });
});
