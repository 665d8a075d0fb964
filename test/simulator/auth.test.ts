import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { BROKER_PERMISSIONS, endpointTable, MASTER_PERMISSIONS } from '../../src/index.js';
import { type AnyEndpoint, type Audience } from '../../src/endpoints/endpoint.js';
import { SIM_CODES, type SimCredentials, type Simulator } from '../../src/simulator/index.js';
import { calls, BROKER_SUB, MASTER_SUB } from './calls.js';
import { apiError, clientOf, startSim, subAccountKeys, type Keys } from './helpers.js';

let sim: Simulator;
let brokerSubKeys: SimCredentials;

beforeAll(async () => {
  sim = await startSim();
  sim.admin.createSubAccount('simmaster', MASTER_SUB);
  brokerSubKeys = subAccountKeys(sim, 'simbroker', BROKER_SUB);
});
afterAll(() => sim.close());

/** The account each audience is for, and one it is not for. */
function callers(audience: Audience): { readonly right: Keys & { readonly name: string }; readonly wrong: Keys | undefined } {
  switch (audience) {
    case 'master':
      return { right: sim.master, wrong: sim.broker };
    case 'broker':
      return { right: sim.broker, wrong: sim.master };
    case 'broker-sub-account':
      return { right: brokerSubKeys, wrong: sim.broker };
    case 'any':
      return { right: sim.master, wrong: undefined };
  }
}

const rows = endpointTable.map((row) => [row.id, row] as const);

describe.each(rows)('%s is refused', (id, row: AnyEndpoint) => {
  const call = calls[id];

  it('with a bad signature (700002)', async () => {
    const { right } = callers(row.audience);
    const error = await apiError(call(clientOf(sim, { apiKey: right.apiKey, secretKey: 'not-the-secret' })));
    expect([error.code, error.status]).toEqual([SIM_CODES.signatureInvalid, 400]);
  });

  it('with a stale or early timestamp (700003)', async () => {
    const { right } = callers(row.audience);
    const stale = await apiError(call(clientOf(sim, right, { clock: () => sim.clock.now() - 5001 })));
    expect(stale.code).toBe(SIM_CODES.timestampOutsideWindow);
    const early = await apiError(call(clientOf(sim, right, { clock: () => sim.clock.now() + 1000 })));
    expect(early.code).toBe(SIM_CODES.timestampOutsideWindow);
    const wide = await apiError(call(clientOf(sim, right, { clock: () => sim.clock.now() - 20_000, recvWindow: 19_999 })));
    expect(wide.code).toBe(SIM_CODES.timestampOutsideWindow);
  });

  it('from an IP off the key’s whitelist (700006)', async () => {
    const { right } = callers(row.audience);
    const bound = sim.admin.createApiKey(right.name, { ip: ['10.9.9.9'] });
    expect((await apiError(call(clientOf(sim, bound)))).code).toBe(SIM_CODES.ipNotWhitelisted);
  });

  if (row.audience !== 'any') {
    it('for the wrong kind of account (401 no authority)', async () => {
      const { wrong } = callers(row.audience);
      const error = await apiError(call(clientOf(sim, wrong ?? sim.master)));
      expect([error.code, error.status]).toEqual([SIM_CODES.noAuthority, 401]);
    });
  }

  const permission = row.permission;
  if (permission !== undefined) {
    it(`without ${permission} (700007)`, async () => {
      const { right } = callers(row.audience);
      const all: readonly string[] = row.group === 'broker' ? BROKER_PERMISSIONS : MASTER_PERMISSIONS;
      const lacking = sim.admin.createApiKey(right.name, { permissions: all.filter((p) => p !== permission) });
      expect((await apiError(call(clientOf(sim, lacking)))).code).toBe(SIM_CODES.noPermission);
    });
  }
});

describe('API keys', () => {
  it('an unknown key is 10072', async () => {
    const error = await apiError(calls.M2(clientOf(sim, { apiKey: 'mx0vnosuchkey', secretKey: 'x' })));
    expect([error.code, error.status]).toEqual([SIM_CODES.invalidAccessKey, 401]);
  });

  it('a key of a frozen sub-account is refused with 140002', async () => {
    const keys = subAccountKeys(sim, 'simbroker', 'frozen0001');
    sim.admin.freeze('frozen0001');
    expect((await apiError(calls.L1(clientOf(sim, keys)))).code).toBe(SIM_CODES.subAccountForbidden);
    sim.admin.freeze('frozen0001', false);
    await expect(firstValueFrom(calls.L1(clientOf(sim, keys)))).resolves.toHaveProperty('listenKey');
  });
});
