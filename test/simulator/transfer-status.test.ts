/**
 * A lost transfer found in the history as not carried out: `FAILED` (nothing moved) is a
 * TransferNotCompletedError and is not sent again; `WAIT` (in progress) is read again while lookups
 * are left, settled when it ends in `SUCCESS`, and a TransferNotCompletedError when it is still in
 * progress at the end. In-process and under a journal (FAILED recorded as refused, so the key is
 * sent again later; WAIT left pending).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { map } from 'rxjs';
import { TransferNotCompletedError, universalTransfer, type Client, type Page, type UniversalTransferRecord } from '../../src/index.js';
import { memoryTransferJournal, pendingTransfers, transferOnce } from '../../src/journal/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { bench, entryOf, fast, payout } from '../journal/helpers.js';
import { failure, run, tranIdOf } from './helpers.js';

let sim: Simulator;
let master: Client;
beforeEach(async () => ({ sim, master } = await bench()));
afterEach(() => sim.close());

const toStrategy = { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount: '10' } as const;

/**
 * A client whose history reads (M7) show the transfer asked about with the statuses given, one a
 * read (the last repeated), whatever the simulator holds; `reads` counts them.
 */
function historySaying(statuses: readonly string[]): { readonly client: Client; readonly reads: () => number } {
  let reads = 0;
  const client: Client = {
    ...master,
    call: (row, params, options) => {
      if (row.id !== 'M7') return master.call(row, params, options);
      const status = statuses[Math.min(reads++, statuses.length - 1)] ?? 'SUCCESS';
      const asked = (params as { clientTranId?: string }).clientTranId;
      const record: UniversalTransferRecord = {
        tranId: '9001', fromAccount: 'simmaster', toAccount: 'strategy01', clientTranId: asked, asset: 'USDT', amount: '10',
        fromAccountType: 'SPOT', toAccountType: 'SPOT', fromSymbol: undefined, toSymbol: undefined, status, timestamp: sim.clock.now(),
      };
      return master.call(row, params, options).pipe(map((page) => ({ ...(page as Page<UniversalTransferRecord>), items: [record] }))) as never;
    },
  };
  return { client, reads: () => reads };
}

describe('universalTransfer, a lost answer found as not carried out', () => {
  it('FAILED: a TransferNotCompletedError, and the transfer is not sent again', async () => {
    sim.faults.next('M6', 'status-500');
    const history = historySaying(['FAILED']);
    const error = await failure(universalTransfer(history.client, { ...toStrategy, clientTranId: tranIdOf(1) }, fast));
    expect(error).toBeInstanceOf(TransferNotCompletedError);
    expect(error).toMatchObject({ status: 'FAILED', clientTranId: tranIdOf(1), tranId: '9001', operation: 'M6' });
    expect([history.reads(), sim.admin.transfers()]).toEqual([1, []]);
  });

  it('WAIT, then SUCCESS: read again, and settled from the history', async () => {
    sim.faults.next('M6', 'status-500');
    const history = historySaying(['WAIT', 'WAIT', 'SUCCESS']);
    const result = await run(universalTransfer(history.client, { ...toStrategy, clientTranId: tranIdOf(2) }, { ...fast, lookups: 3 }));
    expect(result).toMatchObject({ confirmedBy: 'history', tranId: '9001' });
    expect([history.reads(), sim.admin.transfers()]).toEqual([3, []]);
  });

  it('still WAIT when the lookups end: a TransferNotCompletedError, nothing sent again', async () => {
    sim.faults.next('M6', 'status-500');
    const history = historySaying(['WAIT']);
    const error = await failure(universalTransfer(history.client, { ...toStrategy, clientTranId: tranIdOf(3) }, { ...fast, lookups: 2 }));
    expect(error).toMatchObject({ name: 'TransferNotCompletedError', status: 'WAIT' });
    expect([history.reads(), sim.admin.transfers()]).toEqual([2, []]);
  });

  it('a status this library does not know is a transfer that exists: settled, never sent again', async () => {
    sim.faults.next('M6', 'status-500');
    const history = historySaying(['PROCESSED']);
    expect(await run(universalTransfer(history.client, toStrategy, fast))).toMatchObject({ confirmedBy: 'history' });
    expect(sim.admin.transfers()).toEqual([]);
  });
});

describe('transferOnce, a lost answer found as not carried out', () => {
  it('FAILED: recorded as refused, and the key is sent again by a later call, with its id', async () => {
    const journal = memoryTransferJournal();
    sim.faults.next('M6', 'status-500');
    const error = await failure(transferOnce(historySaying(['FAILED']).client, payout('payout-1'), { journal, ...fast }));
    expect(error).toMatchObject({ name: 'TransferNotCompletedError', status: 'FAILED' });
    expect(await entryOf(journal, 'payout-1')).toMatchObject({ state: 'refused', refusal: expect.stringMatching(/^TransferNotCompletedError: /) as unknown });
    const later = await run(transferOnce(master, payout('payout-1'), { journal, ...fast }));
    expect(later).toMatchObject({ confirmedBy: 'response', sends: 2, clientTranId: (error as TransferNotCompletedError).clientTranId });
    expect(sim.admin.transfers()).toHaveLength(1);
  });

  it('WAIT: left pending, and settled once the history says SUCCESS', async () => {
    const journal = memoryTransferJournal();
    sim.faults.next('M6', 'status-500');
    expect(await failure(transferOnce(historySaying(['WAIT']).client, payout('payout-2'), { journal, ...fast }))).toMatchObject({ status: 'WAIT' });
    expect((await run(pendingTransfers(journal))).map((p) => p.key)).toEqual(['payout-2']);
    const later = await run(transferOnce(historySaying(['SUCCESS']).client, payout('payout-2'), { journal, ...fast }));
    expect(later).toMatchObject({ confirmedBy: 'history', tranId: '9001', sends: 1 });
    expect(sim.admin.transfers()).toEqual([]);
  });
});
