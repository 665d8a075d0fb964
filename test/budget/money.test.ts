/**
 * Money-moving calls under the request budget: a 429 or 418 is a refusal before the service acted,
 * so the transfer is sent again after the pause (same clientTranId), never dropped and never
 * doubled; a paused budget delays a transfer and sends it once; a 5XX still goes the unknown-outcome
 * way, its history lookups waiting out pauses like any call. These tests try to make a transfer
 * happen twice.
 */
import { describe, expect, it } from '@jest/globals';
import { createRequestBudget, RateLimitedError, universalTransfer, UnknownOutcomeError, type RequestBudgetOptions } from '../../src/index.js';
import { banned, collect, reply, tooMany, VirtualService, type Script } from './virtual.js';

const TRAN_ID = 'Tx0123456789abcdefABCDEF01234567';
const OTHER_ID = 'Ty0123456789abcdefABCDEF01234567';
const transfer = { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount: '10' } as const;
const historyRecord = (clientTranId: string) => ({
  tranId: '777',
  fromAccount: 'simmaster',
  toAccount: 'strategy01',
  clientTranId,
  asset: 'USDT',
  amount: '10',
  fromAccountType: 'SPOT',
  toAccountType: 'SPOT',
  status: 'SUCCESS',
  timestamp: 1_700_000_000_000,
});

/**
 * A ledger behind the fake service: M6 (POST) answers the scripted refusals or failures first,
 * and commits a transfer only when it answers 200 or a 500 "after commit"; M7 (GET) answers its
 * own script first, then the history of committed transfers.
 */
function ledger(post: readonly (() => Response | 'commit-then-500')[], get: readonly (() => Response)[] = []) {
  const committed: string[] = [];
  const script: Script = (request, n) => {
    const id = request.query.get('clientTranId') ?? '';
    if (request.method === 'POST') {
      const step = post[n]?.() ?? 'ok';
      if (step instanceof Response) return step;
      committed.push(id);
      return step === 'commit-then-500' ? reply({ code: 500, msg: 'internal error' }, 500) : reply({ tranId: String(committed.length) });
    }
    const early = get[n];
    return early ? early() : reply(committed.filter((c) => c === id).map(historyRecord));
  };
  return { committed, service: new VirtualService(script) };
}

const budgetOn = (service: VirtualService, options: RequestBudgetOptions = {}) =>
  createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 100, maxPauseWaitMs: 60_000, ...options });

describe('money-moving calls under pauses', () => {
  it('a transfer refused with 429, then 418, is sent again after each pause with the same clientTranId, and happens once', async () => {
    const { committed, service } = ledger([() => tooMany(2), () => banned(5)]);
    const client = service.client({ budget: budgetOn(service) });
    const call = collect(universalTransfer(client, { ...transfer, clientTranId: TRAN_ID }, { lookupDelayMs: 1 }));
    await service.drive(() => call.done);
    expect(call.error).toBeUndefined();
    expect(call.values).toEqual([expect.objectContaining({ clientTranId: TRAN_ID, confirmedBy: 'response' })]);
    const posts = service.sent.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.at, r.query.get('clientTranId')])).toEqual([
      [0, TRAN_ID],
      [2100, TRAN_ID],
      [7200, TRAN_ID],
    ]);
    expect(committed).toEqual([TRAN_ID]);
  });

  it('a transfer made while its endpoint is paused waits, then goes once: delayed, not dropped, not doubled', async () => {
    const { committed, service } = ledger([() => tooMany(3)]);
    const budget = budgetOn(service);
    const first = collect(universalTransfer(service.client({ apiKey: 'mx0firstKEY', budget }), { ...transfer, clientTranId: TRAN_ID }));
    await service.runUntil(1);
    const second = collect(universalTransfer(service.client({ apiKey: 'mx0secondKEY', budget }), { ...transfer, clientTranId: OTHER_ID }));
    await service.runUntil(3000);
    expect(service.sent).toHaveLength(1);
    await service.drive(() => first.done && second.done);
    expect(service.sent.map((r) => [r.at, r.query.get('clientTranId')])).toEqual([
      [0, TRAN_ID],
      [3100, TRAN_ID],
      [3100, OTHER_ID],
    ]);
    expect(committed).toEqual([TRAN_ID, OTHER_ID]);
  });

  it('a 5XX after commit, with the history paused by a 429: the lookup waits out the pause, finds the transfer, and it is not sent again', async () => {
    const { committed, service } = ledger([() => 'commit-then-500'], [() => tooMany(4)]);
    const client = service.client({ budget: budgetOn(service) });
    const call = collect(universalTransfer(client, { ...transfer, clientTranId: TRAN_ID }, { lookupDelayMs: 1000 }));
    await service.drive(() => call.done);
    expect(call.values).toEqual([expect.objectContaining({ confirmedBy: 'history', clientTranId: TRAN_ID })]);
    expect(service.sent.map((r) => [r.method, r.at])).toEqual([
      ['POST', 0],
      ['GET', 1000],
      ['GET', 5100],
    ]);
    expect(committed).toEqual([TRAN_ID]);
  });

  it('a 5XX after commit while the IP is banned for long: UnknownOutcomeError, never a second send', async () => {
    const { committed, service } = ledger([() => 'commit-then-500'], [() => banned(3600)]);
    const client = service.client({ budget: budgetOn(service) });
    const call = collect(universalTransfer(client, { ...transfer, clientTranId: TRAN_ID }, { lookupDelayMs: 1000, lookups: 3 }));
    await service.drive(() => call.done);
    expect(call.error).toBeInstanceOf(UnknownOutcomeError);
    expect((call.error as UnknownOutcomeError).clientTranId).toBe(TRAN_ID);
    expect(service.sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(committed).toEqual([TRAN_ID]);
    // While the ban runs, a new transfer is refused by the budget with nothing sent.
    const during = collect(universalTransfer(client, { ...transfer, clientTranId: OTHER_ID }));
    expect(during.error).toBeInstanceOf(RateLimitedError);
    expect(service.sent.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a 5XX before commit: the history proves absence, and the one resend waits for the budget like any call', async () => {
    const { committed, service } = ledger([() => reply({ code: 500, msg: 'down' }, 500), () => tooMany(2)]);
    // The client's clock is the virtual one, so the request's receive window (5000) closes at 5000.
    const client = service.client({ budget: budgetOn(service), clock: () => service.scheduler.now() });
    const call = collect(universalTransfer(client, { ...transfer, clientTranId: TRAN_ID }, { lookupDelayMs: 1000, lookups: 1 }));
    await service.drive(() => call.done);
    expect(call.values).toEqual([expect.objectContaining({ confirmedBy: 'response' })]);
    expect(service.sent.map((r) => [r.method, r.at])).toEqual([
      ['POST', 0],
      // The one lookup asked for, while the first request could still be accepted: it proves nothing.
      ['GET', 1000],
      // A lookupDelayMs after the window closed: absence proven, and the resend goes at once, to a 429.
      ['GET', 6000],
      ['POST', 6000],
      ['POST', 8100],
    ]);
    expect(committed).toEqual([TRAN_ID]);
  });
});
