import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  ApiError,
  brokerUniversalTransfer,
  listSubAccounts,
  listUniversalTransfers,
  UnknownOutcomeError,
  type Client,
} from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { M6 } from '../../src/endpoints/master.js';
import { clientOf, failure, run, startSim, tranIdOf } from './helpers.js';

let sim: Simulator;
let master: Client;

beforeEach(async () => {
  sim = await startSim();
  sim.admin.createSubAccount('simmaster', 'strategy01');
  master = clientOf(sim, sim.master);
});
afterEach(() => sim.close());

// The M6 row itself: these tests show what the simulator's faults do to one request. What the
// public universalTransfer makes of them is in safe-transfer.test.ts.
const transfer = (n: number) =>
  master.call(M6, { clientTranId: tranIdOf(n), fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount: '10' });

const history = (n: number) =>
  run(listUniversalTransfers(master, { clientTranId: tranIdOf(n), fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01' }));

describe('fault injection', () => {
  it('drop-after-commit: the transfer is made, the answer never comes, the client reports an unknown outcome', async () => {
    sim.faults.next('M6', 'drop-after-commit');
    const error = await failure(transfer(1));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).clientTranId).toBe(tranIdOf(1));
    expect(((error as UnknownOutcomeError).cause as Error).name).toBe('NetworkError');
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('10');
    expect((await history(1)).items.map((t) => t.clientTranId)).toEqual([tranIdOf(1)]);
    expect(sim.faults.pending('M6')).toEqual([]);
    // The next one is answered normally.
    await expect(run(transfer(2))).resolves.toHaveProperty('tranId');
  });

  it('status-500-after-commit: the transfer is made and the answer is a 500', async () => {
    sim.faults.next('M6', 'status-500-after-commit');
    const error = await failure(transfer(1));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const cause = (error as UnknownOutcomeError).cause;
    expect(cause).toBeInstanceOf(ApiError);
    expect((cause as ApiError).status).toBe(500);
    expect((await history(1)).items).toHaveLength(1);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('10');
  });

  it('drop and status-500 before commit change nothing', async () => {
    sim.faults.next('M6', 'drop');
    sim.faults.next('M6', 'status-500');
    expect(await failure(transfer(1))).toBeInstanceOf(UnknownOutcomeError);
    expect(await failure(transfer(2))).toBeInstanceOf(UnknownOutcomeError);
    expect(sim.admin.transfers()).toEqual([]);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('0');
  });

  it('an after-commit fault waits for an operation that commits', async () => {
    sim.faults.next('M6', 'drop-after-commit');
    const tooMuch = master.call(M6, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount: '1000000' });
    expect(await failure(tooMuch)).toBeInstanceOf(ApiError);
    expect(sim.faults.pending('M6')).toEqual(['drop-after-commit']);
  });

  it('faults are per operation: B13 and reads are untouched by an M6 fault; a read recovers by retrying', async () => {
    sim.faults.next('M6', 'drop-after-commit');
    sim.admin.createSubAccount('simbroker', 'client0001');
    const broker = clientOf(sim, sim.broker);
    await expect(
      run(brokerUniversalTransfer(broker, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'client0001', asset: 'USDT', amount: '1' })),
    ).resolves.toHaveProperty('tranId');
    sim.faults.next('M2', 'status-500');
    const retrying = clientOf(sim, sim.master, { retry: { limit: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await expect(run(listSubAccounts(retrying, {}))).resolves.toMatchObject({ items: [expect.objectContaining({ subAccount: 'strategy01' })] });
  });
});
