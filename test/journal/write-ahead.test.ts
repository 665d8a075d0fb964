/**
 * The journal records each send after the request budget let it through, with the timestamp the
 * request carries and its receive window: a send held by the budget (the service's 429 pause) is
 * journaled when it leaves, and the entry's `sentAt` is that request's. In virtual time, on a fake
 * service.
 */
import { describe, expect, it } from '@jest/globals';
import { createRequestBudget } from '../../src/index.js';
import { memoryTransferJournal, transferOnce } from '../../src/journal/index.js';
import { collect, reply, tooMany, VirtualService } from '../budget/virtual.js';
import { entryOf, payout } from './helpers.js';

describe('the journal under the request budget', () => {
  it('records each send as it leaves: the one after the 429 pause is stamped when the pause ends, not when the payout was asked for', async () => {
    let posts = 0;
    const service = new VirtualService((request) => {
      if (request.method !== 'POST') return reply([]);
      posts += 1;
      return posts === 1 ? tooMany(2) : reply({ tranId: '42' });
    });
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100 });
    const client = service.client({ budget, clock: () => service.scheduler.now(), recvWindow: 3000 });
    const journal = memoryTransferJournal();
    const sentAt = (): Promise<number> => entryOf(journal, 'payout-1').then((entry) => entry.sentAt);

    const call = collect(transferOnce(client, payout('payout-1'), { journal }));
    await service.runUntil(1000);
    // The 429's pause runs: the journal holds the first send (refused), the next is not stamped yet.
    expect([posts, await sentAt()]).toEqual([1, 0]);
    await service.drive(() => call.done);
    expect(call.values).toEqual([expect.objectContaining({ tranId: '42', confirmedBy: 'response', sends: 2 })]);
    expect(service.times('/api/v3/capital/sub-account/universalTransfer')).toEqual([0, 2100]);
    expect(await entryOf(journal, 'payout-1')).toMatchObject({ state: 'settled', sends: 2, sentAt: 2100, recvWindow: 3000 });
  });

  it('an entry of an older journal, with no receive window, is taken to have the longest (60 s) before it is sent again', async () => {
    const service = new VirtualService((request) => (request.method === 'POST' ? reply({ tranId: '43' }) : reply([])));
    const client = service.client({ clock: () => service.scheduler.now() });
    const journal = memoryTransferJournal();
    const { key, ...params } = payout('payout-2');
    await journal.write({ key, operation: 'M6', params: { ...params, clientTranId: 'OLDxJOURNALxENTRY000000000000001' }, state: 'sending', sends: 1, sentAt: 0 }, 0);
    const call = collect(transferOnce(client, payout('payout-2'), { journal, lookups: 1, lookupDelayMs: 1000 }));
    await service.drive(() => call.done);
    expect(call.values).toEqual([expect.objectContaining({ confirmedBy: 'response', sends: 2 })]);
    // One read asked for (at 1000), then the one that proves absence, a lookupDelayMs after 60 s; then the send.
    expect(service.sent.map((r) => [r.method, r.at])).toEqual([['GET', 1000], ['GET', 61_000], ['POST', 61_000]]);
  });
});
