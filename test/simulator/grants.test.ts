/**
 * Permissions: every operation's required permission is stated once, in the endpoint table (from
 * the spec where it names one, the library's choice with a reason where it does not), and no API
 * key can create (M3, B5) a key with a permission it does not hold itself: 700007, nothing created.
 * The simulator's enforcement of each row's permission is in auth.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  BROKER_PERMISSIONS,
  brokerCreateSubAccountApiKey,
  brokerListSubAccountApiKeys,
  brokerWithdraw,
  createSubAccountApiKey,
  endpointTable,
  listSubAccountApiKeys,
  type BrokerPermission,
  type Client,
} from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, rawCall, run, startSim } from './helpers.js';

/**
 * The permissions the spec names (sections 4 and 5; the spec's broker words read as the
 * identifiers), and those the service's documentation names for the account reads.
 */
const NAMED_BY_SPEC: Readonly<Record<string, BrokerPermission>> = {
  M1: 'SPOT_ACCOUNT_READ',
  M2: 'SPOT_ACCOUNT_READ',
  M3: 'SPOT_ACCOUNT_READ',
  M4: 'SPOT_ACCOUNT_READ',
  M5: 'SPOT_ACCOUNT_READ',
  M6: 'SPOT_TRANSFER_WRITE',
  M7: 'SPOT_TRANSFER_READ',
  M8: 'SPOT_TRANSFER_READ',
  B1: 'SPOT_TRANSFER_READ',
  B8: 'SPOT_DEPOSIT_WRITE',
  B9: 'SPOT_DEPOSIT_READ',
  B12: 'SPOT_TRANSFER_READ',
  B13: 'SPOT_TRANSFER_READ',
  L1: 'SPOT_ACCOUNT_READ',
  L2: 'SPOT_ACCOUNT_READ',
  A1: 'SPOT_ACCOUNT_READ',
  A2: 'SPOT_DEAL_READ',
};

describe('the endpoint table', () => {
  it.each(endpointTable.map((row) => [row.id, row] as const))('%s states its permission, and where it comes from', (id, row) => {
    expect(BROKER_PERMISSIONS).toContain(row.permission);
    const named = NAMED_BY_SPEC[id];
    if (named === undefined) {
      expect(row.permissionChoice).toEqual(expect.stringMatching(/^.{20,}$/)); // a reason, in words
    } else {
      expect([row.permission, row.permissionChoice]).toEqual([named, undefined]);
    }
  });
});

let sim: Simulator;
let broker: Client;

beforeEach(async () => {
  sim = await startSim();
  broker = clientOf(sim, sim.broker);
  sim.admin.createSubAccount(sim.broker.name, 'client0001');
  sim.admin.createSubAccount(sim.master.name, 'strategy01');
  sim.admin.fund('client0001', 'USDT', '100');
});
afterEach(() => sim.close());

const keysOf = async (subAccount: string): Promise<number> => (await run(brokerListSubAccountApiKeys(broker, { subAccount }))).length;

describe('B5: a broker key grants only what it holds', () => {
  it('a key holding only SPOT_ACCOUNT_READ cannot mint a withdrawing key (700007), and nothing is created', async () => {
    const weak = clientOf(sim, sim.admin.createApiKey(sim.broker.name, { permissions: ['SPOT_ACCOUNT_READ'] }));
    const mint = brokerCreateSubAccountApiKey(weak, { subAccount: 'client0001', permissions: ['SPOT_TRANSFER_READ', 'SPOT_WITHDRAW_WRITE'], note: 'escalate' });
    const error = await apiError(mint);
    expect([error.code, error.status]).toEqual([SIM_CODES.noPermission, 403]);
    expect(error.message).toMatch(/SPOT_TRANSFER_READ,SPOT_WITHDRAW_WRITE/);
    expect(await keysOf('client0001')).toBe(0);
    expect(sim.admin.balance('client0001', 'USDT')).toBe('100');
    expect(sim.admin.withdrawals()).toEqual([]);
  });

  it('one permission it lacks among several it holds is enough to refuse', async () => {
    const partial = clientOf(sim, sim.admin.createApiKey(sim.broker.name, { permissions: ['SPOT_ACCOUNT_READ', 'SPOT_DEPOSIT_READ'] }));
    const mint = brokerCreateSubAccountApiKey(partial, { subAccount: 'client0001', permissions: ['SPOT_DEPOSIT_READ', 'SPOT_DEPOSIT_WRITE'], note: 'n' });
    expect((await apiError(mint)).code).toBe(SIM_CODES.noPermission);
    const held = await run(brokerCreateSubAccountApiKey(partial, { subAccount: 'client0001', permissions: ['SPOT_DEPOSIT_READ'], note: 'n' }));
    expect(held.permissions).toEqual(['SPOT_DEPOSIT_READ']);
    expect(await keysOf('client0001')).toBe(1);
  });

  it('a key holding what it grants mints a key that works, and that key can grant nothing', async () => {
    const minted = await run(brokerCreateSubAccountApiKey(broker, { subAccount: 'client0001', permissions: ['SPOT_TRANSFER_READ'], note: 'payout' }));
    const sub = clientOf(sim, { apiKey: minted.apiKey, secretKey: minted.secretKey ?? '' });
    await expect(run(brokerWithdraw(sub, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '1' }))).resolves.toHaveProperty('id');
    expect((await apiError(brokerCreateSubAccountApiKey(sub, { subAccount: 'client0001', permissions: ['SPOT_TRANSFER_READ'], note: 'n' }))).code).toBe(
      SIM_CODES.noAuthority,
    );
  });

  it('a refused request sent twice is refused twice; null, a number or an unknown name grant nothing', async () => {
    const weakKeys = sim.admin.createApiKey(sim.broker.name, { permissions: ['SPOT_ACCOUNT_READ'] });
    const path = '/api/v3/broker/sub-account/apiKey';
    const body = (permissions: unknown): Readonly<Record<string, string>> => ({ subAccount: 'client0001', note: 'n', permissions }) as unknown as Record<string, string>;
    for (let i = 0; i < 2; i++) {
      // The manual clock stands still: the same signed request, byte for byte.
      const replay = await rawCall(sim, weakKeys, { method: 'POST', path, body: body('SPOT_WITHDRAW_WRITE') });
      expect(replay.body).toMatchObject({ code: SIM_CODES.noPermission });
    }
    expect((await rawCall(sim, weakKeys, { method: 'POST', path, body: body(null) })).body).toMatchObject({ code: SIM_CODES.parameterInvalid });
    expect((await rawCall(sim, weakKeys, { method: 'POST', path, body: body(7) })).body).toMatchObject({ code: SIM_CODES.permissionUnknown });
    const lowercase = await rawCall(sim, weakKeys, { method: 'POST', path, body: body('spot_withdraw_write') });
    expect(lowercase.body).toMatchObject({ code: SIM_CODES.permissionUnknown });
    expect(await keysOf('client0001')).toBe(0);
  });
});

describe('M3: a master key grants only what it holds', () => {
  it('a key holding only SPOT_ACCOUNT_READ cannot create a transferring key (700007), and nothing is created', async () => {
    const weak = clientOf(sim, sim.admin.createApiKey(sim.master.name, { permissions: ['SPOT_ACCOUNT_READ'] }));
    const mint = createSubAccountApiKey(weak, { subAccount: 'strategy01', note: 'n', permissions: ['SPOT_ACCOUNT_READ', 'SPOT_TRANSFER_WRITE'] });
    expect((await apiError(mint)).code).toBe(SIM_CODES.noPermission);
    expect(await run(listSubAccountApiKeys(clientOf(sim, sim.master), { subAccount: 'strategy01' }))).toEqual([]);
    await expect(run(createSubAccountApiKey(weak, { subAccount: 'strategy01', note: 'n', permissions: ['SPOT_ACCOUNT_READ'] }))).resolves.toMatchObject({
      permissions: ['SPOT_ACCOUNT_READ'],
    });
  });

  it('the grant check never reaches another master’s sub-account (140001 first)', async () => {
    const other = clientOf(sim, sim.admin.createAccount('master', 'othermaster'));
    const error = await apiError(createSubAccountApiKey(other, { subAccount: 'strategy01', note: 'n', permissions: ['SPOT_ACCOUNT_READ'] }));
    expect(error.code).toBe(SIM_CODES.subAccountMissing);
  });
});
