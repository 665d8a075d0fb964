/**
 * JSON numbers in broker request bodies (docs/testing-with-the-simulator.md, "Numbers in JSON
 * bodies"): the simulator reads a number as the text written in the body, never through a float,
 * so an amount moves exactly as written or is refused with 700004, and nothing moves.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { rawCall, startSim } from './helpers.js';

const TRANSFER = '/api/v3/broker/sub-account/universalTransfer';

let sim: Simulator;

beforeEach(async () => {
  sim = await startSim();
  sim.admin.createSubAccount('simbroker', 'client0001');
});
afterEach(() => sim.close());

/** A B13 body moving `amount` (raw JSON text) of USDT from the broker to client0001. */
function transferBody(amount: string): string {
  return `{"fromAccountType":"SPOT","toAccountType":"SPOT","toAccount":"client0001","asset":"USDT","amount":${amount}}`;
}

describe('a JSON number where a decimal parameter is expected', () => {
  it('moves exactly the amount written, every digit of it (not 0.3)', async () => {
    const answer = await rawCall(sim, sim.broker, { method: 'POST', path: TRANSFER, bodyText: transferBody('0.30000000000000000001') });
    expect(answer.status).toBe(200);
    expect(sim.admin.balance('client0001', 'USDT')).toBe('0.30000000000000000001');
    expect(sim.admin.balance('simbroker', 'USDT')).toBe('99999.69999999999999999999');
    expect(sim.admin.transfers().map((t) => t.amount)).toEqual(['0.30000000000000000001']);
  });

  it('meets the same rule as the same text in a query string: an exponent or a zero is refused, and nothing moves', async () => {
    for (const amount of ['3e-1', '1E2', '0', '0.0', '-1', '1.0000000000000000000000000000001']) {
      const answer = await rawCall(sim, sim.broker, { method: 'POST', path: TRANSFER, bodyText: transferBody(amount) });
      expect([amount, answer.status, answer.body]).toEqual([
        amount,
        400,
        { code: SIM_CODES.parameterInvalid, msg: expect.stringMatching(/^Parameter 'amount' is invalid: positive decimal string/) },
      ]);
    }
    expect(sim.admin.balance('client0001', 'USDT')).toBe('0');
    expect(sim.admin.balance('simbroker', 'USDT')).toBe('100000');
    expect(sim.admin.transfers()).toEqual([]);
  });

  it('refuses a name given twice with different values, as in a query string', async () => {
    const body = transferBody('"1"').replace(/}$/, ',"amount":"2"}');
    const answer = await rawCall(sim, sim.broker, { method: 'POST', path: TRANSFER, bodyText: body });
    expect(answer.body).toEqual({ code: SIM_CODES.parameterInvalid, msg: "Parameter 'amount' was sent more than once" });
    expect(sim.admin.transfers()).toEqual([]);
  });
});
