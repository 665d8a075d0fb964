import { describe, expect, it } from '@jest/globals';
import { resultTable } from '../../src/cli/result-table.js';
import { printable } from '../../src/cli/printable.js';
import { textTable } from '../../src/cli/text-table.js';

describe('textTable', () => {
  it('pads each column to its widest cell, two spaces apart, right-aligning where asked', () => {
    expect(textTable(['asset', 'free'], [['USDT', '25000'], ['BTC', '1.5']], ['left', 'right'])).toEqual(['asset   free', 'USDT   25000', 'BTC      1.5']);
  });

  it('leaves no trailing space and treats a missing cell as empty', () => {
    expect(textTable(['a', 'b'], [['long value'], ['x', 'y']])).toEqual(['a           b', 'long value', 'x           y']);
  });
});

describe('printable', () => {
  it('writes control characters as escapes and leaves other text alone', () => {
    expect(printable('a\u001b[31mb\nc\u0007\u009bd é €')).toBe('a\\u001b[31mb\\nc\\u0007\\u009bd é €');
  });

  it.each([
    ['a bidirectional embedding or override (U+202A-U+202E)', [0x202a, 0x202b, 0x202c, 0x202d, 0x202e]],
    ['a bidirectional isolate (U+2066-U+2069)', [0x2066, 0x2067, 0x2068, 0x2069]],
    ['a zero-width character or a direction mark (U+200B-U+200F)', [0x200b, 0x200c, 0x200d, 0x200e, 0x200f]],
    ['a line or paragraph separator (U+2028, U+2029)', [0x2028, 0x2029]],
    ['a byte order mark (U+FEFF)', [0xfeff]],
  ])('writes %s as an escape', (_name, codes) => {
    for (const code of codes) {
      expect(printable(`a${String.fromCharCode(code)}b`)).toBe(`a\\u${code.toString(16)}b`);
    }
  });

  it('leaves the visible characters around them alone (U+2010, U+2030, U+2065, U+206A, U+FEFE)', () => {
    expect(printable('\u2010\u2030\u2065\u206a\ufefe')).toBe('\u2010\u2030\u2065\u206a\ufefe');
  });
});

describe('resultTable', () => {
  it('shows a page as one row per item, times in ISO 8601, and the page fields below', () => {
    const page = {
      items: [
        { subAccount: 'strategy01', uid: '4937', isFreeze: false, createTime: 1736417034280 },
        { subAccount: 'mm02', uid: '51', isFreeze: true, createTime: 1736417034281 },
      ],
      total: 2,
      page: undefined,
    };
    expect(resultTable(page)).toEqual([
      'subAccount   uid  isFreeze  createTime',
      'strategy01  4937  false     2025-01-09T10:03:54.280Z',
      'mm02          51  true      2025-01-09T10:03:54.281Z',
      '',
      'total: 2',
    ]);
  });

  it('shows a list of words as one column, lists inside a cell comma-joined, and an empty list as such', () => {
    expect(resultTable({ total: 2, available: 58, listenKeys: ['k1', 'k2'] })).toEqual(['value', 'k1', 'k2', '', 'total: 2, available: 58']);
    expect(resultTable([{ apiKey: 'mx0v', permissions: ['SPOT_DEAL_READ', 'SPOT_DEAL_WRITE'] }])).toEqual(['apiKey  permissions', 'mx0v    SPOT_DEAL_READ,SPOT_DEAL_WRITE']);
    expect(resultTable({ items: [] })).toEqual(['(no entries)']);
  });

  it('shows 200,000 rows without overflowing the stack (no spread of a big array into arguments)', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ subAccount: `sub${i}`, uid: String(i) }));
    const lines = resultTable({ items, total: items.length });
    expect(lines).toHaveLength(200_003);
    expect(lines[0]).toBe('subAccount     uid');
    expect(lines[200_000]).toBe('sub199999   199999');
    expect(lines.at(-1)).toBe('total: 200000');
  });

  it('shows an object that is no list as field and value, without its missing fields', () => {
    expect(resultTable({ tranId: '123', clientTranId: undefined, confirmedBy: 'response' })).toEqual(['field        value', 'tranId       123', 'confirmedBy  response']);
  });
});
