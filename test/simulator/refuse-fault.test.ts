import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createListenKey, listSubAccounts, type Client } from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, run, startSim } from './helpers.js';

let sim: Simulator;
let client: Client;
beforeEach(async () => {
  sim = await startSim();
  client = clientOf(sim, sim.master, { retry: { limit: 2 } });
});
afterEach(() => sim.close());

describe("the 'refuse' fault", () => {
  it('answers the listen-key error for L1-L4 and 700004 for the others, once, without running the operation and without a retry', async () => {
    sim.faults.next('L1', 'refuse');
    sim.faults.next('M2', 'refuse');
    const keyError = await apiError(createListenKey(client));
    expect([keyError.code, keyError.status]).toEqual([Number(SIM_CODES.listenKeyInvalid), 400]);
    expect(sim.admin.listenKeys('simmaster')).toEqual([]);
    expect((await apiError(listSubAccounts(client))).code).toBe(SIM_CODES.parameterInvalid);
    expect(sim.faults.pending('L1')).toEqual([]);
    expect(sim.faults.pending('M2')).toEqual([]);
    await expect(run(createListenKey(client))).resolves.toHaveProperty('listenKey');
  });
});
