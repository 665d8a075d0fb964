/**
 * transferOnce and brokerTransferOnce against the simulator with a journal in memory: a settled key
 * sends nothing, the same key with other parameters is refused, an intent left unknown by a crash is
 * settled from the history (or sent once, with its journaled id, when the history proves absence).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { M6 } from '../../src/endpoints/master.js';
import { ApiError, UnknownOutcomeError, ValidationError, type FetchLike } from '../../src/index.js';
import { brokerTransferOnce, JournalConflictError, JournalContendedError, transferOnce } from '../../src/journal/index.js';
import type { JournalEntry } from '../../src/journal/types.js';
import { clientOf, failure, run } from '../simulator/helpers.js';
import { bench, entryOf, fast, payout, type Bench } from './helpers.js';

let b: Bench;
beforeEach(async () => (b = await bench()));
afterEach(() => b.sim.close());

/** An entry as a process leaves it when it dies after its journal write (its request may have left). */
function crashedEntry(key: string, clientTranId: string, sentAt: number): JournalEntry {
  const { key: _key, ...params } = payout(key);
  return { key, operation: 'M6', params: { ...params, clientTranId }, state: 'sending', sends: 1, sentAt, recvWindow: fast.recvWindow };
}

describe('transferOnce (M6)', () => {
  it('sends once, journals the result, and a second call with the key returns it and sends nothing', async () => {
    const first = await run(transferOnce(b.master, payout('payout-1'), { journal: b.journal }));
    expect(first).toMatchObject({ key: 'payout-1', operation: 'M6', confirmedBy: 'response', sends: 1 });
    expect(first.clientTranId).toMatch(/^[A-Za-z0-9]{32}$/);
    const again = await run(transferOnce(b.master, payout('payout-1'), { journal: b.journal }));
    expect(again).toEqual({ ...first, confirmedBy: 'journal' });
    expect(b.sim.admin.transfers()).toHaveLength(1);
    expect(b.sim.admin.transfers()[0]).toMatchObject({ tranId: first.tranId, clientTranId: first.clientTranId, amount: '10' });
    expect(b.sim.admin.balance('strategy01', 'USDT')).toBe('10');
    expect(await entryOf(b.journal, 'payout-1')).toMatchObject({ state: 'settled', resultId: first.tranId, confirmedBy: 'response' });
  });

  it('journals the intent with its clientTranId before the request leaves', async () => {
    const seen: JournalEntry[] = [];
    let written: () => void = () => undefined;
    const firstWrite = new Promise<void>((resolve) => (written = resolve));
    const journal = {
      ...b.journal,
      write: async (entry: JournalEntry, version: number) => {
        seen.push(entry);
        const next = await b.journal.write(entry, version);
        written();
        return next;
      },
    };
    b.sim.faults.next('M6', 'hang');
    const pending = transferOnce(b.master, payout('payout-2'), { journal, timeout: 200 }).subscribe({ error: () => undefined });
    await firstWrite;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ state: 'sending', sends: 1, params: { amount: '10', toAccount: 'strategy01' } });
    expect(seen[0]?.params['clientTranId']).toMatch(/^[A-Za-z0-9]{32}$/);
    pending.unsubscribe();
  });

  it('the same key with other parameters is a JournalConflictError naming them, nothing sent', async () => {
    await run(transferOnce(b.master, payout('payout-3'), { journal: b.journal }));
    const error = await failure(transferOnce(b.master, payout('payout-3', '11'), { journal: b.journal }));
    expect(error).toBeInstanceOf(JournalConflictError);
    expect((error as JournalConflictError).fields).toEqual(['amount']);
    expect(String((error as Error).message)).toMatch(/payout-3.*amount.*nothing was sent/);
    expect(b.sim.admin.transfers()).toHaveLength(1);
  });

  it('a key journaled for M6 is a conflict for B13', async () => {
    await run(transferOnce(b.master, payout('payout-4'), { journal: b.journal }));
    const error = await failure(brokerTransferOnce(b.broker, payout('payout-4'), { journal: b.journal }));
    expect((error as JournalConflictError).fields).toEqual(['operation']);
  });

  it('after a crash between the journal write and the request: the history proves absence, sent once with the journaled id', async () => {
    const id = 'CRASHxBEFORExSEND000000000000001';
    await b.journal.write(crashedEntry('payout-5', id, b.sim.clock.now()), 0);
    const result = await run(transferOnce(b.master, payout('payout-5'), { journal: b.journal, ...fast }));
    expect(result).toMatchObject({ clientTranId: id, confirmedBy: 'response', sends: 2 });
    expect(b.sim.admin.transfers().map((t) => t.clientTranId)).toEqual([id]);
  });

  it('after a crash between the request and its answer: found in the history, nothing sent again', async () => {
    const id = 'CRASHxAFTERxSEND0000000000000002';
    const sentAt = b.sim.clock.now();
    b.sim.faults.next('M6', 'drop-after-commit');
    const { key: _key, ...params } = payout('payout-6');
    // The request reaches the service and commits; its answer is lost with the process.
    expect(await failure(b.master.call(M6, { ...params, clientTranId: id }))).toBeInstanceOf(UnknownOutcomeError);
    b.sim.faults.clear();
    await b.journal.write(crashedEntry('payout-6', id, sentAt), 0);
    const result = await run(transferOnce(b.master, payout('payout-6'), { journal: b.journal, ...fast }));
    expect(result).toMatchObject({ clientTranId: id, confirmedBy: 'history', sends: 1 });
    expect(b.sim.admin.transfers()).toHaveLength(1);
    expect(result.tranId).toBe(b.sim.admin.transfers()[0]?.tranId);
    expect(await entryOf(b.journal, 'payout-6')).toMatchObject({ state: 'settled', confirmedBy: 'history' });
  });

  it('an answer lost in-process is settled from the history as universalTransfer does', async () => {
    b.sim.faults.next('M6', 'drop-after-commit');
    const result = await run(transferOnce(b.master, payout('payout-7'), { journal: b.journal, ...fast }));
    expect(result.confirmedBy).toBe('history');
    expect(b.sim.admin.transfers()).toHaveLength(1);
  });

  it('an outcome left unknown stays sending in the journal, with the error the caller gets', async () => {
    b.sim.faults.next('M6', 'drop', 2);
    const error = await failure(transferOnce(b.master, payout('payout-8'), { journal: b.journal, ...fast }));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    // Both sends were journaled before they left (the second after the history proved the first absent).
    expect(await entryOf(b.journal, 'payout-8')).toMatchObject({ state: 'sending', sends: 2 });
    const later = await run(transferOnce(b.master, payout('payout-8'), { journal: b.journal, ...fast }));
    expect(later).toMatchObject({ confirmedBy: 'response', sends: 3, clientTranId: (error as UnknownOutcomeError).clientTranId });
    expect(b.sim.admin.transfers()).toHaveLength(1);
  });

  it('a refusal is journaled (nothing moved) and the key is sent again later', async () => {
    const error = await failure(transferOnce(b.master, payout('payout-9', '999999999'), { journal: b.journal }));
    expect(error).toBeInstanceOf(ApiError);
    expect(await entryOf(b.journal, 'payout-9')).toMatchObject({ state: 'refused', refusal: expect.stringMatching(/^ApiError: /) as unknown });
    b.sim.admin.fund('simmaster', 'USDT', '999999999');
    const result = await run(transferOnce(b.master, payout('payout-9', '999999999'), { journal: b.journal }));
    expect(result).toMatchObject({ confirmedBy: 'response', sends: 2 });
    expect(b.sim.admin.transfers()).toHaveLength(1);
  });

  it('bad input is a ValidationError before anything is journaled or sent', async () => {
    const noKey = await failure(transferOnce(b.master, { ...payout('x'), key: '' }, { journal: b.journal }));
    expect((noKey as ValidationError).issues).toEqual([{ field: 'key', rule: expect.stringMatching(/idempotency key/) as unknown }]);
    const badAmount = await failure(transferOnce(b.master, payout('payout-10', '-1'), { journal: b.journal }));
    expect((badAmount as ValidationError).issues[0]?.field).toBe('amount');
    const noJournal = await failure(transferOnce(b.master, payout('payout-11'), undefined as never));
    expect((noJournal as ValidationError).issues[0]?.field).toBe('journal');
    expect(await failure(transferOnce(b.master, payout('payout-12'), { journal: b.journal, lookupz: 1 } as never))).toBeInstanceOf(ValidationError);
    expect(await b.journal.entries()).toEqual([]);
    expect(b.sim.admin.transfers()).toEqual([]);
  });

  it('two calls racing on one new key: one sends, the other is a JournalContendedError', async () => {
    const [one, two] = await Promise.allSettled([
      run(transferOnce(b.master, payout('payout-13'), { journal: b.journal })),
      run(transferOnce(b.master, payout('payout-13'), { journal: b.journal })),
    ]);
    const outcomes = [one.status, two.status].sort();
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
    const rejected = [one, two].find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(JournalContendedError);
    expect(b.sim.admin.transfers()).toHaveLength(1);
  });
});

describe('a key another worker is sending', () => {
  it('is not sent again while that request may still be accepted: a request held up on its way is found', async () => {
    // Worker A's request is held up on its way to the service; worker B takes the key up meanwhile.
    let release: () => Promise<unknown> = async () => undefined;
    let arrived: () => void = () => undefined;
    const leftA = new Promise<void>((resolve) => (arrived = resolve));
    const slow: FetchLike = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'POST') return fetch(request);
      const answer = new Promise<Response>((resolve) => (release = () => fetch(request).then(resolve)));
      arrived();
      return answer;
    };
    const a = transferOnce(clientOf(b.sim, b.sim.master, { fetch: slow }), payout('payout-14'), { journal: b.journal, ...fast }).subscribe({ error: () => undefined });
    await leftA;
    // B reads A's send, and its history reads find nothing until the request reaches the service, after B's third.
    let reads = 0;
    const reader: FetchLike = async (input, init) => {
      const answer = await fetch(new Request(input, init));
      if (++reads === 3) await release();
      return answer;
    };
    const taken = await run(transferOnce(clientOf(b.sim, b.sim.master, { fetch: reader }), payout('payout-14'), { journal: b.journal, ...fast, lookups: 3 }));
    a.unsubscribe();
    expect(taken).toMatchObject({ confirmedBy: 'history', sends: 1 });
    expect([reads, b.sim.admin.transfers().length, b.sim.admin.balance('strategy01', 'USDT')]).toEqual([4, 1, '10']);
  });
});

describe('brokerTransferOnce (B13)', () => {
  it('pays a broker sub-account once under a key, resolving a lost answer from B1', async () => {
    const intent = { ...payout('rebate-1'), toAccount: 'client0001' };
    b.sim.faults.next('B13', 'drop-after-commit');
    const first = await run(brokerTransferOnce(b.broker, intent, { journal: b.journal, ...fast }));
    expect(first).toMatchObject({ operation: 'B13', confirmedBy: 'history' });
    const again = await run(brokerTransferOnce(b.broker, intent, { journal: b.journal }));
    expect(again.confirmedBy).toBe('journal');
    expect(b.sim.admin.balance('client0001', 'USDT')).toBe('10');
    expect(b.sim.admin.transfers()).toHaveLength(1);
  });
});
