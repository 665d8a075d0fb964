/**
 * Helpers of the journal tests: a simulator with a master and a broker, each with a sub-account to
 * pay, clients of both, and the intents the tests carry out.
 */
import type { Client } from '../../src/index.js';
import type { TransferJournal } from '../../src/journal/index.js';
import { memoryTransferJournal } from '../../src/journal/index.js';
import type { JournalEntry } from '../../src/journal/types.js';
import type { Simulator } from '../../src/simulator/index.js';
import { clientOf, startSim } from '../simulator/helpers.js';

/** A simulator, its master's and broker's clients, and a journal in memory. */
export interface Bench {
  readonly sim: Simulator;
  readonly master: Client;
  readonly broker: Client;
  readonly journal: TransferJournal;
}

/** A fresh bench: sub-accounts `strategy01` (master's) and `client0001` (broker's). */
export async function bench(): Promise<Bench> {
  const sim = await startSim();
  sim.admin.createSubAccount('simmaster', 'strategy01');
  sim.admin.createSubAccount('simbroker', 'client0001');
  return { sim, master: clientOf(sim, sim.master), broker: clientOf(sim, sim.broker), journal: memoryTransferJournal() };
}

/** History lookups without a wait worth a test's time: the clock stands still, so a receive window of 1 ms is the wait for it to close. */
export const fast = { lookupDelayMs: 1, recvWindow: 1 } as const;

/** A payout of `amount` USDT to strategy01 under `key`. */
export const payout = (key: string, amount = '10') =>
  ({ key, fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount }) as const;

/** The journal's latest entry of `key` (fails the test when there is none). */
export async function entryOf(journal: TransferJournal, key: string): Promise<JournalEntry> {
  const read = await journal.read(key);
  if (read === undefined) throw new Error(`no journal entry for ${key}`);
  return read.entry;
}
