/**
 * paginate refuses a page size or starting page that is not a number (`'50'`) with the list's own
 * ValidationError, before any request, instead of silently walking the list at its default size.
 */
import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../../src/errors.js';
import { brokerListRebates, listSubAccounts, type ListSubAccountsParams } from '../../src/index.js';
import { paginate } from '../../src/operators/paginate.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { errorOf, makeClient } from '../support/harness.js';

/** Parameters as a caller without the types might pass them. */
function untyped(params: Record<string, unknown>): ListSubAccountsParams {
  return params as ListSubAccountsParams;
}

describe('paginate: paging parameters that are not numbers', () => {
  it('refuses a page size given as text, with the rule of the list, before any request', async () => {
    const fake = fakeFetch(json({ subAccounts: [] }));
    const error = await errorOf(paginate(listSubAccounts, makeClient(fake.fetch), untyped({ limit: '50' })));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ operation: 'M2', issues: [{ field: 'limit', rule: 'integer from 1 to 200' }] });
    expect((error as ValidationError).message).toBe('M2: invalid parameters: limit (integer from 1 to 200)');
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses a starting page given as text, and names both when both are', async () => {
    const fake = fakeFetch(json({ subAccounts: [] }));
    const client = makeClient(fake.fetch);
    expect(await errorOf(paginate(listSubAccounts, client, untyped({ page: '2', isFreeze: false })))).toMatchObject({
      operation: 'M2',
      issues: [{ field: 'page', rule: 'integer >= 1' }],
    });
    expect(await errorOf(paginate(listSubAccounts, client, untyped({ limit: '50', page: '2' })))).toMatchObject({
      operation: 'M2',
      issues: [
        { field: 'page', rule: 'integer >= 1' },
        { field: 'limit', rule: 'integer from 1 to 200' },
      ],
    });
    expect(fake.calls).toHaveLength(0);
  });

  it('refuses the page size of a list whose size parameter has another name (B15 pageSize)', async () => {
    const fake = fakeFetch(json({ page: 1, totalRecords: 0, totalPageNum: 0, data: [] }));
    const params = { pageSize: '50' } as unknown as Parameters<typeof brokerListRebates>[1];
    const error = await errorOf(paginate(brokerListRebates, makeClient(fake.fetch), params));
    expect(error).toMatchObject({ operation: 'B15', issues: [{ field: 'pageSize', rule: 'integer >= 1' }] });
    expect(fake.calls).toHaveLength(0);
  });
});
