import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createListenKey,
  createSubAccount,
  createSubAccountApiKey,
  deleteSubAccountApiKey,
  getSubAccountAssets,
  listSubAccountApiKeys,
  listSubAccounts,
  listUniversalTransfers,
  universalTransfer,
  ValidationError,
  type Client,
} from '../../src/index.js';
import { SIM_CODES, type BalanceChangeEvent, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, failure, run, startSim, T0, tranIdOf } from './helpers.js';

let sim: Simulator;
let master: Client;

beforeEach(async () => {
  sim = await startSim();
  master = clientOf(sim, sim.master);
});
afterEach(() => sim.close());

const spot = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

describe('M1 createSubAccount', () => {
  it('creates a sub-account that M2 then lists', async () => {
    await expect(run(createSubAccount(master, { subAccount: 'strategy01', note: 'market making' }))).resolves.toEqual({
      subAccount: 'strategy01',
      note: 'market making',
    });
    const page = await run(listSubAccounts(master, {}));
    expect(page.items).toEqual([{ subAccount: 'strategy01', uid: sim.admin.accountOf('strategy01')?.uid, isFreeze: false, createTime: T0 }]);
  });

  it('keeps text with characters the URL parser would re-escape (the signed text is the text sent)', async () => {
    const note = "desk: a&b = 'c' (x)! ✓ +1*";
    await expect(run(createSubAccount(master, { subAccount: 'strategy09', note }))).resolves.toEqual({ subAccount: 'strategy09', note });
    expect(sim.admin.accountOf('strategy09')?.note).toBe(note);
  });

  it('refuses a taken name with 730101 (across masters and brokers too)', async () => {
    await run(createSubAccount(master, { subAccount: 'strategy01', note: 'a' }));
    expect((await apiError(createSubAccount(master, { subAccount: 'STRATEGY01', note: 'b' }))).code).toBe(SIM_CODES.nameTaken);
    sim.admin.createSubAccount(sim.broker.uid, 'brokersub1');
    expect((await apiError(createSubAccount(master, { subAccount: 'brokersub1', note: 'b' }))).code).toBe(SIM_CODES.nameTaken);
  });

  it('refuses a name breaking the rule before sending', async () => {
    const error = await failure(createSubAccount(master, { subAccount: 'short', note: 'n' }));
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('refuses the sub-account beyond the limit', async () => {
    await sim.close();
    sim = await startSim({ limits: { subAccountsPerMaster: 1 } });
    master = clientOf(sim, sim.master);
    await run(createSubAccount(master, { subAccount: 'strategy01', note: 'a' }));
    expect((await apiError(createSubAccount(master, { subAccount: 'strategy02', note: 'a' }))).code).toBe(SIM_CODES.subAccountLimit);
  });
});

describe('M2 listSubAccounts', () => {
  beforeEach(() => {
    for (let i = 1; i <= 5; i++) {
      sim.admin.createSubAccount('simmaster', `strategy0${i}`);
      sim.clock.advance(1000);
    }
    sim.admin.freeze('strategy02');
  });

  it('filters by name and by frozen state, and pages', async () => {
    expect((await run(listSubAccounts(master, { subAccount: 'strategy03' }))).items.map((s) => s.subAccount)).toEqual(['strategy03']);
    expect((await run(listSubAccounts(master, { isFreeze: true }))).items.map((s) => s.subAccount)).toEqual(['strategy02']);
    expect((await run(listSubAccounts(master, { isFreeze: false }))).items).toHaveLength(4);
    expect((await run(listSubAccounts(master, { page: 2, limit: 2 }))).items.map((s) => s.subAccount)).toEqual(['strategy03', 'strategy04']);
    expect((await run(listSubAccounts(master, { page: 4, limit: 2 }))).items).toEqual([]);
  });

  it('lists only the caller’s own sub-accounts', async () => {
    const other = sim.admin.createAccount('master', 'othermaster');
    sim.admin.createSubAccount('othermaster', 'otherssub1');
    const names = (await run(listSubAccounts(clientOf(sim, other), {}))).items.map((s) => s.subAccount);
    expect(names).toEqual(['otherssub1']);
  });

  it('refuses a page size over 200 before sending', async () => {
    expect(await failure(listSubAccounts(master, { limit: 201 }))).toBeInstanceOf(ValidationError);
  });
});

describe('M3-M5 sub-account API keys', () => {
  beforeEach(() => {
    sim.admin.createSubAccount('simmaster', 'strategy01');
  });

  it('creates a key that then authenticates with exactly its permissions', async () => {
    const created = await run(
      createSubAccountApiKey(master, { subAccount: 'strategy01', note: 'bot', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'] }),
    );
    expect(created).toMatchObject({ subAccount: 'strategy01', note: 'bot', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEAL_READ'], ip: [], createTime: T0 });
    const subClient = clientOf(sim, created);
    await expect(run(createListenKey(subClient))).resolves.toHaveProperty('listenKey');
    // A master-sub key is not a master key: master operations are refused.
    expect((await apiError(listSubAccounts(subClient, {}))).code).toBe(SIM_CODES.noAuthority);

    const readOnly = await run(createSubAccountApiKey(master, { subAccount: 'strategy01', note: 'ro', permissions: ['SPOT_DEAL_READ'] }));
    expect((await apiError(createListenKey(clientOf(sim, readOnly)))).code).toBe(SIM_CODES.noPermission);
  });

  it('binds a key to its IP whitelist', async () => {
    const bound = await run(
      createSubAccountApiKey(master, { subAccount: 'strategy01', note: 'bound', permissions: ['SPOT_ACCOUNT_READ'], ip: ['10.1.2.3', '10.1.2.4'] }),
    );
    expect(bound.ip).toEqual(['10.1.2.3', '10.1.2.4']);
    const error = await apiError(createListenKey(clientOf(sim, bound)));
    expect([error.code, error.status]).toEqual([SIM_CODES.ipNotWhitelisted, 403]);
    sim.admin.setClientIp('10.1.2.4');
    await expect(run(createListenKey(clientOf(sim, bound)))).resolves.toHaveProperty('listenKey');
  });

  it('lists keys without their secrets, and deletes them', async () => {
    const a = await run(createSubAccountApiKey(master, { subAccount: 'strategy01', note: 'a', permissions: ['SPOT_ACCOUNT_READ'] }));
    const b = await run(createSubAccountApiKey(master, { subAccount: 'strategy01', note: 'b', permissions: ['SPOT_TRANSFER_READ'] }));
    const listed = await run(listSubAccountApiKeys(master, { subAccount: 'strategy01' }));
    expect(listed.map((k) => [k.apiKey, k.note, k.permissions])).toEqual([
      [a.apiKey, 'a', ['SPOT_ACCOUNT_READ']],
      [b.apiKey, 'b', ['SPOT_TRANSFER_READ']],
    ]);
    expect(JSON.stringify(listed)).not.toContain(a.secretKey);

    await expect(run(deleteSubAccountApiKey(master, { subAccount: 'strategy01', apiKey: a.apiKey }))).resolves.toEqual({ subAccount: 'strategy01' });
    expect((await run(listSubAccountApiKeys(master, { subAccount: 'strategy01' }))).map((k) => k.apiKey)).toEqual([b.apiKey]);
    expect((await apiError(createListenKey(clientOf(sim, a)))).code).toBe(SIM_CODES.invalidAccessKey);
    expect((await apiError(deleteSubAccountApiKey(master, { subAccount: 'strategy01', apiKey: a.apiKey }))).code).toBe(SIM_CODES.apiKeyUnknown);
  });

  it('refuses an unknown sub-account, or another master’s, with 140001', async () => {
    sim.admin.createAccount('master', 'othermaster');
    sim.admin.createSubAccount('othermaster', 'otherssub1');
    for (const subAccount of ['nosuchsub1', 'otherssub1']) {
      expect((await apiError(createSubAccountApiKey(master, { subAccount, note: 'x', permissions: ['SPOT_ACCOUNT_READ'] }))).code).toBe(
        SIM_CODES.subAccountMissing,
      );
      expect((await apiError(listSubAccountApiKeys(master, { subAccount }))).code).toBe(SIM_CODES.subAccountMissing);
      expect((await apiError(deleteSubAccountApiKey(master, { subAccount, apiKey: 'mx0vabc' }))).code).toBe(SIM_CODES.subAccountMissing);
    }
  });

  it('refuses the key beyond the limit of 30 per sub-account', async () => {
    for (let i = 0; i < 30; i++) sim.admin.createApiKey('strategy01');
    const error = await apiError(createSubAccountApiKey(master, { subAccount: 'strategy01', note: 'x', permissions: ['SPOT_ACCOUNT_READ'] }));
    expect(error.code).toBe(SIM_CODES.tooManyApiKeys);
  });
});

describe('M6 universalTransfer and M8 getSubAccountAssets', () => {
  beforeEach(() => {
    sim.admin.createSubAccount('simmaster', 'strategy01');
    sim.admin.createSubAccount('simmaster', 'strategy02');
  });

  it('moves balances between master and sub-accounts, exactly', async () => {
    const receipt = await run(universalTransfer(master, { ...spot, toAccount: 'strategy01', asset: 'USDT', amount: '1000.1' }));
    expect(receipt.tranId).toMatch(/^\d+$/);
    await run(universalTransfer(master, { ...spot, toAccount: 'strategy01', asset: 'USDT', amount: '0.2' }));
    await run(universalTransfer(master, { ...spot, fromAccount: 'strategy01', toAccount: 'strategy02', asset: 'USDT', amount: '0.000000000000000001' }));
    await run(universalTransfer(master, { ...spot, fromAccount: 'strategy01', asset: 'USDT', amount: '300' }));
    await run(universalTransfer(master, { fromAccountType: 'SPOT', toAccountType: 'FUTURES', toAccount: 'strategy02', asset: 'BTC', amount: '0.5' }));

    expect(await run(getSubAccountAssets(master, { subAccount: 'strategy01' }))).toEqual([{ asset: 'USDT', free: '700.299999999999999999', locked: '0' }]);
    expect(await run(getSubAccountAssets(master, { subAccount: 'strategy02' }))).toEqual([{ asset: 'USDT', free: '0.000000000000000001', locked: '0' }]);
    expect(sim.admin.balance('strategy02', 'BTC', 'FUTURES')).toBe('0.5');
    expect(sim.admin.balance('simmaster', 'USDT')).toBe('99299.7');
    expect(sim.admin.balance('simmaster', 'BTC')).toBe('9.5');
  });

  it('announces each balance change on the event hook', async () => {
    const changes: BalanceChangeEvent[] = [];
    const subscription = sim.admin.balanceChanges('strategy01').subscribe((e) => changes.push(e));
    await run(universalTransfer(master, { ...spot, toAccount: 'strategy01', asset: 'USDT', amount: '12.5' }));
    await run(universalTransfer(master, { ...spot, fromAccount: 'strategy01', asset: 'USDT', amount: '2.5' }));
    subscription.unsubscribe();
    expect(changes.map((e) => [e.accountType, e.asset, e.free, e.freeChange, e.reason, e.time])).toEqual([
      ['SPOT', 'USDT', '12.5', '12.5', 'transfer', T0],
      ['SPOT', 'USDT', '10', '-2.5', 'transfer', T0],
    ]);
  });

  it('refuses an insufficient balance and changes nothing', async () => {
    const error = await apiError(universalTransfer(master, { ...spot, toAccount: 'strategy01', asset: 'BTC', amount: '10.00000001' }));
    expect(error.code).toBe(SIM_CODES.insufficientBalance);
    expect(sim.admin.balance('simmaster', 'BTC')).toBe('10');
    expect(sim.admin.transfers()).toEqual([]);
    expect((await apiError(universalTransfer(master, { ...spot, fromAccount: 'strategy01', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.insufficientBalance,
    );
  });

  it('refuses unknown accounts, the same account and type, frozen accounts and a reused clientTranId', async () => {
    expect((await apiError(universalTransfer(master, { ...spot, toAccount: 'nosuchsub1', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.subAccountMissing,
    );
    sim.admin.createSubAccount('simbroker', 'brokersub1');
    expect((await apiError(universalTransfer(master, { ...spot, toAccount: 'brokersub1', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.subAccountMissing,
    );
    expect((await apiError(universalTransfer(master, { ...spot, asset: 'USDT', amount: '1' }))).code).toBe(SIM_CODES.transferNotSupported);
    sim.admin.freeze('strategy02');
    expect((await apiError(universalTransfer(master, { ...spot, toAccount: 'strategy02', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.subAccountForbidden,
    );
    const clientTranId = tranIdOf(1);
    await run(universalTransfer(master, { ...spot, clientTranId, toAccount: 'strategy01', asset: 'USDT', amount: '1' }));
    expect((await apiError(universalTransfer(master, { ...spot, clientTranId, toAccount: 'strategy01', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.duplicateClientTranId,
    );
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('1');
  });

  it('M8 refuses an unknown sub-account and non-SPOT types', async () => {
    expect((await apiError(getSubAccountAssets(master, { subAccount: 'nosuchsub1' }))).code).toBe(SIM_CODES.subAccountMissing);
    const asFutures = { subAccount: 'strategy01', accountType: 'FUTURES' } as unknown as { subAccount: string };
    expect(await failure(getSubAccountAssets(master, asFutures))).toBeInstanceOf(ValidationError);
    expect(await run(getSubAccountAssets(master, { subAccount: 'strategy01' }))).toEqual([]);
  });
});

describe('M7 listUniversalTransfers', () => {
  beforeEach(async () => {
    sim.admin.createSubAccount('simmaster', 'strategy01');
    sim.admin.createSubAccount('simmaster', 'strategy02');
    for (let i = 1; i <= 5; i++) {
      await run(universalTransfer(master, { ...spot, clientTranId: tranIdOf(i), toAccount: 'strategy01', asset: 'USDT', amount: String(i) }));
      sim.clock.advance(60_000);
    }
    await run(universalTransfer(master, { ...spot, fromAccount: 'strategy01', toAccount: 'strategy02', asset: 'USDT', amount: '2' }));
    await run(universalTransfer(master, { fromAccountType: 'SPOT', toAccountType: 'FUTURES', asset: 'BTC', amount: '1' }));
  });

  it('lists transfers matching the parties and types, newest first, in the record shape', async () => {
    const page = await run(listUniversalTransfers(master, { ...spot, toAccount: 'strategy01' }));
    expect(page.items.map((t) => t.amount)).toEqual(['5', '4', '3', '2', '1']);
    expect(page.items[0]).toMatchObject({
      clientTranId: tranIdOf(5),
      fromAccount: 'simmaster',
      toAccount: 'strategy01',
      fromAccountType: 'SPOT',
      toAccountType: 'SPOT',
      asset: 'USDT',
      status: 'SUCCESS',
      timestamp: T0 + 4 * 60_000,
    });
    const between = await run(listUniversalTransfers(master, { ...spot, fromAccount: 'strategy01', toAccount: 'strategy02' }));
    expect(between.items.map((t) => t.amount)).toEqual(['2']);
    // Both parties omitted: the master on both sides (the spec's "master account when omitted").
    const own = await run(listUniversalTransfers(master, { fromAccountType: 'SPOT', toAccountType: 'FUTURES' }));
    expect(own.items.map((t) => [t.asset, t.amount, t.toAccountType])).toEqual([['BTC', '1', 'FUTURES']]);
    expect((await run(listUniversalTransfers(master, { ...spot }))).items).toEqual([]);
  });

  it('filters by clientTranId and time, and pages', async () => {
    const byId = await run(listUniversalTransfers(master, { ...spot, toAccount: 'strategy01', clientTranId: tranIdOf(3) }));
    expect(byId.items.map((t) => t.amount)).toEqual(['3']);
    const window = await run(
      listUniversalTransfers(master, { ...spot, toAccount: 'strategy01', startTime: T0 + 60_000, endTime: T0 + 3 * 60_000 }),
    );
    expect(window.items.map((t) => t.amount)).toEqual(['4', '3', '2']);
    const page2 = await run(listUniversalTransfers(master, { ...spot, toAccount: 'strategy01', page: 2, limit: 2 }));
    expect(page2.items.map((t) => t.amount)).toEqual(['3', '2']);
  });

  it('refuses an unknown party and a page size over 500', async () => {
    expect((await apiError(listUniversalTransfers(master, { ...spot, toAccount: 'nosuchsub1' }))).code).toBe(SIM_CODES.subAccountMissing);
    expect(await failure(listUniversalTransfers(master, { ...spot, limit: 501 }))).toBeInstanceOf(ValidationError);
  });
});
