/**
 * Transfers that never run twice, end to end: the simulator commits a transfer and then loses the
 * answer; the public transfer functions find it in the history instead of sending it again.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { map, tap } from 'rxjs';
import {
  ApiError,
  brokerUniversalTransfer,
  listUniversalTransfers,
  universalTransfer,
  UnknownOutcomeError,
  type Client,
  type FetchLike,
  type Page,
  type UniversalTransferRecord,
} from '../../src/index.js';
import { newClientTranId } from '../../src/operations/safe-transfer.js';
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

/** Lookups with no wait worth a test's time: the clock stands still, so a receive window of 1 ms is the wait for it to close. */
const fast = { lookupDelayMs: 1, recvWindow: 1 } as const;
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

/** A client of `sim` that records every call it makes (the row, the parameters, the options). */
function recording(client: Client): { readonly client: Client; readonly calls: { id: string; params: unknown; options: unknown }[] } {
  const calls: { id: string; params: unknown; options: unknown }[] = [];
  const wrapped: Client = {
    ...client,
    call: (row, params, options) => {
      calls.push({ id: row.id, params, options });
      return client.call(row, params, options);
    },
  };
  return { client: wrapped, calls };
}

describe('how a safe transfer settles an unknown outcome', () => {
  it('passes recvWindow and timeout to the transfer and to every lookup, and no option it was not given', async () => {
    sim.faults.next('M6', 'drop-after-commit');
    const given = recording(master);
    await run(universalTransfer(given.client, toStrategy, { ...fast, recvWindow: 7000, timeout: 9000 }));
    expect(given.calls.map((c) => c.id)).toEqual(['M6', 'M7']);
    for (const c of given.calls) expect(c.options).toStrictEqual({ recvWindow: 7000, timeout: 9000 });

    sim.faults.next('M6', 'drop-after-commit');
    const bare = recording(master);
    await run(universalTransfer(bare.client, toStrategy, { lookupDelayMs: 1 }));
    expect(bare.calls.map((c) => c.id)).toEqual(['M6', 'M7']);
    for (const c of bare.calls) expect(c.options).toStrictEqual({});
  });

  it('looks the transfer up by its clientTranId, its account types and accounts, from a minute before it was signed', async () => {
    const lookupFilter = async (params: Parameters<typeof universalTransfer>[1]): Promise<unknown> => {
      sim.faults.next('M6', 'drop-after-commit');
      const { client, calls } = recording(master);
      await run(universalTransfer(client, params, fast));
      return calls[1]?.params;
    };
    const common = { fromAccountType: 'SPOT', toAccountType: 'SPOT', startTime: sim.clock.now() - 60_000 };
    expect(await lookupFilter({ ...toStrategy, clientTranId: tranIdOf(3) })).toStrictEqual({ ...common, clientTranId: tranIdOf(3), toAccount: 'strategy01' });
    const fromStrategy = { fromAccountType: 'SPOT', toAccountType: 'SPOT', fromAccount: 'strategy01', asset: 'USDT', amount: '1', clientTranId: tranIdOf(4) } as const;
    expect(await lookupFilter(fromStrategy)).toStrictEqual({ ...common, clientTranId: tranIdOf(4), fromAccount: 'strategy01' });
  });

  it('looks up exactly `lookups` times before sending again when the history does not have it and the request can no longer be accepted', async () => {
    for (const lookups of [1, 2, 3]) {
      sim.faults.next('M6', 'status-500');
      const { client, calls } = recording(master);
      // The answer comes back two seconds later: its one-second receive window has closed before the first read.
      const late: Client = { ...client, call: (row, params, options) => client.call(row, params, options).pipe(tap({ error: () => sim.clock.advance(2000) })) };
      const result = await run(universalTransfer(late, toStrategy, { ...fast, recvWindow: 1000, lookups }));
      expect(result.confirmedBy).toBe('response');
      expect(calls.map((c) => c.id)).toEqual(['M6', ...Array<string>(lookups).fill('M7'), 'M6']);
    }
  });

  it('reads once more, once the receive window has closed, when the last read came while the request could still be accepted', async () => {
    for (const lookups of [1, 3]) {
      sim.faults.next('M6', 'status-500');
      const { client, calls } = recording(master);
      const result = await run(universalTransfer(client, toStrategy, { ...fast, lookups }));
      expect(result.confirmedBy).toBe('response');
      // The clock stands still: every read of `lookups` is made while the request could still be accepted.
      expect(calls.map((c) => c.id)).toEqual(['M6', ...Array<string>(lookups + 1).fill('M7'), 'M6']);
    }
  });

  it('a request held up on its way and accepted after the lookups asked for is found, not sent twice', async () => {
    // A gateway answers 503 at once, and the request goes on to the service later: after the third read.
    let held: (() => Promise<Response>) | undefined;
    let reads = 0;
    const gateway: FetchLike = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && held === undefined) {
        held = () => fetch(request);
        return new Response('<html>503 Service Unavailable</html>', { status: 503 });
      }
      const answer = await fetch(request);
      if (request.method === 'GET' && ++reads === 3) await held?.();
      return answer;
    };
    const client = clientOf(sim, sim.master, { fetch: gateway });
    const result = await run(universalTransfer(client, { ...toStrategy, clientTranId: tranIdOf(8) }, { ...fast, lookups: 3 }));
    expect(result).toMatchObject({ confirmedBy: 'history', clientTranId: tranIdOf(8) });
    expect([reads, sim.admin.transfers().map((t) => t.clientTranId)]).toEqual([4, [tranIdOf(8)]]);
    expect(sim.admin.balance('strategy01', 'USDT')).toBe('10');
  });

  it("never takes another transfer in the history for its own", async () => {
    const earlier = await run(universalTransfer(master, toStrategy));
    sim.faults.next('M6', 'status-500');
    const result = await run(universalTransfer(master, toStrategy, fast));
    expect(result.confirmedBy).toBe('response');
    expect(result.clientTranId).not.toBe(earlier.clientTranId);
    expect(sim.admin.transfers()).toHaveLength(2);
  });

  it('never takes a record with another clientTranId for its own, even when the history sends one', async () => {
    // A history that ignores the clientTranId filter: every page starts with someone else's transfer.
    const earlier = await run(universalTransfer(master, { ...toStrategy, clientTranId: tranIdOf(6) }));
    const foreign = (await run(listUniversalTransfers(master, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01' }))).items[0];
    expect(foreign?.tranId).toBe(earlier.tranId);
    const careless: Client = {
      ...master,
      call: (row, params, options) =>
        row.id === 'M7'
          ? (master.call(row, params, options).pipe(map((page) => ({ ...(page as Page<UniversalTransferRecord>), items: [foreign, ...(page as Page<UniversalTransferRecord>).items] }))) as never)
          : master.call(row, params, options),
    };
    sim.faults.next('M6', 'status-500');
    const result = await run(universalTransfer(careless, { ...toStrategy, clientTranId: tranIdOf(7) }, fast));
    expect(result).toMatchObject({ confirmedBy: 'response', clientTranId: tranIdOf(7) });
    expect(sim.admin.transfers().map((t) => t.clientTranId)).toEqual([tranIdOf(6), tranIdOf(7)]);
  });

  it('gives the original UnknownOutcomeError when the lookup itself fails', async () => {
    sim.faults.next('M6', 'drop-after-commit');
    sim.faults.next('M7', 'status-500', 5);
    const error = await failure(universalTransfer(master, { ...toStrategy, clientTranId: tranIdOf(5) }, fast));
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).clientTranId).toBe(tranIdOf(5));
  });

  it('does not look up nor send again after a definite refusal', async () => {
    const { client, calls } = recording(master);
    const error = await failure(universalTransfer(client, { ...toStrategy, amount: '1000000000' }, fast));
    expect(error).toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.id)).toEqual(['M6']);
  });
});

describe('newClientTranId', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('drops the random bytes from 248 up, so that every character is equally likely', () => {
    // First batch: the eight bytes 248-255 that do not divide evenly, then 0, 1, 2, ...
    jest.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      for (let i = 0; i < bytes.length; i++) bytes[i] = i < 8 ? 248 + i : i - 8;
      return array;
    });
    const id = newClientTranId();
    expect(id).toHaveLength(32);
    expect(id).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');
  });
});
