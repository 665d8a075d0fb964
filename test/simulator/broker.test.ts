import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  brokerCreateSubAccount,
  brokerCreateSubAccountApiKey,
  brokerDeleteSubAccountApiKey,
  brokerEnableFutures,
  brokerGetSubAccountStatus,
  brokerListRebates,
  brokerListSubAccountApiKeys,
  brokerListSubAccounts,
  brokerListUniversalTransfers,
  brokerUniversalTransfer,
  createListenKey,
  ValidationError,
  type Client,
} from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, failure, run, startSim, T0, tranIdOf } from './helpers.js';

let sim: Simulator;
let broker: Client;

beforeEach(async () => {
  sim = await startSim();
  broker = clientOf(sim, sim.broker);
});
afterEach(() => sim.close());

const spot = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

describe('B2 brokerCreateSubAccount and B3 brokerListSubAccounts', () => {
  it('creates sub-accounts (envelope unwrapped) and lists them with paging', async () => {
    await expect(run(brokerCreateSubAccount(broker, { subAccount: 'client0001', note: 'retail 1', password: 'fa11edc0ffee0123456789abcdef4242' }))).resolves.toEqual({
      subAccount: 'client0001',
      note: 'retail 1',
      createTime: T0,
    });
    for (let i = 2; i <= 4; i++) {
      sim.clock.advance(1000);
      await run(brokerCreateSubAccount(broker, { subAccount: `client000${i}`, note: `retail ${i}` }));
    }
    expect(sim.admin.accountOf('client0001')).toMatchObject({ kind: 'broker-sub', parentUid: sim.broker.uid });
    expect((await run(brokerListSubAccounts(broker, {}))).items.map((s) => s.subAccount)).toEqual(['client0001', 'client0002', 'client0003', 'client0004']);
    expect((await run(brokerListSubAccounts(broker, { page: 2, limit: 3 }))).items).toEqual([{ subAccount: 'client0004', note: 'retail 4', createTime: T0 + 3000 }]);
    expect((await run(brokerListSubAccounts(broker, { subAccount: 'client0002' }))).items.map((s) => s.note)).toEqual(['retail 2']);
  });

  it('refuses a taken name with 730101 (answered in the envelope) and a bad name or page size before sending', async () => {
    await run(brokerCreateSubAccount(broker, { subAccount: 'client0001', note: 'n' }));
    const error = await apiError(brokerCreateSubAccount(broker, { subAccount: 'client0001', note: 'n' }));
    expect(error.code).toBe(SIM_CODES.nameTaken);
    expect(await failure(brokerCreateSubAccount(broker, { subAccount: 'bad name!', note: 'n' }))).toBeInstanceOf(ValidationError);
    expect(await failure(brokerListSubAccounts(broker, { limit: 201 }))).toBeInstanceOf(ValidationError);
  });

  it('is for brokers only', async () => {
    const master = clientOf(sim, sim.master);
    expect((await apiError(brokerCreateSubAccount(master, { subAccount: 'client0001', note: 'n' }))).code).toBe(SIM_CODES.noAuthority);
  });
});

describe('B4 brokerGetSubAccountStatus', () => {
  it('answers normal or frozen, and 140001 for a sub-account the broker does not have', async () => {
    sim.admin.createSubAccount('simbroker', 'client0001');
    await expect(run(brokerGetSubAccountStatus(broker, { subAccount: 'client0001' }))).resolves.toEqual({ status: 'normal' });
    sim.admin.freeze('client0001');
    await expect(run(brokerGetSubAccountStatus(broker, { subAccount: 'client0001' }))).resolves.toEqual({ status: 'frozen' });
    sim.admin.createSubAccount('simmaster', 'mastersub1');
    for (const subAccount of ['nosuchsub1', 'mastersub1']) {
      expect((await apiError(brokerGetSubAccountStatus(broker, { subAccount }))).code).toBe(SIM_CODES.subAccountMissing);
    }
  });
});

describe('B5-B7 broker sub-account API keys', () => {
  beforeEach(() => {
    sim.admin.createSubAccount('simbroker', 'client0001');
  });

  it('creates (apikey/createTime spelling), lists and deletes keys that authenticate as the sub-account', async () => {
    const created = await run(
      brokerCreateSubAccountApiKey(broker, { subAccount: 'client0001', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEPOSIT_READ'], ip: ['127.0.0.1'], note: 'app' }),
    );
    expect(created).toMatchObject({ subAccount: 'client0001', note: 'app', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEPOSIT_READ'], ip: ['127.0.0.1'], createTime: T0 });
    await expect(run(createListenKey(clientOf(sim, created)))).resolves.toHaveProperty('listenKey');
    const listed = await run(brokerListSubAccountApiKeys(broker, { subAccount: 'client0001' }));
    expect(listed.map((k) => k.apiKey)).toEqual([created.apiKey]);
    await expect(run(brokerDeleteSubAccountApiKey(broker, { subAccount: 'client0001', apiKey: created.apiKey }))).resolves.toEqual({ subAccount: 'client0001' });
    expect(await run(brokerListSubAccountApiKeys(broker, { subAccount: 'client0001' }))).toEqual([]);
    expect((await apiError(createListenKey(clientOf(sim, created)))).code).toBe(SIM_CODES.invalidAccessKey);
  });

  it('refuses unknown sub-accounts and keys, and more than 4 IPs before sending', async () => {
    expect((await apiError(brokerCreateSubAccountApiKey(broker, { subAccount: 'nosuchsub1', permissions: ['SPOT_ACCOUNT_READ'], note: 'n' }))).code).toBe(
      SIM_CODES.subAccountMissing,
    );
    expect((await apiError(brokerListSubAccountApiKeys(broker, { subAccount: 'nosuchsub1' }))).code).toBe(SIM_CODES.subAccountMissing);
    expect((await apiError(brokerDeleteSubAccountApiKey(broker, { subAccount: 'client0001', apiKey: 'mx0vnosuchkey' }))).code).toBe(SIM_CODES.apiKeyUnknown);
    const tooMany = { subAccount: 'client0001', permissions: ['SPOT_ACCOUNT_READ'], ip: ['1.1.1.1', '1.1.1.2', '1.1.1.3', '1.1.1.4', '1.1.1.5'], note: 'n' } as const;
    expect(await failure(brokerCreateSubAccountApiKey(broker, tooMany))).toBeInstanceOf(ValidationError);
  });
});

describe('B13 brokerUniversalTransfer and B1 brokerListUniversalTransfers', () => {
  beforeEach(() => {
    sim.admin.createSubAccount('simbroker', 'client0001');
    sim.admin.createSubAccount('simbroker', 'client0002');
  });

  it('moves balances and lists the broker’s transfers', async () => {
    const receipt = await run(brokerUniversalTransfer(broker, { ...spot, clientTranId: tranIdOf(1), toAccount: 'client0001', asset: 'USDT', amount: '250.5' }));
    expect(receipt.tranId).toMatch(/^[0-9a-f]{32}$/);
    sim.clock.advance(1000);
    await run(brokerUniversalTransfer(broker, { ...spot, fromAccount: 'client0001', toAccount: 'client0002', asset: 'USDT', amount: '50.25' }));
    expect(sim.admin.balance('client0001', 'USDT')).toBe('200.25');
    expect(sim.admin.balance('client0002', 'USDT')).toBe('50.25');
    expect(sim.admin.balance('simbroker', 'USDT')).toBe('99749.5');

    const toFirst = await run(brokerListUniversalTransfers(broker, { ...spot, toAccount: 'client0001' }));
    expect(toFirst.items).toEqual([
      expect.objectContaining({ tranId: receipt.tranId, clientTranId: tranIdOf(1), fromAccount: 'simbroker', toAccount: 'client0001', amount: '250.5', timestamp: T0 }),
    ]);
    const between = await run(brokerListUniversalTransfers(broker, { ...spot, fromAccount: 'client0001', toAccount: 'client0002', startTime: T0 + 1, limit: 1 }));
    expect(between.items.map((t) => t.amount)).toEqual(['50.25']);
    expect(await failure(brokerListUniversalTransfers(broker, { ...spot, limit: 501 }))).toBeInstanceOf(ValidationError);
  });

  it('refuses insufficient balances, unknown sub-accounts (a master’s too) and reused ids', async () => {
    expect((await apiError(brokerUniversalTransfer(broker, { ...spot, fromAccount: 'client0001', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.insufficientBalance,
    );
    sim.admin.createSubAccount('simmaster', 'mastersub1');
    expect((await apiError(brokerUniversalTransfer(broker, { ...spot, toAccount: 'mastersub1', asset: 'USDT', amount: '1' }))).code).toBe(
      SIM_CODES.subAccountMissing,
    );
    expect((await apiError(brokerListUniversalTransfers(broker, { ...spot, toAccount: 'mastersub1' }))).code).toBe(SIM_CODES.subAccountMissing);
    await run(brokerUniversalTransfer(broker, { ...spot, clientTranId: tranIdOf(9), toAccount: 'client0001', asset: 'BTC', amount: '1' }));
    expect((await apiError(brokerUniversalTransfer(broker, { ...spot, clientTranId: tranIdOf(9), toAccount: 'client0001', asset: 'BTC', amount: '1' }))).code).toBe(
      SIM_CODES.duplicateClientTranId,
    );
  });

  it('is for brokers only', async () => {
    const master = clientOf(sim, sim.master);
    expect((await apiError(brokerUniversalTransfer(master, { ...spot, toAccount: 'client0001', asset: 'USDT', amount: '1' }))).code).toBe(SIM_CODES.noAuthority);
  });
});

describe('B14 brokerEnableFutures', () => {
  it('enables futures for a sub-account (envelope unwrapped)', async () => {
    sim.admin.createSubAccount('simbroker', 'client0001');
    sim.clock.advance(5000);
    await expect(run(brokerEnableFutures(broker, { subAccount: 'client0001' }))).resolves.toEqual({
      subAccount: 'client0001',
      isFuturesEnabled: true,
      timestamp: T0 + 5000,
    });
    expect(sim.admin.accountOf('client0001')?.futuresEnabled).toBe(true);
    expect((await apiError(brokerEnableFutures(broker, { subAccount: 'nosuchsub1' }))).code).toBe(SIM_CODES.subAccountMissing);
  });
});

describe('B15 brokerListRebates', () => {
  it('pages the broker’s rebates, newest first, and filters by time', async () => {
    for (let day = 1; day <= 12; day++) {
      sim.admin.addRebate({ asset: 'USDT', amount: `0.${day}`, uid: '12345', time: `202503${String(day).padStart(2, '0')}` });
    }
    sim.admin.addRebate({ asset: 'USDT', amount: '9', time: '20250301', broker: 'simmaster' });
    const first = await run(brokerListRebates(broker, {}));
    expect([first.total, first.page, first.totalPages, first.items.length]).toEqual([12, 1, 2, 10]);
    expect(first.items[0]).toEqual({ asset: 'USDT', amount: '0.12', type: 'spot', uid: '12345', date: '20250312' });
    const second = await run(brokerListRebates(broker, { page: 2, pageSize: 5 }));
    expect(second.items.map((r) => r.date)).toEqual(['20250307', '20250306', '20250305', '20250304', '20250303']);
    const window = await run(brokerListRebates(broker, { startTime: Date.UTC(2025, 2, 10, 15), endTime: Date.UTC(2025, 2, 11) }));
    expect(window.items.map((r) => r.date)).toEqual(['20250311', '20250310']);
  });
});
