/**
 * What a journal holds unresolved (pendingTransfers), resumeTransfers settling every pending
 * transfer once, and withdrawals (B12): journaled without their fund password, an unknown outcome
 * never sent again automatically, reported with what a person checks, settled by an explicit call.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { lastValueFrom, toArray } from 'rxjs';
import type { ValidationError} from '../../src/index.js';
import { UnknownOutcomeError, type Client } from '../../src/index.js';
import {
  pendingTransfers,
  resumeTransfers,
  settleWithdrawal,
  transferOnce,
  WithdrawalPendingError,
  withdrawOnce,
  type PendingWithdrawal,
} from '../../src/journal/index.js';
import { FUND_PASSWORD } from '../support/harness.js';
import { clientOf, failure, run } from '../simulator/helpers.js';
import { bench, entryOf, fast, payout, type Bench } from './helpers.js';

let b: Bench;
let sub: Client;
beforeEach(async () => {
  b = await bench();
  b.sim.admin.fund('client0001', 'USDT', '100');
  sub = clientOf(b.sim, b.sim.admin.createApiKey('client0001'));
});
afterEach(() => b.sim.close());

const withdrawal = (key: string, amount = '5') =>
  ({ key, coin: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', amount, remark: 'client 7 payout' }) as const;

describe('pendingTransfers and resumeTransfers', () => {
  it('lists the unknown intents only, then resumeTransfers settles each once', async () => {
    await run(transferOnce(b.master, payout('settled'), { journal: b.journal }));
    b.sim.faults.next('M6', 'drop', 2); // 'lost-before': never committed
    await failure(transferOnce(b.master, payout('lost-before'), { journal: b.journal, ...fast }));
    b.sim.faults.next('M6', 'drop-after-commit'); // 'lost-after': committed, and the history read fails too
    b.sim.faults.next('M7', 'status-500', 3);
    await failure(transferOnce(b.master, payout('lost-after', '3'), { journal: b.journal, ...fast }));
    b.sim.faults.clear();
    const pending = await run(pendingTransfers(b.journal));
    expect(pending.map((p) => p.key)).toEqual(['lost-before', 'lost-after']);
    expect(pending[1]).toMatchObject({ kind: 'transfer', operation: 'M6', toAccount: 'strategy01', asset: 'USDT', amount: '3', sends: 1 });
    expect(pending[1]?.sentAt).toBe(b.sim.clock.now());
    expect(b.sim.admin.transfers()).toHaveLength(2);

    const outcomes = await lastValueFrom(resumeTransfers(b.master, b.journal, fast).pipe(toArray()));
    expect(outcomes.map((o) => [o.key, o.result?.confirmedBy])).toEqual([['lost-before', 'response'], ['lost-after', 'history']]);
    expect(b.sim.admin.transfers().map((t) => t.amount)).toEqual(['10', '3', '10']);
    expect(b.sim.admin.balance('strategy01', 'USDT')).toBe('23');
    expect(await run(pendingTransfers(b.journal))).toEqual([]);
    expect(await lastValueFrom(resumeTransfers(b.master, b.journal, fast).pipe(toArray()))).toEqual([]);
  });

  it('reports a transfer it cannot settle and goes on to the next', async () => {
    b.sim.faults.next('M6', 'drop', 4);
    await failure(transferOnce(b.master, payout('a'), { journal: b.journal, ...fast }));
    await failure(transferOnce(b.master, payout('b'), { journal: b.journal, ...fast }));
    b.sim.faults.next('M7', 'status-500'); // the first history read fails: 'a' stays unknown
    const outcomes = await lastValueFrom(resumeTransfers(b.master, b.journal, fast).pipe(toArray()));
    expect(outcomes[0]?.key).toBe('a');
    expect(outcomes[0]?.error).toBeDefined();
    expect(outcomes[1]).toMatchObject({ key: 'b', result: { confirmedBy: 'response' } });
    expect((await run(pendingTransfers(b.journal))).map((p) => p.key)).toEqual(['a']);
  });

  it('resumes only the operations asked for', async () => {
    b.sim.faults.next('M6', 'drop', 2);
    await failure(transferOnce(b.master, payout('m6'), { journal: b.journal, ...fast }));
    expect(await lastValueFrom(resumeTransfers(b.broker, b.journal, { ...fast, operations: ['B13'] }).pipe(toArray()))).toEqual([]);
    expect(await run(pendingTransfers(b.journal))).toHaveLength(1);
  });
});

describe('withdrawOnce (B12)', () => {
  it('withdraws once; the key again returns the recorded id and sends nothing', async () => {
    const first = await run(withdrawOnce(sub, withdrawal('w-1'), { journal: b.journal }));
    expect(first).toMatchObject({ key: 'w-1', confirmedBy: 'response' });
    expect(first.id).toBe(b.sim.admin.withdrawals()[0]?.id);
    expect(await run(withdrawOnce(sub, withdrawal('w-1'), { journal: b.journal }))).toEqual({ ...first, confirmedBy: 'journal' });
    expect(b.sim.admin.withdrawals()).toHaveLength(1);
  });

  it('an unknown outcome is never sent again: pending with what a person checks, settled by hand', async () => {
    b.sim.faults.next('B12', 'drop-after-commit');
    expect(await failure(withdrawOnce(sub, withdrawal('w-2'), { journal: b.journal }))).toBeInstanceOf(UnknownOutcomeError);
    const again = await failure(withdrawOnce(sub, withdrawal('w-2'), { journal: b.journal }));
    expect(again).toBeInstanceOf(WithdrawalPendingError);
    expect((again as Error).message).toMatch(/w-2.*settleWithdrawal/);
    expect(b.sim.admin.withdrawals()).toHaveLength(1);
    expect(await lastValueFrom(resumeTransfers(sub, b.journal, fast).pipe(toArray()))).toEqual([]);
    expect(b.sim.admin.withdrawals()).toHaveLength(1);

    const [pending] = (await run(pendingTransfers(b.journal))) as PendingWithdrawal[];
    expect(pending).toEqual({
      kind: 'withdrawal', key: 'w-2', operation: 'B12', coin: 'USDT', network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      amount: '5', remark: 'client 7 payout', sentAt: b.sim.clock.now(), sends: 1,
    });
    const id = b.sim.admin.withdrawals()[0]?.id ?? '';
    expect(await run(settleWithdrawal(b.journal, 'w-2', { id }))).toMatchObject({ state: 'settled', resultId: id, confirmedBy: 'operator' });
    expect(await run(withdrawOnce(sub, withdrawal('w-2'), { journal: b.journal }))).toEqual({ key: 'w-2', id, confirmedBy: 'operator' });
    expect(await run(pendingTransfers(b.journal))).toEqual([]);
  });

  it('settled by hand as never carried out, the key is sent again', async () => {
    b.sim.faults.next('B12', 'drop');
    await failure(withdrawOnce(sub, withdrawal('w-3'), { journal: b.journal }));
    await run(settleWithdrawal(b.journal, 'w-3', { carriedOut: false }));
    expect(await run(withdrawOnce(sub, withdrawal('w-3'), { journal: b.journal }))).toMatchObject({ confirmedBy: 'response' });
    expect(b.sim.admin.withdrawals()).toHaveLength(1);
  });

  it('settleWithdrawal refuses a key that is not a pending withdrawal, and a finding that says nothing', async () => {
    await run(withdrawOnce(sub, withdrawal('w-4'), { journal: b.journal }));
    expect(((await failure(settleWithdrawal(b.journal, 'w-4', { id: 'x' }))) as ValidationError).issues[0]?.field).toBe('key');
    expect(((await failure(settleWithdrawal(b.journal, 'nope', { id: 'x' }))) as ValidationError).issues[0]?.field).toBe('key');
    b.sim.faults.next('B12', 'drop');
    await failure(withdrawOnce(sub, withdrawal('w-5'), { journal: b.journal }));
    expect(((await failure(settleWithdrawal(b.journal, 'w-5', {} as never))) as ValidationError).issues[0]?.field).toBe('finding');
  });

  it('a fund password is sent but never journaled, and is not part of the comparison', async () => {
    const refused = await failure(withdrawOnce(sub, { ...withdrawal('w-6'), password: FUND_PASSWORD }, { journal: b.journal }));
    expect(refused).toBeDefined(); // the simulator refuses a password on a sub-account created without one
    const entry = await entryOf(b.journal, 'w-6');
    expect(entry.state).toBe('refused');
    expect(JSON.stringify(await b.journal.entries())).not.toContain(FUND_PASSWORD);
    expect(entry.params).not.toHaveProperty('password');
    expect(await run(withdrawOnce(sub, withdrawal('w-6'), { journal: b.journal }))).toMatchObject({ confirmedBy: 'response' });
  });
});
