/**
 * Unsubscribing from a call that waits for the request budget takes it out of the queue: nothing
 * is sent, and the calls behind it move up. Unsubscribing from a call in flight aborts it; its
 * slot counts from then on for a window.
 */
import { describe, expect, it } from '@jest/globals';
import { createRequestBudget, listSubAccounts } from '../../src/index.js';
import { collect, lanesInUse, reply, VirtualService } from './virtual.js';

const M2_PATH = '/api/v3/sub-account/list';
const page = (): Response => reply({ subAccounts: [] });

describe('cancellation', () => {
  it('unsubscribing a waiting call removes it from the queue and sends nothing', async () => {
    const service = new VirtualService(page);
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 1, safetyMarginMs: 0 });
    const client = service.client({ budget });
    const calls = [1, 2, 3].map((limit) => collect(listSubAccounts(client, { limit })));
    await service.runUntil(10);
    expect(budget.snapshot().waiting).toBe(2);
    calls[1]?.subscription.unsubscribe();
    expect(budget.snapshot().waiting).toBe(1);
    await service.drive(() => calls[0]!.done && calls[2]!.done);
    await service.runUntil(5000);
    expect(service.sent.map((r) => [r.query.get('limit'), r.at])).toEqual([
      ['1', 0],
      ['3', 1000],
    ]);
    expect(calls[1]?.done).toBe(false);
  });

  it('unsubscribing every waiting call leaves nothing queued and nothing scheduled to send', async () => {
    const service = new VirtualService(page);
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 1, safetyMarginMs: 0 });
    const client = service.client({ budget });
    const first = collect(listSubAccounts(client, {}));
    const waiting = Array.from({ length: 5 }, () => collect(listSubAccounts(client, {})));
    await service.drive(() => first.done);
    for (const call of waiting) call.subscription.unsubscribe();
    // Nobody waits any more: no timer is left to wake the queues.
    expect(service.scheduler.actions).toHaveLength(0);
    await service.runUntil(10_000);
    expect(service.times(M2_PATH)).toEqual([0]);
    expect(budget.snapshot()).toMatchObject({ waiting: 0 });
    expect(lanesInUse(budget.snapshot())).toEqual([]);
  });

  it('unsubscribing a call in flight aborts it, and its slot counts for a window from then', async () => {
    const service = new VirtualService((_request, n) => (n === 0 ? new Promise<Response>(() => undefined) : page()));
    const budget = createRequestBudget({ scheduler: service.scheduler, windowMs: 1000, ipLimit: 1, safetyMarginMs: 0 });
    const client = service.client({ budget });
    const hanging = collect(listSubAccounts(client, {}));
    const next = collect(listSubAccounts(client, {}));
    await service.runUntil(400);
    hanging.subscription.unsubscribe();
    await service.drive(() => next.done);
    expect(service.times(M2_PATH)).toEqual([0, 1400]);
  });
});
