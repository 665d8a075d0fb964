/**
 * paginate where the service says how many items there are (`total`, M7's `{rows, total}`): it walks
 * through pages shorter than asked until that many items were seen, counting the pages a starting
 * page skipped; and its refusal of an operation that is not a paged list, exactly.
 */
import { describe, expect, it } from '@jest/globals';
import { toArray } from 'rxjs';
import { getSubAccountAssets, listUniversalTransfers, type listSubAccounts } from '../../src/index.js';
import { paginate } from '../../src/operators/paginate.js';
import { fakeFetch, json, type RecordedRequest } from '../support/fake-fetch.js';
import { errorOf, makeClient, queryPairs, resultOf } from '../support/harness.js';

const rows = (from: number, count: number, total: number) => ({
  total,
  rows: Array.from({ length: count }, (_, i) => ({
    tranId: String(from + i),
    clientTranId: '',
    asset: 'USDT',
    amount: '1',
    fromAccountType: 'SPOT',
    toAccountType: 'FUTURES',
    status: 'SUCCESS',
    timestamp: 1_544_433_325_000,
  })),
});

const pages = (calls: readonly RecordedRequest[]) =>
  calls.map((c) => {
    const pairs = queryPairs(c.rawQuery);
    return [pairs.find(([n]) => n === 'page')?.[1], pairs.find(([n]) => n === 'limit')?.[1]];
  });

const ACCOUNTS = { fromAccountType: 'SPOT', toAccountType: 'FUTURES' } as const;

describe('paginate with a total', () => {
  it('walks through pages shorter than asked until the total is seen, and no further', async () => {
    // Asked 3 a page, the service sends 2: short pages, yet not the last until 5 are seen.
    const fake = fakeFetch([json(rows(0, 2, 5)), json(rows(2, 2, 5)), json(rows(4, 1, 5)), json(rows(5, 1, 5))]);
    const items = await resultOf(paginate(listUniversalTransfers, makeClient(fake.fetch), { ...ACCOUNTS, limit: 3 }).pipe(toArray()));
    expect(items.map((r) => r.tranId)).toEqual(['0', '1', '2', '3', '4']);
    expect(pages(fake.calls)).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
    ]);
  });

  it('counts the items of the pages a starting page skipped towards the total', async () => {
    const fake = fakeFetch([json(rows(2, 2, 6)), json(rows(4, 2, 6)), json(rows(6, 2, 6))]);
    const items = await resultOf(paginate(listUniversalTransfers, makeClient(fake.fetch), { ...ACCOUNTS, limit: 2, page: 2 }).pipe(toArray()));
    expect(items.map((r) => r.tranId)).toEqual(['2', '3', '4', '5']);
    expect(pages(fake.calls)).toEqual([
      ['2', '2'],
      ['3', '2'],
    ]);
  });

  it('refuses an operation that is not a paged list with its own rule, before any request', async () => {
    const fake = fakeFetch(json({ balances: [] }));
    const notPaged = getSubAccountAssets as unknown as typeof listSubAccounts;
    expect(await errorOf(paginate(notPaged, makeClient(fake.fetch)))).toMatchObject({
      operation: 'M8',
      issues: [{ field: 'paging', rule: 'a paged list operation' }],
    });
    expect(fake.calls).toHaveLength(0);
  });
});
