/**
 * `mexc-rx/journal`: the transfer journal in a file, for Node (Deno and Bun run it too). Append-only
 * JSON lines, each written and fsynced before the request it records leaves; one writer at a time
 * (a lock file); a torn last line (a write cut off by a crash) recovered and reported; a corrupt
 * line refused with {@link JournalCorruptError}, never read as "not sent".
 *
 * @module
 */
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ValidationError } from '../../errors.js';
import type { JournalEntry, JournalRead, TransferJournal } from '../types.js';
import { journalLine, parseJournal } from './lines.js';
import { lockJournal } from './lock.js';

export { JournalCorruptError, JournalLockedError } from '../errors.js';
export type { JournalEntry, JournalRead, TransferJournal } from '../types.js';

/** What opening a journal file found and mended. */
export interface JournalRecovery {
  /** Bytes of a torn last line cut off (0: none). Its write never finished, so its request never left. */
  readonly tornBytes: number;
  /** The process whose lock was left behind (it died holding it) and taken over, if any. */
  readonly staleLockOf: number | undefined;
  /** Keys in the journal. */
  readonly keys: number;
}

/** A journal in a file. */
export interface FileTransferJournal extends TransferJournal {
  readonly path: string;
  /** What opening it found and mended. */
  readonly recovery: JournalRecovery;
  /** Releases the lock and closes the file (safe to call twice); a later write is refused. */
  close(): void;
}

function syncDirectory(path: string): void {
  const fd = openSync(dirname(path), 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function openFile(path: string): { fd: number; latest: Map<string, JournalRead>; tornBytes: number; size: number } {
  const existed = existsSync(path);
  const fd = openSync(path, 'a+');
  try {
    const parsed = parseJournal(path, existed ? readFileSync(path, 'utf8') : '');
    if (parsed.tornBytes > 0) {
      ftruncateSync(fd, parsed.goodBytes);
      fsyncSync(fd);
    }
    if (!existed) syncDirectory(path);
    return { fd, latest: parsed.latest, tornBytes: parsed.tornBytes, size: parsed.goodBytes };
  } catch (error: unknown) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Opens (or creates) the journal file at `path` and holds it for this process: a
 * {@link JournalLockedError} when another live process holds it, a {@link JournalCorruptError}
 * when a line is not a journal entry. A torn last line is cut off and reported in `recovery`.
 *
 * @example
 * ```ts
 * import { resumeTransfers, transferOnce } from 'mexc-rx';
 * import { fileTransferJournal } from 'mexc-rx/journal';
 *
 * const journal = fileTransferJournal('/var/lib/payouts/2026-12-06.journal');
 * if (journal.recovery.tornBytes > 0) console.warn('cut off a torn last line');
 * transferOnce(client, { key: 'payout-2026-12-06-client0042', toAccount: 'client0042',
 *   fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '250' }, { journal })
 *   .subscribe({ next: (paid) => console.log(paid.tranId), complete: () => journal.close() });
 * ```
 */
export function fileTransferJournal(path: string): FileTransferJournal {
  if (typeof path !== 'string' || path === '') {
    throw new ValidationError({ operation: 'config', issues: [{ field: 'path', rule: 'the journal file path' }] });
  }
  const lock = lockJournal(path);
  let opened: ReturnType<typeof openFile>;
  try {
    opened = openFile(path);
  } catch (error: unknown) {
    lock.release();
    throw error;
  }
  const { fd, latest } = opened;
  let open = true;
  let size = opened.size;
  const closed = () => new ValidationError({ operation: 'config', issues: [{ field: 'journal', rule: `an open journal (${path} was closed)` }] });
  return {
    path,
    recovery: { tornBytes: opened.tornBytes, staleLockOf: lock.tookOverFrom, keys: latest.size },
    read: (key) => (open ? Promise.resolve(latest.get(key)) : Promise.reject(closed())),
    write(entry: JournalEntry, version: number) {
      if (!open) return Promise.reject(closed());
      if ((latest.get(entry.key)?.version ?? 0) !== version) return Promise.resolve(undefined);
      const read = { entry, version: version + 1 };
      const line = Buffer.from(journalLine(read), 'utf8');
      try {
        for (let done = 0; done < line.length; ) done += writeSync(fd, line, done);
        fsyncSync(fd);
      } catch (error: unknown) {
        // A write cut short (a full disk) is taken back, so the next line does not follow a torn one.
        ftruncateSync(fd, size);
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      size += line.length;
      latest.set(entry.key, read);
      return Promise.resolve(read.version);
    },
    entries: () => (open ? Promise.resolve([...latest.values()]) : Promise.reject(closed())),
    close() {
      if (!open) return;
      open = false;
      closeSync(fd);
      lock.release();
    },
  };
}
