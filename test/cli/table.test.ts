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
