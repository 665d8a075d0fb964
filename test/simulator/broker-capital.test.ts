import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  brokerCreateDepositAddress,
  brokerListAllDeposits,
  brokerListDepositAddresses,
  brokerListDeposits,
  brokerWithdraw,
  ValidationError,
  type Client,
} from '../../src/index.js';
import { SIM_CODES, type SimCredentials, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, failure, run, startSim, subAccountKeys, T0 } from './helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let sim: Simulator;
let subKeys: SimCredentials;
let sub: Client;

beforeEach(async () => {
  sim = await startSim();
  subKeys = subAccountKeys(sim, 'simbroker', 'client0001');
  sub = clientOf(sim, subKeys);
});
afterEach(() => sim.close());

describe('B8 brokerCreateDepositAddress and B9 brokerListDepositAddresses', () => {
  it('generates addresses for the signing sub-account and lists them by coin', async () => {
    const first = await run(brokerCreateDepositAddress(sub, { coin: 'USDT', network: 'TRC20' }));
    expect(first).toEqual({ address: expect.stringMatching(/^0x[0-9a-f]{40}$/), coin: 'USDT', network: 'TRC20', memo: undefined });
    const second = await run(brokerCreateDepositAddress(sub, { coin: 'USDT', network: 'ERC20' }));
    await run(brokerCreateDepositAddress(sub, { coin: 'BTC', network: 'BTC' }));
    expect(await run(brokerListDepositAddresses(sub, { coin: 'USDT' }))).toEqual([first, second]);
    // Another sub-account sees only its own.
    const other = clientOf(sim, subAccountKeys(sim, 'simbroker', 'client0002'));
    expect(await run(brokerListDepositAddresses(other, { coin: 'USDT' }))).toEqual([]);
  });

  it('needs the deposit permissions, and a broker sub-account’s own key', async () => {
    const readOnly = clientOf(sim, sim.admin.createApiKey('client0001', { permissions: ['SPOT_DEPOSIT_READ'] }));
    expect((await apiError(brokerCreateDepositAddress(readOnly, { coin: 'USDT', network: 'TRC20' }))).code).toBe(SIM_CODES.noPermission);
    await expect(run(brokerListDepositAddresses(readOnly, { coin: 'USDT' }))).resolves.toEqual([]);
    const writeOnly = clientOf(sim, sim.admin.createApiKey('client0001', { permissions: ['SPOT_DEPOSIT_WRITE'] }));
    expect((await apiError(brokerListDepositAddresses(writeOnly, { coin: 'USDT' }))).code).toBe(SIM_CODES.noPermission);
    const broker = clientOf(sim, sim.broker);
    expect((await apiError(brokerCreateDepositAddress(broker, { coin: 'USDT', network: 'TRC20' }))).code).toBe(SIM_CODES.noAuthority);
    const masterSub = clientOf(sim, subAccountKeys(sim, 'simmaster', 'mastersub1'));
    expect((await apiError(brokerListDepositAddresses(masterSub, { coin: 'USDT' }))).code).toBe(SIM_CODES.noAuthority);
  });
});

describe('B10 brokerListDeposits', () => {
  beforeEach(() => {
    sim.admin.createSubAccount('simbroker', 'client0002');
    sim.admin.addDeposit('client0001', { coin: 'USDT', network: 'TRC20', amount: '100', time: T0 - 1 * DAY, txId: 'tx-1d', addressTag: 'tag1' });
    sim.admin.addDeposit('client0001', { coin: 'USDT', network: 'TRC20', amount: '50', time: T0 - 9 * DAY, txId: 'tx-9d', status: 4 });
    sim.admin.addDeposit('client0001', { coin: 'BTC', network: 'BTC', amount: '0.25', time: T0 - 2 * DAY, txId: 'tx-btc' });
    sim.admin.addDeposit('client0001', { coin: 'USDT', network: 'TRC20', amount: '7', time: T0 - 11 * DAY, txId: 'tx-11d' });
    sim.admin.addDeposit('client0002', { coin: 'USDT', network: 'TRC20', amount: '1', time: T0 - HOUR, txId: 'tx-other' });
  });

  it('defaults to the last 10 days, newest first, in the record shape', async () => {
    const page = await run(brokerListDeposits(sub, {}));
    expect(page.items.map((d) => d.txId)).toEqual(['tx-1d', 'tx-btc', 'tx-9d']);
    expect(page.items[0]).toEqual({
      amount: '100',
      coin: 'USDT',
      network: 'TRC20',
      status: 5,
      statusName: 'SUCCESS',
      address: expect.any(String),
      addressTag: 'tag1',
      txId: 'tx-1d',
      unlockConfirm: 12,
      confirmTimes: '12/12',
    });
  });

  it('filters by start time, coin and status, and pages', async () => {
    expect((await run(brokerListDeposits(sub, { startTime: T0 - 12 * DAY }))).items.map((d) => d.txId)).toEqual(['tx-1d', 'tx-btc', 'tx-9d', 'tx-11d']);
    expect((await run(brokerListDeposits(sub, { startTime: T0 - 12 * DAY, endTime: T0 - 10 * DAY }))).items.map((d) => d.txId)).toEqual(['tx-11d']);
    expect((await run(brokerListDeposits(sub, { coin: 'BTC' }))).items.map((d) => d.txId)).toEqual(['tx-btc']);
    expect((await run(brokerListDeposits(sub, { status: 4 }))).items.map((d) => [d.txId, d.statusName])).toEqual([['tx-9d', 'PENDING']]);
    expect((await run(brokerListDeposits(sub, { limit: 2, page: 2 }))).items.map((d) => d.txId)).toEqual(['tx-9d']);
  });

  it('credits successful deposits to SPOT and leaves pending ones out', () => {
    expect(sim.admin.balance('client0001', 'USDT')).toBe('107');
    expect(sim.admin.balance('client0001', 'BTC')).toBe('0.25');
  });

  it('is for the broker sub-account’s own key', async () => {
    expect((await apiError(brokerListDeposits(clientOf(sim, sim.broker), {}))).code).toBe(SIM_CODES.noAuthority);
  });
});

describe('B11 brokerListAllDeposits', () => {
  it('lists all sub-accounts’ deposits from 00:00 UTC three days back, without addressTag', async () => {
    const windowStart = Date.UTC(2025, 2, 11);
    sim.admin.addDeposit('client0001', { coin: 'USDT', amount: '1', time: windowStart + HOUR, txId: 'inside', addressTag: 'tag' });
    sim.admin.addDeposit('client0001', { coin: 'USDT', amount: '2', time: windowStart, txId: 'edge' });
    sim.admin.addDeposit('client0001', { coin: 'USDT', amount: '3', time: windowStart - 1, txId: 'before' });
    subAccountKeys(sim, 'simbroker', 'client0002');
    sim.admin.addDeposit('client0002', { coin: 'BTC', amount: '0.1', time: T0 - HOUR, txId: 'other-sub' });
    sim.admin.createSubAccount('simmaster', 'mastersub1');
    sim.admin.addDeposit('mastersub1', { coin: 'USDT', amount: '4', time: T0 - HOUR, txId: 'not-a-broker-sub' });

    const broker = clientOf(sim, sim.broker);
    const all = await run(brokerListAllDeposits(broker, {}));
    expect(all.items.map((d) => d.txId)).toEqual(['other-sub', 'inside', 'edge']);
    expect(all.items.every((d) => d.addressTag === undefined)).toBe(true);
    // An earlier startTime does not widen the three-day window.
    expect((await run(brokerListAllDeposits(broker, { startTime: windowStart - DAY }))).items.map((d) => d.txId)).toEqual(['other-sub', 'inside', 'edge']);
    expect((await run(brokerListAllDeposits(broker, { coin: 'BTC' }))).items.map((d) => d.txId)).toEqual(['other-sub']);
    expect((await run(brokerListAllDeposits(broker, { limit: 1, page: 3 }))).items.map((d) => d.txId)).toEqual(['edge']);
    expect(await failure(brokerListAllDeposits(broker, { limit: 1001 }))).toBeInstanceOf(ValidationError);
    expect((await apiError(brokerListAllDeposits(sub, {}))).code).toBe(SIM_CODES.noAuthority);
  });
});

describe('B12 brokerWithdraw', () => {
  it('debits the signing sub-account’s SPOT balance', async () => {
    sim.admin.fund('client0001', 'USDT', '100');
    const receipt = await run(brokerWithdraw(sub, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '40.5', remark: 'payout' }));
    expect(receipt.id).toMatch(/^[0-9a-f]{32}$/);
    expect(sim.admin.balance('client0001', 'USDT')).toBe('59.5');
    expect(sim.admin.withdrawals()).toEqual([
      { id: receipt.id, ownerUid: subKeys.uid, coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '40.5', time: T0 },
    ]);
  });

  it('refuses an insufficient balance, a missing permission and a broker’s own key', async () => {
    sim.admin.fund('client0001', 'USDT', '10');
    expect((await apiError(brokerWithdraw(sub, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '10.01' }))).code).toBe(
      SIM_CODES.insufficientBalance,
    );
    expect(sim.admin.balance('client0001', 'USDT')).toBe('10');
    const noTransfer = clientOf(sim, sim.admin.createApiKey('client0001', { permissions: ['SPOT_DEPOSIT_READ'] }));
    expect((await apiError(brokerWithdraw(noTransfer, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '1' }))).code).toBe(
      SIM_CODES.noPermission,
    );
    expect((await apiError(brokerWithdraw(clientOf(sim, sim.broker), { coin: 'USDT', network: 'TRC20', address: 'T1', amount: '1' }))).code).toBe(
      SIM_CODES.noAuthority,
    );
    sim.admin.freeze('client0001');
    expect((await apiError(brokerWithdraw(sub, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '1' }))).code).toBe(
      SIM_CODES.subAccountForbidden,
    );
  });
});
