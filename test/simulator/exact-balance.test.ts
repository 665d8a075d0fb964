/**
 * The ledger's boundary: a debit of exactly the whole available balance goes through and leaves
 * zero; one smallest unit more is refused and moves nothing. Random amounts in the conservation
 * property almost never hit equality, so it is tested here on purpose.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createSubAccount, universalTransfer } from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, run, startSim } from './helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await startSim({ master: { balances: { USDT: '1000', BTC: '0.00012345' } } });
});
afterEach(() => sim.close());

const toSub = (amount: string, asset = 'USDT') => ({ toAccount: 'exactsub1', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset, amount }) as const;
const fromSub = (amount: string, asset = 'USDT') => ({ fromAccount: 'exactsub1', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset, amount }) as const;

describe('debiting exactly the whole available balance', () => {
  it('moves all of it, leaving zero, in both directions', async () => {
    const master = clientOf(sim, sim.master);
    await run(createSubAccount(master, { subAccount: 'exactsub1', note: 'boundary' }));
    await run(universalTransfer(master, toSub('1000')));
    expect(sim.admin.balance(sim.master.name, 'USDT')).toBe('0');
    expect(sim.admin.balance('exactsub1', 'USDT')).toBe('1000');
    await run(universalTransfer(master, fromSub('1000')));
    expect(sim.admin.balance('exactsub1', 'USDT')).toBe('0');
    expect(sim.admin.balance(sim.master.name, 'USDT')).toBe('1000');
  });

  it('moves exactly the whole of a balance with eight decimals', async () => {
    const master = clientOf(sim, sim.master);
    await run(createSubAccount(master, { subAccount: 'exactsub1', note: 'boundary' }));
    await run(universalTransfer(master, toSub('0.00012345', 'BTC')));
    expect(sim.admin.balance(sim.master.name, 'BTC')).toBe('0');
    expect(sim.admin.balance('exactsub1', 'BTC')).toBe('0.00012345');
  });

  it('refuses one smallest unit more than the balance, and moves nothing', async () => {
    const master = clientOf(sim, sim.master);
    await run(createSubAccount(master, { subAccount: 'exactsub1', note: 'boundary' }));
    const refused = await apiError(universalTransfer(master, toSub('1000.00000001')));
    expect(refused.code).toBe(SIM_CODES.insufficientBalance);
    expect(sim.admin.balance(sim.master.name, 'USDT')).toBe('1000');
    expect(sim.admin.balance('exactsub1', 'USDT')).toBe('0');
  });
});

describe('the ledger as the admin interface shows it', () => {
  it('lists balance lines by account type, then asset, whatever order they were opened in', async () => {
    const master = clientOf(sim, sim.master);
    await run(createSubAccount(master, { subAccount: 'exactsub1', note: 'order' }));
    // Opened in the order: SPOT USDT, FUTURES BTC, SPOT BTC, FUTURES USDT.
    await run(universalTransfer(master, toSub('1')));
    await run(universalTransfer(master, { ...toSub('0.00000001', 'BTC'), toAccountType: 'FUTURES' }));
    await run(universalTransfer(master, toSub('0.00000002', 'BTC')));
    await run(universalTransfer(master, { ...toSub('2'), toAccountType: 'FUTURES' }));
    expect(sim.admin.balances('exactsub1').map((b) => `${b.accountType} ${b.asset} ${b.free}`)).toEqual([
      'FUTURES BTC 0.00000001',
      'FUTURES USDT 2',
      'SPOT BTC 0.00000002',
      'SPOT USDT 1',
    ]);
  });

  it('totals each asset over every account: a transfer leaves the totals alone, funding adds to them', async () => {
    const master = clientOf(sim, sim.master);
    const before = sim.admin.totals();
    await run(createSubAccount(master, { subAccount: 'exactsub1', note: 'totals' }));
    await run(universalTransfer(master, toSub('250')));
    // Every account's lines, added up here (the amounts of this test are exact in binary).
    const added = new Map<string, number>();
    for (const account of sim.admin.accounts()) {
      for (const b of sim.admin.balances(account.uid)) added.set(b.asset, (added.get(b.asset) ?? 0) + Number(b.free) + Number(b.locked));
    }
    expect(added.get('USDT')).toBeGreaterThanOrEqual(1000);
    expect(new Map([...before].map(([asset, total]) => [asset, Number(total)]))).toEqual(added);
    expect(sim.admin.totals()).toEqual(before);
    sim.admin.fund('exactsub1', 'USDT', '0.5', 'FUTURES');
    expect(Number(sim.admin.totals().get('USDT'))).toBe((added.get('USDT') ?? 0) + 0.5);
  });
});
