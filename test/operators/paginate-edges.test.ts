/**
 * paginate at the edges of its stopping rules: an empty page ends the walk even when the service
 * says more pages exist, a full page that `totalPages` names the last ends it, a subscriber that
 * takes exactly one page starts no second call, a call that completes with no page ends it
 * quietly, `maxPages: 0` fetches nothing, and a bad `maxPages` is refused by name.
 */
import { describe, expect, it } from '@jest/globals';
import { EMPTY, take, toArray, VirtualTimeScheduler } from 'rxjs';
import { brokerListRebates, listSubAccounts, type Client } from '../../src/index.js';
import { paginate } from '../../src/operators/paginate.js';
import { fakeFetch, json, type RecordedRequest } from '../support/fake-fetch.js';
import { errorOf, makeClient, outcomeOf, queryPairs, resultOf, runOut } from '../support/harness.js';

const rebates = (page: number, count: number, totalPageNum: number) => ({
  page,
  totalRecords: 100,
  totalPageNum,
  data: Array.from({ length: count }, (_, i) => ({ asset: 'USDT', type: 'spot', amount: '0.1', uid: `${page}-${i}`, time: '20230318' })),
});

const subAccounts = (count: number) => ({
  subAccounts: Array.from({ length: count }, (_, i) => ({ subAccount: `Sub${i}`, isFreeze: false, createTime: 1_544_433_328_000, uid: String(i) })),
});

const pageNumbers = (calls: readonly RecordedRequest[]) => calls.map((c) => queryPairs(c.rawQuery).find(([n]) => n === 'page')?.[1]);

describe('paginate at its edges', () => {
  it('stops on an empty page even when totalPages says there are more', async () => {
    const fake = fakeFetch([json(rebates(1, 2, 5)), json(rebates(2, 0, 5)), json(rebates(3, 2, 5))]);
    const items = await resultOf(paginate(brokerListRebates, makeClient(fake.fetch), { pageSize: 2 }).pipe(toArray()));
    expect(items).toHaveLength(2);
    expect(pageNumbers(fake.calls)).toEqual(['1', '2']);
  });

  it('stops on the page totalPages names the last, even when it is full', async () => {
    const fake = fakeFetch([json(rebates(1, 2, 2)), json(rebates(2, 2, 2)), json(rebates(3, 2, 2))]);
    const items = await resultOf(paginate(brokerListRebates, makeClient(fake.fetch), { pageSize: 2 }).pipe(toArray()));
    expect(items).toHaveLength(4);
    expect(pageNumbers(fake.calls)).toEqual(['1', '2']);
  });

  it('starts no second call when the subscriber takes exactly the first page', async () => {
    // Counted where the call starts, not on the wire: a call started and cancelled in the same
    // tick sends nothing, yet it may have taken a slot of a shared request budget.
    const fake = fakeFetch(json(subAccounts(200)));
    const scheduler = new VirtualTimeScheduler();
    const client = makeClient(fake.fetch, { scheduler });
    let started = 0;
    const counting: Client = { ...client, call: (...args) => (started++, client.call(...args)) };
    const items = await resultOf(paginate(listSubAccounts, counting).pipe(take(200), toArray()));
    await runOut(scheduler);
    expect(items).toHaveLength(200);
    expect(started).toBe(1);
    expect(fake.calls).toHaveLength(1);
  });

  it('completes with what it has when a call completes without a page', async () => {
    const fake = fakeFetch(json(subAccounts(200)));
    const client = { ...makeClient(fake.fetch), call: () => EMPTY };
    const outcome = await outcomeOf(paginate(listSubAccounts, client));
    expect(outcome).toEqual({ kind: 'value', values: [] });
  });

  it('with maxPages 0, starts no call and completes at once, empty', async () => {
    const fake = fakeFetch(json(subAccounts(200)));
    const client = makeClient(fake.fetch);
    let started = 0;
    const counting: Client = { ...client, call: (...args) => (started++, client.call(...args)) };
    const values: unknown[] = [];
    let completed = false;
    // Subscribed and finished in the same turn: nothing asynchronous was started.
    paginate(listSubAccounts, counting, {}, { maxPages: 0 }).subscribe({ next: (v) => values.push(v), complete: () => (completed = true) });
    expect({ values, completed, started }).toEqual({ values: [], completed: true, started: 0 });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a bad maxPages naming it, before any request', async () => {
    const fake = fakeFetch(json(subAccounts(1)));
    expect(await errorOf(paginate(listSubAccounts, makeClient(fake.fetch), {}, { maxPages: -1 }))).toMatchObject({
      issues: [{ field: 'maxPages' }],
    });
    expect(fake.calls).toHaveLength(0);
  });
});
