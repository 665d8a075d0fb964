/**
 * The file journal's lines: one JSON object per write (`{"version":n,"entry":{...},"sum":"..."}`,
 * the sum a stable hash of the rest), read back strictly. A line that is not one of them is
 * corrupt and refuses the whole file: an entry missing could be taken for an intent never sent.
 * Only a last line without its line break is torn (its write never finished, so its request never
 * left) and is cut off.
 *
 * @module
 */
import { hash106Hex } from '../../internal/hash.js';
import { entryProblem, isCount, isText } from '../entry-rules.js';
import { JournalCorruptError } from '../errors.js';
import type { JournalEntry, JournalRead } from '../types.js';

/**
 * The line that records `read`, with its line break.
 *
 * @example
 * ```ts
 * journalLine({ entry, version: 1 }); // '{"version":1,"entry":{...},"sum":"3f0c..."}\n'
 * ```
 */
export function journalLine(read: JournalRead): string {
  const body = JSON.stringify({ version: read.version, entry: read.entry });
  return `${body.slice(0, -1)},"sum":"${hash106Hex(body)}"}\n`;
}

function parseLine(text: string): JournalRead | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'not a journal entry';
  const { version, entry, sum } = value as Record<string, unknown>;
  if (!isCount(version) || version < 1 || typeof entry !== 'object' || entry === null || !isText(sum)) return 'not a journal entry';
  if (hash106Hex(JSON.stringify({ version, entry })) !== sum) return 'its checksum does not match (the line was changed)';
  const problem = entryProblem(entry as Record<string, unknown>);
  return problem === undefined ? { version, entry: entry as JournalEntry } : `an entry with ${problem}`;
}

/** A journal file read back: each key's latest entry, and where a torn last line starts. */
export interface ParsedJournal {
  readonly latest: Map<string, JournalRead>;
  /** Bytes of a torn last line (0 when the file ends with a complete line). */
  readonly tornBytes: number;
  /** The length of the file's complete lines, bytes. */
  readonly goodBytes: number;
}

/**
 * Reads a journal file's text: every complete line must be an entry, each key's versions counting
 * up by one; a last line without its line break is torn. A {@link JournalCorruptError} otherwise.
 *
 * @example
 * ```ts
 * const { latest, tornBytes } = parseJournal('payouts.journal', readFileSync('payouts.journal', 'utf8'));
 * ```
 */
export function parseJournal(path: string, text: string): ParsedJournal {
  const end = text.lastIndexOf('\n') + 1;
  const latest = new Map<string, JournalRead>();
  const lines = text.slice(0, end).split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    const read = parseLine(line);
    if (typeof read === 'string') throw new JournalCorruptError({ path, line: index + 1, reason: read });
    const before = latest.get(read.entry.key)?.version ?? 0;
    if (read.version !== before + 1) {
      throw new JournalCorruptError({ path, line: index + 1, reason: `version ${read.version} of ${JSON.stringify(read.entry.key)} follows version ${before}` });
    }
    latest.set(read.entry.key, read);
  });
  return { latest, tornBytes: Buffer.byteLength(text.slice(end)), goodBytes: Buffer.byteLength(text.slice(0, end)) };
}

