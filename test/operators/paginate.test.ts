/**
 * paginate against an injected fetch: the largest page size, sequential page requests, the right
 * last page (short page, empty page, totalPages), and cancellation.
 */
import { describe, expect, it } from '@jest/globals';
import { take, toArray, VirtualTimeScheduler, type Observable } from 'rxjs';
import type { SubAccount, UniversalTransferRecord } from '../../src/codecs/results.js';
import { ApiError, ValidationError } from '../../src/errors.js';
import { brokerListDeposits, brokerListRebates, brokerListSubAccounts, getSubAccountAssets, listSubAccounts, listUniversalTransfers } from '../../src/index.js';
import { paginate } from '../../src/operators/paginate.js';
import { fakeFetch, hang, json, type RecordedRequest } from '../support/fake-fetch.js';
import { errorOf, makeClient, outcomeOf, queryPairs, resultOf, runOut, until } from '../support/harness.js';

/** The value of query parameter `name` of a request. */
function param(request: RecordedRequest | undefined, name: string): string | undefined {
  return queryPairs(request?.rawQuery ?? '').find(([n]) => n === name)?.[1];
}

const subAccounts = (from: number, count: number) => ({
  subAccounts: Array.from({ length: count }, (_, i) => ({ subAccount: `Sub${from + i}`, isFreeze: false, createTime: 1_544_433_328_000, uid: String(from + i) })),
});

const transfers = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    tranId: String(from + i),
    clientTranId: '',
    asset: 'USDT',
    amount: '1',
    fromAccountType: 'SPOT',
    toAccountType: 'SPOT',
    status: 'SUCCESS',
    timestamp: 1_544_433_325_000,
  }));

const rebates = (page: number, count: number, totalPageNum: number) => ({
  page,
  totalRecords: 25,
  totalPageNum,
  data: Array.from({ length: count }, (_, i) => ({ asset: 'USDT', type: 'spot', amount: '0.1', uid: `${page}-${i}`, time: '20230318' })),
});

const deposits = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ amount: '1', coin: 'USDT', network: 'TRC20', status: 5, address: `addr${i}`, txId: `tx${i}` }));

describe('paginate', () => {
  it('walks M2 at the largest page size (200) until a short page, page after page', async () => {
    const fake = fakeFetch([json(subAccounts(0, 200)), json(subAccounts(200, 200)), json(subAccounts(400, 37))]);
    const items: readonly SubAccount[] = await resultOf(paginate(listSubAccounts, makeClient(fake.fetch), { isFreeze: false }).pipe(toArray()));

    expect(items.map((s) => s.uid)).toEqual(Array.from({ length: 437 }, (_, i) => String(i)));
    expect(fake.calls.map((c) => [param(c, 'page'), param(c, 'limit'), param(c, 'isFreeze')])).toEqual([
      ['1', '200', 'false'],
      ['2', '200', 'false'],
      ['3', '200', 'false'],
    ]);
  });

  it('asks M7 for 500 records a page and stops after the short one', async () => {
    const fake = fakeFetch([json(transfers(0, 500)), json(transfers(500, 3))]);
    const params = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;
    const items: readonly UniversalTransferRecord[] = await resultOf(paginate(listUniversalTransfers, makeClient(fake.fetch), params).pipe(toArray()));
    expect(items).toHaveLength(503);
    expect(fake.calls.map((c) => [param(c, 'page'), param(c, 'limit')])).toEqual([
      ['1', '500'],
      ['2', '500'],
    ]);
  });

  it('follows totalPages for B15, through pages shorter than asked, and stops on the last', async () => {
    const fake = fakeFetch([json(rebates(1, 10, 3)), json(rebates(2, 10, 3)), json(rebates(3, 5, 3)), json(rebates(4, 10, 3))]);
    const items = await resultOf(paginate(brokerListRebates, makeClient(fake.fetch)).pipe(toArray()));
    expect(items).toHaveLength(25);
    expect(fake.calls.map((c) => [param(c, 'page'), param(c, 'pageSize')])).toEqual([
      ['1', '1000'],
      ['2', '1000'],
      ['3', '1000'],
    ]);
  });

  it('uses 1000 where the spec sets no maximum (B10), and stops on an empty page', async () => {
    const fake = fakeFetch([json(deposits(1000)), json([])]);
    const items = await resultOf(paginate(brokerListDeposits, makeClient(fake.fetch), { coin: 'USDT' }).pipe(toArray()));
    expect(items).toHaveLength(1000);
    expect(fake.calls.map((c) => [param(c, 'page'), param(c, 'limit'), param(c, 'coin')])).toEqual([
      ['1', '1000', 'USDT'],
      ['2', '1000', 'USDT'],
    ]);
  });

  it("takes the caller's page size and starting page, and accepts the endpoint row itself", async () => {
    const fake = fakeFetch([json({ code: '0', message: '', data: [] })]);
    await outcomeOf(paginate(brokerListSubAccounts.endpoint, makeClient(fake.fetch), { limit: 50, page: 3 }));
    expect(fake.calls.map((c) => [param(c, 'page'), param(c, 'limit')])).toEqual([['3', '50']]);
  });

  it('stops after maxPages', async () => {
    const fake = fakeFetch(json(subAccounts(0, 200)));
    const items = await resultOf(paginate(listSubAccounts, makeClient(fake.fetch), {}, { maxPages: 2 }).pipe(toArray()));
    expect(items).toHaveLength(400);
    expect(fake.calls).toHaveLength(2);
  });

  it('aborts the request in flight and sends no other when unsubscribed', async () => {
    const fake = fakeFetch([json(subAccounts(0, 200)), hang]);
    const scheduler = new VirtualTimeScheduler();
    const seen: SubAccount[] = [];
    const subscription = paginate(listSubAccounts, makeClient(fake.fetch, { scheduler })).subscribe((s) => seen.push(s));
    await until(() => fake.calls.length === 2);
    subscription.unsubscribe();

    expect(seen).toHaveLength(200);
    expect(fake.calls[1]?.signal.aborted).toBe(true);
    // Every timer left run out: still the two calls.
    await runOut(scheduler);
    expect(fake.calls).toHaveLength(2);
  });

  it('requests only the pages a take(n) needs', async () => {
    const fake = fakeFetch(json(subAccounts(0, 200)));
    const scheduler = new VirtualTimeScheduler();
    const items = await resultOf(paginate(listSubAccounts, makeClient(fake.fetch, { scheduler })).pipe(take(150), toArray()));
    await runOut(scheduler);
    expect(items).toHaveLength(150);
    expect(fake.calls).toHaveLength(1);
  });

  it('fails after the items of the pages before a failed one', async () => {
    const fake = fakeFetch([json(subAccounts(0, 200)), json({ code: 730600, msg: 'sub-account name cannot be null' }, 400)]);
    const outcome = await outcomeOf(paginate(listSubAccounts, makeClient(fake.fetch)));
    expect(outcome.kind).toBe('error');
    expect(outcome.values).toHaveLength(200);
    if (outcome.kind === 'error') expect(outcome.error).toBeInstanceOf(ApiError);
  });

  it('refuses an operation that is not a paged list, and a bad maxPages, without a request', async () => {
    const fake = fakeFetch(json({ balances: [] }));
    const client = makeClient(fake.fetch);
    // The types refuse this too; the check is for callers without them.
    const notPaged = getSubAccountAssets as unknown as typeof listSubAccounts;
    expect(await errorOf(paginate(notPaged, client))).toBeInstanceOf(ValidationError);
    expect(await errorOf(paginate(listSubAccounts, client, {}, { maxPages: 0.5 }))).toBeInstanceOf(ValidationError);
    expect(fake.calls).toHaveLength(0);
  });
});

/** Compile-time checks (tsc reads the tests): never called. */
export function paginateTypeChecks(client: ReturnType<typeof makeClient>): void {
  const accounts: Observable<SubAccount> = paginate(listSubAccounts, client, { isFreeze: false });
  const rows: Observable<UniversalTransferRecord> = paginate(listUniversalTransfers.endpoint, client, { fromAccountType: 'SPOT', toAccountType: 'SPOT' });
  void [accounts, rows];
  // @ts-expect-error M7 requires the account types
  paginate(listUniversalTransfers, client);
  // @ts-expect-error isFreeze is a boolean
  paginate(listSubAccounts, client, { isFreeze: 'no' });
  // @ts-expect-error M8 is not a paged list
  paginate(getSubAccountAssets, client, { subAccount: 'Alpha0001' });
  // @ts-expect-error the items are sub-accounts, not transfer records
  const wrong: Observable<UniversalTransferRecord> = paginate(listSubAccounts, client);
  void wrong;
}
