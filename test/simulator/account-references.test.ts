/**
 * Every account reference names exactly one account, whoever creates what names: a name of digits
 * only is refused (it would read as a uid), so no name can shadow a uid, and nothing one tenant
 * names redirects another tenant's call (M4, M5, M6, M8, B4, B6, B7, B14) or an admin lookup.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  brokerCreateSubAccount,
  brokerDeleteSubAccountApiKey,
  brokerEnableFutures,
  brokerGetSubAccountStatus,
  brokerListSubAccountApiKeys,
  createSubAccount,
  deleteSubAccountApiKey,
  getSubAccountAssets,
  listSubAccountApiKeys,
  universalTransfer,
  type Client,
} from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, run, startSim } from './helpers.js';

const spot = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

let sim: Simulator;
let victim: Client;
let victimBroker: Client;
let attacker: Client;
let attackerBroker: Client;
let subUid: string;
let brokerSubUid: string;

beforeEach(async () => {
  sim = await startSim();
  victim = clientOf(sim, sim.master);
  victimBroker = clientOf(sim, sim.broker);
  subUid = sim.admin.createSubAccount(sim.master.name, 'victimsub1').uid;
  brokerSubUid = sim.admin.createSubAccount(sim.broker.name, 'victimbsub1').uid;
  sim.admin.fund('victimsub1', 'USDT', '50');
  attacker = clientOf(sim, sim.admin.createAccount('master', 'attackermaster', { USDT: '1000' }));
  attackerBroker = clientOf(sim, sim.admin.createAccount('broker', 'attackerbroker', { USDT: '1000' }));
});
afterEach(() => sim.close());

/** The attacker tries to name sub-accounts after the victim's uids (the outcome is checked elsewhere). */
async function attackerNamesTheVictimsUids(): Promise<void> {
  for (const name of [subUid, brokerSubUid, sim.master.uid, sim.broker.uid]) {
    await run(createSubAccount(attacker, { subAccount: name, note: 'shadow' })).catch(() => undefined);
    await run(brokerCreateSubAccount(attackerBroker, { subAccount: name, note: 'shadow' })).catch(() => undefined);
  }
}

describe('a name cannot shadow a uid', () => {
  it('after another master names a sub-account with the victim’s uid, the victim’s calls by uid still reach its own account', async () => {
    await attackerNamesTheVictimsUids();
    const assets = await run(getSubAccountAssets(victim, { subAccount: subUid }));
    expect(assets.find((b) => b.asset === 'USDT')?.free).toBe('50');
    await run(universalTransfer(victim, { ...spot, toAccount: subUid, asset: 'USDT', amount: '5' }));
    expect(sim.admin.balance('victimsub1', 'USDT')).toBe('55');
    const key = sim.admin.createApiKey('victimsub1', { permissions: ['SPOT_ACCOUNT_READ'] });
    expect((await run(listSubAccountApiKeys(victim, { subAccount: subUid }))).map((k) => k.apiKey)).toContain(key.apiKey);
    await expect(run(deleteSubAccountApiKey(victim, { subAccount: subUid, apiKey: key.apiKey }))).resolves.toEqual({ subAccount: 'victimsub1' });
  });

  it('the broker’s calls by uid still reach its own sub-account (B4, B6, B7, B14)', async () => {
    await attackerNamesTheVictimsUids();
    await expect(run(brokerGetSubAccountStatus(victimBroker, { subAccount: brokerSubUid }))).resolves.toEqual({ status: 'normal' });
    const key = sim.admin.createApiKey('victimbsub1', { permissions: ['SPOT_DEPOSIT_READ'] });
    expect((await run(brokerListSubAccountApiKeys(victimBroker, { subAccount: brokerSubUid }))).map((k) => k.apiKey)).toContain(key.apiKey);
    await run(brokerDeleteSubAccountApiKey(victimBroker, { subAccount: brokerSubUid, apiKey: key.apiKey }));
    await run(brokerEnableFutures(victimBroker, { subAccount: brokerSubUid }));
    expect(sim.admin.accountOf('victimbsub1')?.futuresEnabled).toBe(true);
  });

  it('the admin lookup by uid returns the account with that uid', async () => {
    await attackerNamesTheVictimsUids();
    expect(sim.admin.accountOf(subUid)?.name).toBe('victimsub1');
    expect(sim.admin.accountOf(brokerSubUid)?.name).toBe('victimbsub1');
    expect(sim.admin.accountOf(sim.master.uid)?.name).toBe(sim.master.name);
    expect(sim.admin.balance(subUid, 'USDT')).toBe('50');
  });

  it('refuses a name of digits only (730601), by M1, B2 and the admin interface alike', async () => {
    for (const name of [subUid, '99999999', '00000000000000000000000000000001']) {
      expect((await apiError(createSubAccount(attacker, { subAccount: name, note: 'n' }))).code).toBe(SIM_CODES.nameInvalid);
      expect((await apiError(brokerCreateSubAccount(attackerBroker, { subAccount: name, note: 'n' }))).code).toBe(SIM_CODES.nameInvalid);
      expect(() => sim.admin.createSubAccount('attackermaster', name)).toThrow(/letter/);
    }
    expect(() => sim.admin.createAccount('master', '12345678')).toThrow(/letter/);
    await expect(run(createSubAccount(attacker, { subAccount: `a${subUid}`, note: 'letters and digits' }))).resolves.toMatchObject({ subAccount: `a${subUid}` });
    expect(sim.admin.accountOf(subUid)?.name).toBe('victimsub1');
  });
});

describe('another tenant’s references', () => {
  it('name nothing of the caller’s: 140001, and no money moves', async () => {
    for (const ref of [subUid, 'victimsub1', 'VICTIMSUB1']) {
      expect((await apiError(getSubAccountAssets(attacker, { subAccount: ref }))).code).toBe(SIM_CODES.subAccountMissing);
      const pull = universalTransfer(attacker, { ...spot, fromAccount: ref, asset: 'USDT', amount: '1' });
      expect((await apiError(pull)).code).toBe(SIM_CODES.subAccountMissing);
      expect((await apiError(brokerGetSubAccountStatus(attackerBroker, { subAccount: ref }))).code).toBe(SIM_CODES.subAccountMissing);
    }
    expect(sim.admin.balance('victimsub1', 'USDT')).toBe('50');
    expect(sim.admin.transfers()).toEqual([]);
  });

  it('a sub-account name is taken for everyone, in any case (730101)', async () => {
    expect((await apiError(createSubAccount(attacker, { subAccount: 'VictimSub1', note: 'n' }))).code).toBe(SIM_CODES.nameTaken);
    expect((await apiError(brokerCreateSubAccount(attackerBroker, { subAccount: 'victimBSUB1', note: 'n' }))).code).toBe(SIM_CODES.nameTaken);
  });
});
