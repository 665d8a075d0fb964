/**
 * The write-ahead record of one intent's sends: each send is journaled, compare-and-set on the
 * version last written, with the timestamp its request carries and its receive window, after the
 * request budget let it through and before it is signed (a call's `beforeSend`). So the journal's
 * `sentAt` is the request's own, and a key another writer changed meanwhile is sent by nobody else.
 *
 * @module
 */
import { JournalContendedError } from './errors.js';
import type { JournalEntry, JournalRead, TransferJournal } from './types.js';

/** The sends of one intent as they are journaled. */
export interface WriteAhead {
  /** Journals the next send, stamped `timestamp`; rejects with {@link JournalContendedError} when another writer changed the key. */
  readonly record: (timestamp: number) => Promise<void>;
  /** The entry last written with its version, or `undefined` while no send has been journaled. */
  readonly written: () => JournalRead | undefined;
}

/**
 * The write-ahead record of `base` (the entry read, or a new one at version 0), each send signed with
 * `recvWindow`.
 *
 * @example
 * ```ts
 * const ahead = writeAhead(journal, { entry, version }, 5000);
 * client.call(M6, params, { beforeSend: ahead.record });
 * ```
 */
export function writeAhead(journal: TransferJournal, base: JournalRead, recvWindow: number): WriteAhead {
  let { entry, version } = base;
  let written = false;
  return {
    record: async (timestamp) => {
      const { key, operation, params, sends } = entry;
      const next: JournalEntry = { key, operation, params, state: 'sending', sends: sends + 1, sentAt: timestamp, recvWindow };
      const at = await journal.write(next, version);
      if (at === undefined) throw new JournalContendedError({ operation: entry.operation, key: entry.key });
      entry = next;
      version = at;
      written = true;
    },
    written: () => (written ? { entry, version } : undefined),
  };
}
