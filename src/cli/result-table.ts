/**
 * What `mexc-rx call --format table` prints: a result turned into a table. A list (an array, or
 * an object holding one list, like a page's `items` or `listenKeys`) becomes one row per entry,
 * with the object's other fields (`total`, `page`...) on a line below; any other object becomes
 * a field/value table.
 *
 * @module
 */
import { printable } from './printable.js';
import { textTable, type Alignment } from './text-table.js';

/** A field holding epoch milliseconds, shown as an ISO 8601 time. */
const TIME_FIELD = /(time|timestamp)$/i;
/** A cell that is a plain number (right-aligned). */
const NUMERIC = /^-?\d+(\.\d+)?$/;

function cellText(field: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' && TIME_FIELD.test(field) && Number.isSafeInteger(value) && value > 0) return new Date(value).toISOString();
  if (typeof value === 'string') return printable(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return printable(value.join(','));
  return printable(JSON.stringify(value));
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function aligned(head: readonly string[], rows: readonly (readonly string[])[]): Alignment[] {
  return head.map((_, i) => {
    const cells = rows.map((row) => row[i] ?? '').filter((cell) => cell !== '');
    return cells.length > 0 && cells.every((cell) => NUMERIC.test(cell)) ? 'right' : 'left';
  });
}

function listTable(entries: readonly unknown[]): string[] {
  if (entries.length === 0) return ['(no entries)'];
  if (!entries.every(isRecord)) {
    const rows = entries.map((entry) => [cellText('value', entry)]);
    return textTable(['value'], rows, aligned(['value'], rows));
  }
  const fields = [...new Set(entries.flatMap((entry) => Object.keys(entry)))];
  const rows = entries.map((entry) => fields.map((field) => cellText(field, entry[field])));
  const head = fields.map(printable);
  return textTable(head, rows, aligned(head, rows));
}

/**
 * The lines that show `result` as a table.
 *
 * @example
 * ```ts
 * resultTable({ items: [{ subAccount: 'strategy01', uid: '4937', isFreeze: false }], total: undefined });
 * // ['subAccount  uid   isFreeze', 'strategy01  4937  false']
 * ```
 */
export function resultTable(result: unknown): string[] {
  if (Array.isArray(result)) return listTable(result);
  if (!isRecord(result)) return [cellText('value', result)];
  const fields = Object.entries(result);
  const lists = fields.filter(([, value]) => Array.isArray(value));
  const [list] = lists;
  if (lists.length === 1 && list !== undefined) {
    const notes = fields
      .filter(([field, value]) => field !== list[0] && value !== undefined)
      .map(([field, value]) => `${field}: ${cellText(field, value)}`);
    return [...listTable(list[1] as readonly unknown[]), ...(notes.length > 0 ? ['', notes.join(', ')] : [])];
  }
  const rows = fields.filter(([, value]) => value !== undefined).map(([field, value]) => [printable(field), cellText(field, value)]);
  return textTable(['field', 'value'], rows);
}
