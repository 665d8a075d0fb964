/**
 * A journal held in memory: for tests, and for a process that only wants the same key never sent
 * twice while it runs (it does not survive the process: use the file journal for that).
 *
 * @module
 */
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';

/**
 * A journal in memory, with compare-and-set on each key's version like every journal.
 *
 * @example
 * ```ts
 * import { createClient, memoryTransferJournal, transferOnce } from 'mexc-rx';
 *
 * const journal = memoryTransferJournal();
 * transferOnce(client, { key: 'payout-0042', toAccount: 'client0042', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '25' }, { journal })
 *   .subscribe(({ tranId }) => console.log('paid', tranId));
 * ```
 */
export function memoryTransferJournal(): TransferJournal {
  const held = new Map<string, JournalRead>();
  return {
    read: (key) => Promise.resolve(held.get(key)),
    write(entry: JournalEntry, version: number) {
      const current = held.get(entry.key)?.version ?? 0;
      if (current !== version) return Promise.resolve(undefined);
      held.set(entry.key, { entry, version: version + 1 });
      return Promise.resolve(version + 1);
    },
    entries: () => Promise.resolve([...held.values()]),
  };
}
