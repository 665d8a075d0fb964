/**
 * The JetStream journal's values: one JSON object per key (`{"format":"mexc-rx/journal@1",
 * "version":n,"firstRevision":r,"entry":{...}}`), read back strictly. `version` is the journal's
 * (how many times the key was written); `firstRevision` is the revision of the key's first write
 * (left out in that write, whose own revision it is), which orders `entries()` by first write.
 *
 * @module
 */
import type { JournalEntry } from '../../journal/types.js';
import { entryProblem, isCount, optional } from '../../journal/entry-rules.js';

/** The format tag every value carries. */
export const VALUE_FORMAT = 'mexc-rx/journal@1';

/** A value read back. */
export interface JournalValue {
  readonly version: number;
  readonly firstRevision: number | undefined;
  readonly entry: JournalEntry;
}

/**
 * The bytes stored for `value`.
 *
 * @example
 * ```ts
 * encodeJournalValue({ version: 1, firstRevision: undefined, entry });
 * ```
 */
export function encodeJournalValue(value: JournalValue): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ format: VALUE_FORMAT, version: value.version, firstRevision: value.firstRevision, entry: value.entry }));
}

/**
 * Reads a stored value of `key`: the value, or what is wrong with it (text) when it is not one.
 *
 * @example
 * ```ts
 * const value = parseJournalValue('payout-0042', message.data);
 * if (typeof value === 'string') throw new Error(value);
 * ```
 */
export function parseJournalValue(key: string, data: Uint8Array): JournalValue | string {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return data.length === 0 ? 'an empty value (the key was deleted or purged)' : 'not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a journal entry';
  const { format, version, firstRevision, entry } = value as Record<string, unknown>;
  if (format !== VALUE_FORMAT) return `not of the format ${VALUE_FORMAT}`;
  if (!isCount(version) || version < 1) return 'a bad version';
  if (!optional(firstRevision, (v) => isCount(v) && v >= 1)) return 'a bad first revision';
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return 'not a journal entry';
  const problem = entryProblem(entry as Record<string, unknown>);
  if (problem !== undefined) return `an entry with ${problem}`;
  if ((entry as JournalEntry).key !== key) return `the entry of another key (${JSON.stringify((entry as JournalEntry).key)})`;
  return { version, firstRevision: firstRevision as number | undefined, entry: entry as JournalEntry };
}
