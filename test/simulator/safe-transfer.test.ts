/**
 * Transfers that never run twice, end to end: the simulator commits a transfer and then loses the
 * answer; the public transfer functions find it in the history instead of sending it again.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { brokerUniversalTransfer, universalTransfer, UnknownOutcomeError, type Client } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { clientOf, failure, run, startSim, tranIdOf } from './helpers.js';

let sim: Simulator;
let master: Client;
let broker: Client;

beforeEach(async () => {
  sim = await startSim();
  sim.admin.createSubAccount('simmaster', 'strategy01');
  sim.admin.createSubAccount('simbroker', 'client0001');
  master = clientOf(sim, sim.master);
  broker = clientOf(sim, sim.broker);
});
afterEach(() => sim.close());

const fast = { lookupDelayMs: 1 } as const;
const toStrategy = { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount: '10' } as const;
const toClient = { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'client0001', asset: 'USDT', amount: '7' } as const;

describe('universalTransfer (M6) never runs twice', () => {
  it('answer dropped after commit: the transfer is found in the history, funds moved once', async () => {
    const before = sim.admin.balance('simmaster', 'USDT');
    sim.faults.next('M6', 'drop-after-commit');
    const result = await run(universalTransfer(master, { ...toStrategy, clientTranId: tranIdOf(1) }, fast));
    expect(result.confirmedBy).toBe('history');
    expect(result.clientTranId).toBe(tranIdOf(1));
    expect(result.record?.amount).toBe('10');
    expect(sim.admin.transfers().map((t) => t.clientTranId)).toEqual([tranIdOf(1)]);
    expect(result.tranId).toBe(sim.admin.transfers()[0]?.tranId);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('10');
    expect(Number(before) - Number(sim.admin.balance('simmaster', 'USDT'))).toBe(10);
  });

  it('a 500 after commit is settled the same way', async () => {
    sim.faults.next('M6', 'status-500-after-commit');
    const result = await run(universalTransfer(master, toStrategy, fast));
    expect(result.confirmedBy).toBe('history');
    expect(result.clientTranId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sim.admin.transfers()).toHaveLength(1);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('10');
  });

  it('failure before commit: the history proves absence, the transfer is sent once more and moves funds once', async () => {
    sim.faults.next('M6', 'status-500');
    const result = await run(universalTransfer(master, toStrategy, fast));
    expect(result.confirmedBy).toBe('response');
    expect(sim.admin.transfers()).toHaveLength(1);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('10');
  });

  it('gives up with UnknownOutcomeError when every send fails before commit, having moved nothing', async () => {
    sim.faults.next('M6', 'drop', 2);
    const error = await failure(universalTransfer(master, toStrategy, fast));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).clientTranId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sim.admin.transfers()).toEqual([]);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('0');
  });

  it('generates a distinct clientTranId per call when none is given', async () => {
    const first = await run(universalTransfer(master, toStrategy));
    const second = await run(universalTransfer(master, toStrategy));
    expect(first.clientTranId).not.toBe(second.clientTranId);
    expect(sim.admin.transfers().map((t) => t.clientTranId)).toEqual([first.clientTranId, second.clientTranId]);
  });
});

describe('brokerUniversalTransfer (B13) never runs twice', () => {
  it('answer dropped after commit: found in the broker history (B1), funds moved once', async () => {
    sim.faults.next('B13', 'drop-after-commit');
    const result = await run(brokerUniversalTransfer(broker, toClient, fast));
    expect(result.confirmedBy).toBe('history');
    expect(sim.admin.transfers()).toHaveLength(1);
    expect(sim.admin.balance('client0001', 'USDT')).toBe('7');
  });
});
